import { describe, expect, it } from 'vitest';
import { emptyCollection } from './collection.js';
import { createIdempotencyStore, idempotencyAnswers } from './idempotency.js';

const answer = { status: 200, body: '{}', headers: {} };

describe('the Idempotency-Key records of the card routes', () => {
  it('keep only the newest answers in memory (a sandbox runs for days), and none in the state a data file keeps', () => {
    const holder = { state: { [idempotencyAnswers.name]: emptyCollection(idempotencyAnswers) } };
    const store = createIdempotencyStore(holder, new Set(['vaultTokenizeCard']), 2);
    for (const key of ['k1', 'k2', 'k3']) {
      const claim = store.reserve('vaultTokenizeCard', key, '{"card":1}');
      if (claim.kind !== 'reserved') throw new Error(`expected ${key} reserved`);
      claim.commit(answer);
    }
    expect(store.reserve('vaultTokenizeCard', 'k3', '{"card":1}')).toMatchObject({ kind: 'replay' });
    expect(store.reserve('vaultTokenizeCard', 'k2', '{"card":1}')).toMatchObject({ kind: 'replay' });
    // The oldest was forgotten: its key runs the operation again (a new token, no money moved).
    expect(store.reserve('vaultTokenizeCard', 'k1', '{"card":1}')).toMatchObject({ kind: 'reserved' });
    expect(idempotencyAnswers.of(holder).size).toBe(0);
  });
});
