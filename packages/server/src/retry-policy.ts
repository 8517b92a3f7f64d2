import { isHTTPError, type RetryOptions } from 'ky';

/** Default number of retries after the first attempt. */
export const DEFAULT_MAX_RETRIES = 2;
/** Longest wait taken from a `Retry-After` header; a longer one is cut to this. */
export const MAX_RETRY_AFTER_MS = 30_000;
const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

const retryStatuses = [408, 409, 429, ...Array.from({ length: 100 }, (_, index) => 500 + index)];

// A 409 with one of these codes will fail again with the same key: retrying only wastes time.
const permanentConflictCodes: ReadonlySet<string> = new Set(['invalid_state', 'idempotency_key_reused']);

function errorCode(data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return undefined;
  const error = (data as { error?: unknown }).error;
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

/**
 * ky retry options for one call: every method (POSTs are safe to retry because they carry an idempotency key),
 * connection errors, timeouts, 408, 409 (unless the conflict is permanent), 429 and 5xx; exponential backoff from
 * 0.5 s doubling to 8 s with jitter (50–100 % of the delay); `Retry-After` honoured on every retried status, up
 * to {@link MAX_RETRY_AFTER_MS}.
 */
export function retryOptions(limit: number): RetryOptions {
  return {
    limit,
    methods: ['get', 'post', 'put', 'patch', 'delete'],
    statusCodes: retryStatuses,
    afterStatusCodes: retryStatuses,
    maxRetryAfter: MAX_RETRY_AFTER_MS,
    delay: (attempt) => INITIAL_DELAY_MS * 2 ** (attempt - 1),
    backoffLimit: MAX_DELAY_MS,
    jitter: (delay) => delay * (0.5 + Math.random() * 0.5),
    retryOnTimeout: true,
    shouldRetry: ({ error }) => {
      if (isHTTPError(error) && error.response.status === 409) {
        const code = errorCode(error.data);
        if (typeof code === 'string' && permanentConflictCodes.has(code)) return false;
      }
      return undefined;
    },
  };
}
