import type { SandboxAnswer } from '../wire/answer.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { redactCardNumbers } from '../errors/http-error.js';
import { internalById, type StateHolder } from './collection.js';

/**
 * What the sandbox holds for one `Idempotency-Key` of one route: the request is still running, or it is done and
 * its answer is kept. `fingerprint` is the SHA-256 of the request body the key was first used with (never the body:
 * a vault request's body is a card number and its CVC).
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
  /**
   * Claims `key` (scoped to the route) for a request with this body (kept as its digest). On a memory-only route (the
   * store's `cardRoutes`: the vault's and BT's routes that take a card number, and the operations that answer a
   * bearer token, see `http/memory-only-answers.ts`) the record stays in memory: never in the state a data file keeps.
   */
  reserve(route: string, key: string, body: string): IdempotencyClaim;
}

/** An answer kept for a key, in the state (so a data file keeps it across restarts): the key's scope is its id. */
export interface StoredIdempotencyAnswer {
  /** The route's name and the key, on two lines. */
  id: string;
  /** The SHA-256 of the body, in hex. */
  fingerprint: string;
  response: SandboxAnswer;
}

/**
 * The answers kept for `Idempotency-Key`s, by route and key: part of the state, so that on a data file a retry after a
 * restart gets the answer back (never a second charge). Written in the transaction of the request that made the
 * answer (the operation and the kept answer change the state in one synchronous step).
 */
export const idempotencyAnswers = internalById<StoredIdempotencyAnswer>()('idempotencyAnswers');

const digestPattern = /^[0-9a-f]{64}$/;

/** How many answers of the card routes are kept in memory for their keys: past it, the oldest is forgotten. */
const MAX_CARD_ANSWERS = 10_000;

/**
 * A body's SHA-256 in hex: synchronous and plain JavaScript (@noble/hashes), as the request pipeline is synchronous by
 * design and runs in a browser too (msw's `setupWorker`), where neither node:crypto nor a synchronous Web Crypto
 * digest exists.
 */
const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

/**
 * The store over `holder`'s state: answers kept in {@link idempotencyAnswers}; a key whose request is still running
 * is held in memory only (a request cut by a restart never answered, and its changes were not committed either).
 *
 * The answers of the card routes are held in memory only: their body is a card number and CVC, and a digest of it
 * is no protection (a test card's body has few unknown digits: its SHA-256 is reversed by trying them), and their
 * answer carries the token's card fingerprint, a hash of the number. Losing them on a restart costs nothing: a
 * tokenization retried after it makes another token and moves no money. The same holds for the routes that answer a
 * bearer token (a funnel preview session's, a builder session's: docs/contracts.md, "Funnels"), passed in
 * `cardRoutes` too: their kept answer is the token, and a retry after a restart makes another session. What an
 * earlier sandbox kept is cleaned by {@link forgetOlderCardData} when a data file is opened.
 */
export function createIdempotencyStore(holder: StateHolder, cardRoutes: ReadonlySet<string>, cardAnswerLimit = MAX_CARD_ANSWERS): IdempotencyStore {
  const running = new Map<string, IdempotencyRecord>();
  const kept = idempotencyAnswers.of(holder);
  const keptInMemory = new Map<string, StoredIdempotencyAnswer>();
  return {
    reserve(route, key, body) {
      const cardData = cardRoutes.has(route);
      const scope = `${route}\n${key}`;
      const fingerprint = sha256Hex(body);
      const store = cardData ? keptInMemory : kept;
      // `peek`: looking a key up is not a change for the data file to compare.
      const existing: IdempotencyRecord | undefined = running.get(scope) ?? doneRecord(cardData ? keptInMemory.get(scope) : kept.peek(scope));
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
          // A sandbox left running for days keeps only the newest card answers (a Map iterates oldest first).
          if (cardData && keptInMemory.size >= cardAnswerLimit) keptInMemory.delete(keptInMemory.keys().next().value!);
          store.set(scope, { id: scope, fingerprint, response });
        },
        release: () => {
          if (ours()) running.delete(scope);
        },
      };
    },
  };
}

/**
 * Cleans what an earlier sandbox kept for its keys in `holder`'s state (a data file it wrote): a raw request body as
 * the fingerprint becomes its digest, the answers of `cardRoutes` (the memory-only routes) are dropped, and a
 * card-number-like run in another route's kept answer is masked to its last four (see {@link maskedBody}). True when
 * anything changed: the caller then writes it and scrubs the file (see `SandboxStorage.scrub`).
 */
export function forgetOlderCardData(holder: StateHolder, cardRoutes: ReadonlySet<string>): boolean {
  const kept = idempotencyAnswers.of(holder);
  let changed = false;
  for (const [scope, stored] of [...kept]) {
    if (cardRoutes.has(scope.slice(0, scope.indexOf('\n')))) {
      kept.delete(scope);
      changed = true;
      continue;
    }
    const fingerprint = digestPattern.test(stored.fingerprint) ? stored.fingerprint : sha256Hex(stored.fingerprint);
    const body = maskedBody(stored.response.body);
    if (fingerprint === stored.fingerprint && body === stored.response.body) continue;
    kept.set(scope, { ...stored, fingerprint, response: { ...stored.response, body } });
    changed = true;
  }
  return changed;
}

/**
 * An older answer's body with every card-number-like run in its strings masked (a 400 that echoed a number, before
 * messages were masked). Masked rather than dropped: the answer of a non-card route is what stops a retry with its
 * key from paying a second time; dropping it would trade a masked echo for a double charge. Only JSON strings are
 * masked (a 13-digit number may be a timestamp, and the body stays valid JSON); a body that is not JSON is masked
 * as text. Unchanged bodies are returned as they were (same string).
 */
function maskedBody(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return redactCardNumbers(body);
  }
  let masked = false;
  const text = JSON.stringify(parsed, (_key, value: unknown) => {
    if (typeof value !== 'string') return value;
    const redacted = redactCardNumbers(value);
    if (redacted !== value) masked = true;
    return redacted;
  });
  return masked ? text : body;
}

const doneRecord = (stored: StoredIdempotencyAnswer | undefined): IdempotencyRecord | undefined =>
  stored && { state: 'done', fingerprint: stored.fingerprint, response: stored.response };
