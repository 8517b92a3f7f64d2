import { findErrorCode } from '@tessera/core/internal';
import { isHTTPError, isNetworkError, isTimeoutError, type RetryOptions } from 'ky';
import { BodyReadError } from './transport-errors.js';

/** Default number of retries after the first attempt. */
export const DEFAULT_MAX_RETRIES = 2;
/** Longest wait taken from a `Retry-After` header; a longer one is cut to this. */
export const MAX_RETRY_AFTER_MS = 30_000;
const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

/**
 * The 409 codes that fail again with the same key, so retrying only wastes time (`invalid_state`, e.g. capturing
 * twice) or is a programming error (`idempotency_key_reused`: the key was used with another body).
 */
export const PERMANENT_CONFLICT_CODES: ReadonlySet<string> = new Set(['invalid_state', 'idempotency_key_reused']);

/**
 * The "don't retry" 409 code ({@link PERMANENT_CONFLICT_CODES}) an error body names, whatever its shape
 * (`{ error: { code } }`, `{ code }`, `{ error: 'code' }`, `{ errors: [{ code }] }`, problem details with `code`,
 * a JSON text; core's `findErrorCode`), or `undefined`.
 */
export function permanentConflictCode(data: unknown): string | undefined {
  return findErrorCode(data, PERMANENT_CONFLICT_CODES);
}

/** True when an error body names a "don't retry" 409 code ({@link PERMANENT_CONFLICT_CODES}), or `only` when given. */
export function isPermanentConflict(data: unknown, only?: string): boolean {
  const code = permanentConflictCode(data);
  return code !== undefined && (only === undefined || code === only);
}

/**
 * What one failed attempt says about the call:
 * - `not-acted`: the service cannot have acted (connection refused, DNS failure, nothing written before the
 *   connection dropped, 408, 429, 503): always safe to retry;
 * - `outcome-unknown`: the service may have acted (timeout, connection lost after sending, a body cut off, 500,
 *   502, 504 and other 5xx): safe to retry only a GET, or any call when the service honours idempotency keys;
 * - `conflict`: a 409 that may clear (a request with the same key still in progress): retried like `outcome-unknown`,
 *   but otherwise reported as the conflict it is;
 * - `final`: an answer (4xx, a redirect, a body over the limit) or an abort: never retried.
 */
export type FailureKind = 'not-acted' | 'outcome-unknown' | 'conflict' | 'final';

// Error codes (of the runtime's error or its causes) of a connection that never carried the request.
const notConnectedCodes: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * True when the network error (fetch's rejection, or one of its causes) shows the request was never written: the
 * connection could not be made (refused, DNS, unreachable), or undici reports it closed with 0 bytes written.
 */
export function neverSent(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const { code, socket } = current as { code?: unknown; socket?: { bytesWritten?: unknown } };
    if (typeof code === 'string' && notConnectedCodes.has(code)) return true;
    if (socket !== undefined && socket.bytesWritten === 0) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Classifies the error of one attempt (as ky reports it) into a {@link FailureKind}. */
export function classifyFailure(error: unknown): FailureKind {
  if (isTimeoutError(error) || error instanceof BodyReadError) return 'outcome-unknown';
  if (isNetworkError(error)) return neverSent(error.cause) ? 'not-acted' : 'outcome-unknown';
  if (!isHTTPError(error)) return 'final';
  const { status } = error.response;
  if (status === 408 || status === 429 || status === 503) return 'not-acted';
  // A 409 naming `invalid_state` or `idempotency_key_reused` (in any body shape) fails again with the same key.
  if (status === 409) return isPermanentConflict(error.data) ? 'final' : 'conflict';
  return status >= 500 ? 'outcome-unknown' : 'final';
}

/**
 * Milliseconds a `Retry-After` value (delay seconds or an HTTP date) asks for, or `undefined` if unreadable. Used for
 * the waits between retries ({@link retryDelay}) and the `retryAfterMs` of a rate-limit error.
 */
export function parseRetryAfter(value: string | null): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its day and month ("Wed, 21 Oct 2015 07:28:00 GMT"); Date.parse alone would accept "-1".
  const date = /^[A-Za-z]{3}, /.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The statuses that may be retried (the policy of {@link classifyFailure} decides which of them are). */
// (5xx: the standard ones and the 52x of proxies such as Cloudflare; kept short, ky copies the list per call.)
const retryStatusCodes = [408, 409, 429, 500, 501, 502, 503, 504, 505, 506, 507, 508, 509, 510, 511, 520, 521, 522, 523, 524, 525, 526, 527, 529, 530];

/** A retry the policy decided, reported as its wait starts. */
export interface RetryDecision {
  /** The number of the retry about to start: 1 for the first. */
  retryCount: number;
  /** Milliseconds the client now waits before sending it. */
  delayMs: number;
  /** The failed attempt's error, as ky reports it. */
  error: unknown;
}

/**
 * The wait before retry number `retryCount` after `error`: the `Retry-After` of a retried status (seconds or an HTTP
 * date) up to {@link MAX_RETRY_AFTER_MS}, else exponential backoff from 0.5 s doubling, with jitter (50–100 % of the
 * delay), up to 8 s.
 */
export function retryDelay(error: unknown, retryCount: number): number {
  const retryAfter = isHTTPError(error) ? parseRetryAfter(error.response.headers.get('retry-after')) : undefined;
  if (retryAfter !== undefined) return Math.min(retryAfter, MAX_RETRY_AFTER_MS);
  return Math.round(Math.min(MAX_DELAY_MS, INITIAL_DELAY_MS * 2 ** (retryCount - 1) * (0.5 + Math.random() * 0.5)));
}

/**
 * ky's retry options for one call: up to `limit` retries of any method, each after {@link retryDelay}. Which failures
 * are retried is {@link classifyFailure}'s: `not-acted` always, `outcome-unknown` and `conflict` only when
 * `repeatable` (a GET, or a service that honours idempotency keys). The wait is decided here, not by ky, so `onRetry`
 * is called with it when the wait starts (ky's `beforeRetry` runs after the wait).
 */
export function retryOptions(limit: number, repeatable: boolean, onRetry?: (decision: RetryDecision) => void): RetryOptions {
  let nextDelay = 0;
  return {
    limit,
    methods: ['get', 'post', 'put', 'patch', 'delete'],
    // `shouldRetry` answers every failure (true or false), so ky's own status lists and Retry-After reading never
    // apply. ky waits for what `delay` returns: the delay `shouldRetry` just decided (ky adds no jitter or limit).
    delay: () => nextDelay,
    retryOnTimeout: true,
    shouldRetry: ({ error, retryCount }) => {
      const kind = classifyFailure(error);
      if (kind === 'final' || (kind !== 'not-acted' && !repeatable)) return false;
      if (isHTTPError(error) && !retryStatusCodes.includes(error.response.status)) return false;
      nextDelay = retryDelay(error, retryCount);
      onRetry?.({ retryCount, delayMs: nextDelay, error });
      return true;
    },
  };
}
