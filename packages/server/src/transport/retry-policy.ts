import type { RetryOptions } from 'ky';
import { TesseraApiError } from '../errors/api-error.js';
import { failureKind, isRetryable } from './failure.js';

/** Default number of retries after the first attempt. */
export const DEFAULT_MAX_RETRIES = 2;
/** Longest wait taken from a `Retry-After` header; a longer one is cut to this. */
export const MAX_RETRY_AFTER_MS = 30_000;
const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

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
  // The error read its answer's header once (`retryAfterMs`).
  const retryAfter = error instanceof TesseraApiError ? error.retryAfterMs : undefined;
  if (retryAfter !== undefined) return Math.min(retryAfter, MAX_RETRY_AFTER_MS);
  return Math.round(Math.min(MAX_DELAY_MS, INITIAL_DELAY_MS * 2 ** (retryCount - 1) * (0.5 + Math.random() * 0.5)));
}

// Every method: which calls may be retried is `shouldRetry`'s decision, never the method's.
const retryMethods = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * ky's retry options for one call: up to `limit` retries of any method, each after {@link retryDelay}. Which failures
 * are retried is the one verdict of `failure.ts` (`isRetryable`), read from the failure's kind alone:
 * `not-acted` always, `outcome-unknown` and `conflict` only when `repeatable` (a GET, or a service that honours
 * idempotency keys). The wait is decided here, not by ky, so `onRetry`
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
      if (!isRetryable(failureKind(error), repeatable)) return false;
      nextDelay = retryDelay(error, retryCount);
      onRetry?.({ retryCount, delayMs: nextDelay, error });
      return true;
    },
  };
}
