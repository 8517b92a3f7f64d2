import { AttemptTimeoutError, BodyReadError, HttpStatusError, isNetworkError } from './transport-errors.js';

/** Default number of retries after the first attempt. */
export const DEFAULT_MAX_RETRIES = 2;
/** Longest wait taken from a `Retry-After` header; a longer one is cut to this. */
export const MAX_RETRY_AFTER_MS = 30_000;
const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

// A 409 with one of these codes fails again with the same key: retrying only wastes time.
const permanentConflictCodes: ReadonlySet<string> = new Set(['invalid_state', 'idempotency_key_reused']);

function errorCode(data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return undefined;
  const error = (data as { error?: unknown }).error;
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

/** Milliseconds a `Retry-After` value (delay seconds or an HTTP date) asks for, or `undefined` if unreadable. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its day and month ("Wed, 21 Oct 2015 07:28:00 GMT"); Date.parse alone would accept "-1".
  const date = /^[A-Za-z]{3}, /.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Exponential backoff from 0.5 s doubling to 8 s, with jitter: 50–100 % of that delay. */
export function backoffDelay(retryCount: number): number {
  const delay = Math.min(INITIAL_DELAY_MS * 2 ** (retryCount - 1), MAX_DELAY_MS);
  return delay * (0.5 + Math.random() * 0.5);
}

/**
 * How long to wait before retry number `retryCount` (1 for the first) after `error` from one attempt, or
 * `undefined` when the error is not worth retrying. Retried: connection errors (also while reading a body),
 * timeouts, 408, 409 (unless the conflict is permanent), 429 and every 5xx. A `Retry-After` header is honoured on
 * any of them, up to {@link MAX_RETRY_AFTER_MS}; otherwise {@link backoffDelay}. Every method is retried: POSTs
 * carry an idempotency key, so a retry never repeats a change.
 */
export function retryDelay(error: unknown, retryCount: number): number | undefined {
  if (error instanceof AttemptTimeoutError || error instanceof BodyReadError || isNetworkError(error)) return backoffDelay(retryCount);
  if (!(error instanceof HttpStatusError)) return undefined;
  const { status, headers } = error.response;
  if (status === 409) {
    const code = errorCode(error.data);
    if (typeof code === 'string' && permanentConflictCodes.has(code)) return undefined;
  }
  if (status !== 408 && status !== 409 && status !== 429 && status < 500) return undefined;
  const retryAfter = parseRetryAfter(headers.get('retry-after'));
  return retryAfter === undefined ? backoffDelay(retryCount) : Math.min(retryAfter, MAX_RETRY_AFTER_MS);
}
