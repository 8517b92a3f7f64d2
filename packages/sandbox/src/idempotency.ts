import type { SandboxAnswer } from './answer.js';

/**
 * What the sandbox holds for one `Idempotency-Key` of one route: the request is still running, or it is done and
 * its answer is kept. `fingerprint` is the request body the key was first used with.
 */
export type IdempotencyRecord = { state: 'in_flight'; fingerprint: string } | { state: 'done'; fingerprint: string; response: SandboxAnswer };

/** The key is now held by this request: commit its answer (replayed to later requests) or release the key. */
export interface Reservation {
  kind: 'reserved';
  /** Keeps the answer: a retry with the same key and body gets it back. */
  commit(response: SandboxAnswer): void;
  /** Forgets the key: a retry runs the operation (nothing happened, or an injected failure). */
  release(): void;
}

/** What a request with a key finds: an answer to replay, a conflict, or the key reserved for it. */
export type IdempotencyClaim = { kind: 'replay'; response: SandboxAnswer } | { kind: 'conflict'; reason: 'reused' | 'in_use' } | Reservation;

/** The sandbox's `Idempotency-Key` records. */
export interface IdempotencyStore {
  /** Claims `key` (scoped to the route) for a request with this body. */
  reserve(route: string, key: string, fingerprint: string): IdempotencyClaim;
}

/** An empty store. */
export function createIdempotencyStore(): IdempotencyStore {
  const records = new Map<string, IdempotencyRecord>();
  return {
    reserve(route, key, fingerprint) {
      const scope = `${route}\n${key}`;
      const existing = records.get(scope);
      if (existing) {
        if (existing.fingerprint !== fingerprint) return { kind: 'conflict', reason: 'reused' };
        if (existing.state === 'in_flight') return { kind: 'conflict', reason: 'in_use' };
        return { kind: 'replay', response: existing.response };
      }
      const held: IdempotencyRecord = { state: 'in_flight', fingerprint };
      records.set(scope, held);
      // Only this request's own record is ever changed or removed.
      const ours = (): boolean => records.get(scope) === held;
      return {
        kind: 'reserved',
        commit: (response) => {
          if (ours()) records.set(scope, { state: 'done', fingerprint, response });
        },
        release: () => {
          if (ours()) records.delete(scope);
        },
      };
    },
  };
}
