import { TesseraValidationError, type AbortOptions } from '@tessera/core';
import { parseOrThrow, z } from '@tessera/core/internal';

/**
 * Options every method accepts as its last argument: core's `signal` (cancels the call, including any wait between
 * retries, with a `TesseraAbortError`) and these. They override the client's defaults for this call only.
 */
export interface RequestOptions extends AbortOptions {
  /**
   * Idempotency key of a POST. By default one is generated per call and reused unchanged on every retry, so a
   * retried payment is never charged twice. Pass your own (e.g. your order id) to make a call safe to repeat
   * across process restarts.
   */
  idempotencyKey?: string;
  /** Time limit of each attempt in milliseconds. Default: the client's `timeoutMs`. */
  timeoutMs?: number;
  /** Retries after the first attempt. `0` disables retries. Default: the client's `maxRetries`. */
  maxRetries?: number;
  /**
   * Extra request headers. `Authorization` and `Idempotency-Key` are the client's own (the API key, and one key per
   * call reused on every retry): pass `idempotencyKey` instead; either header here is refused before sending.
   */
  headers?: Record<string, string>;
}

/** Options of {@link Tessera.request}: the per-call options plus a query and a JSON body. */
export interface RawRequestOptions extends RequestOptions {
  /** Query parameters; `undefined` values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON body. */
  body?: unknown;
}

const requestOptionsSchema = z.object({
  idempotencyKey: z.optional(z.string().check(z.regex(/^[\x21-\x7e]{1,255}$/, 'must be 1-255 visible ASCII characters'))),
  timeoutMs: z.optional(z.int().check(z.positive(), z.maximum(2_147_483_647))),
  maxRetries: z.optional(z.int().check(z.minimum(0), z.maximum(10))),
});

// Headers the client sets itself. A caller's copy would send another key than the one every retry and every
// "reconcile with this key" error names, so a repeat of the call could charge twice.
const ownHeaders: ReadonlySet<string> = new Set(['authorization', 'idempotency-key']);

/** Checks per-call options; throws a `TesseraValidationError` naming each bad one, before anything is sent. */
export function checkRequestOptions(options: RequestOptions): void {
  if (options.idempotencyKey !== undefined || options.timeoutMs !== undefined || options.maxRetries !== undefined) {
    parseOrThrow(requestOptionsSchema, options);
  }
  const refused = Object.keys(options.headers ?? {}).filter((name) => ownHeaders.has(name.toLowerCase()));
  if (refused.length > 0) {
    throw new TesseraValidationError(
      refused.map((name) => ({ field: `headers.${name}`, code: 'not_allowed', message: 'is set by the client (pass `idempotencyKey` for your own key)' })),
    );
  }
}
