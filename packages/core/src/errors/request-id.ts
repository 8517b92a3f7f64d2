import { mayHoldCardNumber } from './card-number-text.js';

/** The longest request id kept on an error or in a log event. */
export const MAX_REQUEST_ID_LENGTH = 128;

/**
 * The first of `candidates` (the `x-request-id` or `bt-trace-id` header, a body's `requestId`) that can be kept on an
 * error, in its JSON and in log events: a string of 1 to 128 characters with no run of 12 or more digits. Anything
 * else could carry card data a hostile or broken server echoed, and is dropped; `undefined` when none is left.
 */
export function safeRequestId(...candidates: unknown[]): string | undefined {
  return candidates.find(
    (value): value is string => typeof value === 'string' && value !== '' && value.length <= MAX_REQUEST_ID_LENGTH && !mayHoldCardNumber(value),
  );
}

