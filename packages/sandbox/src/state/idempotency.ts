import type { SandboxAnswer } from '../http/answer.js';
import { internalById, type StateHolder } from './collection.js';

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

/** An answer kept for a key, in the state (so a data file keeps it across restarts): the key's scope is its id. */
export interface StoredIdempotencyAnswer {
  /** The route's name and the key, on two lines. */
  id: string;
  fingerprint: string;
  response: SandboxAnswer;
}

/**
 * The answers kept for `Idempotency-Key`s, by route and key: part of the state, so that on a data file a retry after a
 * restart gets the answer back (never a second charge). Written in the transaction of the request that made the
 * answer (the operation and the kept answer change the state in one synchronous step).
 */
export const idempotencyAnswers = internalById<StoredIdempotencyAnswer>()('idempotencyAnswers');

/**
 * The store over `holder`'s state: answers kept in {@link idempotencyAnswers}; a key whose request is still running
 * is held in memory only (a request cut by a restart never answered, and its changes were not committed either).
 */
export function createIdempotencyStore(holder: StateHolder): IdempotencyStore {
  const running = new Map<string, IdempotencyRecord>();
  const kept = idempotencyAnswers.of(holder);
  return {
    reserve(route, key, fingerprint) {
      const scope = `${route}\n${key}`;
      const existing: IdempotencyRecord | undefined = running.get(scope) ?? doneRecord(kept.peek(scope));
      if (existing) {
        if (existing.fingerprint !== fingerprint) return { kind: 'conflict', reason: 'reused' };
        if (existing.state === 'in_flight') return { kind: 'conflict', reason: 'in_use' };
        return { kind: 'replay', response: existing.response };
      }
      const held: IdempotencyRecord = { state: 'in_flight', fingerprint };
      running.set(scope, held);
      // Only this request's own record is ever changed or removed.
      const ours = (): boolean => running.get(scope) === held;
      return {
        kind: 'reserved',
        commit: (response) => {
          if (!ours()) return;
          running.delete(scope);
          kept.set(scope, { id: scope, fingerprint, response });
        },
        release: () => {
          if (ours()) running.delete(scope);
        },
      };
    },
  };
}

const doneRecord = (stored: StoredIdempotencyAnswer | undefined): IdempotencyRecord | undefined =>
  stored && { state: 'done', fingerprint: stored.fingerprint, response: stored.response };
