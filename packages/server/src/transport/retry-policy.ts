import type { RetryOptions } from 'ky';
import { TesseraApiError, type FailureKind } from '../errors/api-error.js';
import { isKyError } from './ky-errors.js';
import { parseRetryAfter } from './retry-after.js';
import { BodyReadError } from './transport-errors.js';

/** Default number of retries after the first attempt. */
export const DEFAULT_MAX_RETRIES = 2;
/** Longest wait taken from a `Retry-After` header; a longer one is cut to this. */
export const MAX_RETRY_AFTER_MS = 30_000;
const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

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

/**
 * The {@link FailureKind} of one failed attempt, as ky reports it: an answer's error says its own (`kind`, decided
 * once when the attempt built it); ky's timeout and a body cut off leave the outcome unknown; a network failure did
 * not reach the service only when the runtime shows nothing was written; anything else (a redirect, a body over the
 * limit, an abort, a bug) is final.
 */
export function failureKind(error: unknown): FailureKind {
  if (error instanceof TesseraApiError) return error.kind;
  if (isKyError(error, 'TimeoutError') || error instanceof BodyReadError) return 'outcome-unknown';
  if (isKyError(error, 'NetworkError')) return neverSent(error.cause) ? 'not-acted' : 'outcome-unknown';
  return 'final';
}

/** The statuses that may be retried (the error's `kind` decides which of them are). */
// (5xx: the standard ones and the 52x of proxies such as Cloudflare.)
const retryStatusCodes: ReadonlySet<number> = new Set([408, 409, 429, 500, 501, 502, 503, 504, 505, 506, 507, 508, 509, 510, 511, 520, 521, 522, 523, 524, 525, 526, 527, 529, 530]);

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
 * The wait before retry number `retryCount` after `error`: the `Retry-After` of an answer (seconds or an HTTP date)
 * up to {@link MAX_RETRY_AFTER_MS}, else exponential backoff from 0.5 s doubling, with jitter (50–100 % of the
 * delay), up to 8 s.
 */
export function retryDelay(error: unknown, retryCount: number): number {
  const retryAfter = error instanceof TesseraApiError ? parseRetryAfter(error.headers['retry-after']) : undefined;
  if (retryAfter !== undefined) return Math.min(retryAfter, MAX_RETRY_AFTER_MS);
  return Math.round(Math.min(MAX_DELAY_MS, INITIAL_DELAY_MS * 2 ** (retryCount - 1) * (0.5 + Math.random() * 0.5)));
}

// Every method: which calls may be retried is `shouldRetry`'s decision, never the method's.
const retryMethods = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * ky's retry options for one call: up to `limit` retries of any method, each after {@link retryDelay}. Which failures
 * are retried is read from {@link failureKind}: `not-acted` always, `outcome-unknown` and `conflict` only when
 * `repeatable` (a GET, or a service that honours idempotency keys). The wait is decided here, not by ky, so `onRetry`
 * is called with it when the wait starts (ky's `beforeRetry` runs after the wait).
 */
export function retryOptions(limit: number, repeatable: boolean, onRetry?: (decision: RetryDecision) => void): RetryOptions {
  let nextDelay = 0;
  return {
    limit,
    methods: retryMethods,
    // `shouldRetry` answers every failure (true or false), so ky's own status lists and Retry-After reading never
    // apply. ky waits for what `delay` returns: the delay `shouldRetry` just decided (ky adds no jitter or limit).
    delay: () => nextDelay,
    shouldRetry: ({ error, retryCount }) => {
      const kind = failureKind(error);
      if (kind === 'final' || (kind !== 'not-acted' && !repeatable)) return false;
      if (error instanceof TesseraApiError && !retryStatusCodes.has(error.status)) return false;
      nextDelay = retryDelay(error, retryCount);
      onRetry?.({ retryCount, delayMs: nextDelay, error });
      return true;
    },
  };
}
