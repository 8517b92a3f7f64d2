import { describe, expect, it } from 'vitest';
import { emptyCollection } from '../state/collection.js';
import { createIdempotencyStore, forgetOlderCardData, idempotencyAnswers } from '../state/idempotency.js';
import { memoryOnlyAnswerRoutes } from './memory-only-answers.js';

const tokenAnswer = { status: 200, body: '{"token":"bst_secret"}', headers: {} };
const holderOf = () => ({ state: { [idempotencyAnswers.name]: emptyCollection(idempotencyAnswers) } });

describe('the routes whose Idempotency-Key answers stay in memory', () => {
  it('are the card routes and the two operations that answer a session token (docs/contracts.md, "Funnels")', () => {
    expect(memoryOnlyAnswerRoutes.has('vaultTokenizeCard')).toBe(true);
    expect(memoryOnlyAnswerRoutes.has('createFunnelPreviewSession')).toBe(true);
    expect(memoryOnlyAnswerRoutes.has('createBuilderSession')).toBe(true);
    expect(memoryOnlyAnswerRoutes.has('createFunnel')).toBe(false);
  });

  it('replay a token answer while the sandbox runs, and keep none in the state a data file keeps', () => {
    const holder = holderOf();
    const store = createIdempotencyStore(holder, memoryOnlyAnswerRoutes);
    const claim = store.reserve('createBuilderSession', 'k1', '{}');
    if (claim.kind !== 'reserved') throw new Error('expected k1 reserved');
    claim.commit(tokenAnswer);
    expect(store.reserve('createBuilderSession', 'k1', '{}')).toEqual({ kind: 'replay', response: tokenAnswer });
    expect(idempotencyAnswers.of(holder).size).toBe(0);
  });

  it('drop what an earlier sandbox wrote for a token answer, and keep another route’s', () => {
    const holder = holderOf();
    const kept = idempotencyAnswers.of(holder);
    const digest = '0'.repeat(64);
    for (const route of ['createFunnelPreviewSession', 'createBuilderSession', 'createFunnel']) {
      kept.set(`${route}\nk1`, { id: `${route}\nk1`, fingerprint: digest, response: tokenAnswer });
    }
    expect(forgetOlderCardData(holder, memoryOnlyAnswerRoutes)).toBe(true);
    expect([...kept.keys()]).toEqual(['createFunnel\nk1']);
  });
});
