import { TesseraError, type FieldError } from '@tessera/core';

/** What is known about the 2xx answer a {@link TesseraResponseValidationError} is about. */
export interface ResponseValidationDetails {
  /** HTTP status of the response. */
  status: number;
  /** The `x-request-id` of the response. */
  requestId?: string | undefined;
  /** The body as the service sent it (parsed JSON, or `undefined` when empty). */
  body?: unknown;
  /** Idempotency key the request was sent with (POSTs), to reconcile with. */
  idempotencyKey?: string | undefined;
}

/**
 * A 2xx answer lacks what this SDK relies on (a payment's `id` and `status`, the challenge data of a
 * `threeds_auth` payment, the id of what was created), or is not JSON. Unknown or missing extras never cause it.
 *
 * The request **succeeded on the service**: money may have moved. It is never retried; do not repeat it with a new
 * idempotency key. Reconcile instead: read `body`, or look the payment up (`payments.retrieve`, `payments.list`),
 * and repeat the call only with the same `idempotencyKey`.
 */
export class TesseraResponseValidationError extends TesseraError {
  static override readonly brand: string = 'ResponseValidation';
  /** Every field of the response that did not match, as dotted paths. */
  readonly fields: FieldError[];
  /** HTTP status of the response (a 2xx: the request succeeded on the service). */
  readonly status: number;
  /** The `x-request-id` of the response, to quote to support. */
  readonly requestId: string | undefined;
  /** The body as the service sent it, to reconcile with. Not part of `toJSON` (it may hold personal data). */
  readonly body: unknown;
  /** The idempotency key the request was sent with (POSTs): repeat the call only with this key. */
  readonly idempotencyKey: string | undefined;

  constructor(fields: FieldError[], details: ResponseValidationDetails) {
    super(
      'response_validation_error',
      `The request succeeded on the Tessera service (HTTP ${details.status}) but its answer lacks what the SDK needs: ${fields
        .map((f) => `${f.field || '(root)'} ${f.message}`)
        .join('; ')}. Do not retry with a new idempotency key; reconcile${
        details.idempotencyKey !== undefined ? ` using idempotency key ${details.idempotencyKey}` : ''
      } and the error's body (or payments.retrieve / payments.list).`,
    );
    this.fields = fields;
    this.status = details.status;
    this.requestId = details.requestId;
    this.body = details.body;
    this.idempotencyKey = details.idempotencyKey;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), status: this.status, requestId: this.requestId, idempotencyKey: this.idempotencyKey, fields: this.fields };
  }
}
