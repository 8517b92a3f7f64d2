import { TesseraError } from '@tessera/core';

/**
 * A successful (2xx) response body was longer than the client's `maxResponseBytes`; it was cancelled unread past
 * the limit. The request itself succeeded on the service: for a call that changes something, reconcile with
 * `idempotencyKey` rather than repeating it with a new key. Never retried.
 */
export class TesseraResponseTooLargeError extends TesseraError {
  static override readonly brand: string = 'ResponseTooLarge';
  /** The HTTP status of the response. */
  readonly status: number;
  /** The limit that was passed, in bytes. */
  readonly limit: number;
  /** The `x-request-id` of the response, if any. */
  readonly requestId: string | undefined;
  /** The idempotency key of the call (non-GET calls). */
  readonly idempotencyKey: string | undefined;

  constructor(details: { status: number; limit: number; requestId: string | undefined; idempotencyKey: string | undefined }) {
    super('response_too_large', `The response body (status ${details.status}) is larger than ${details.limit} bytes; it was not read. The request succeeded on the service.`);
    this.status = details.status;
    this.limit = details.limit;
    this.requestId = details.requestId;
    this.idempotencyKey = details.idempotencyKey;
  }
}
