import { TesseraError } from '@tessera/core';

/** What a {@link TesseraOutcomeUnknownError} knows about the call it gave up on. */
export interface OutcomeUnknownDetails {
  /** The HTTP method of the call, e.g. `POST`. */
  method: string;
  /** The path below `/api/public/v1`, e.g. `/payments/process`. */
  path: string;
  /** The idempotency key every attempt carried: look for it when you reconcile, and reuse it if you repeat the call. */
  idempotencyKey: string | undefined;
  /** Why the outcome is unknown: `timeout`, `connection lost after sending` or `status 500` (502, 504, …). */
  reason: string;
}

/**
 * A call that changes something (a payment, a refund, a new instrument) failed in a way that leaves its outcome
 * unknown: it timed out or lost its connection after the request was sent, or the service answered 500, 502 or
 * 504. The service may have carried it out. It was not retried, because `idempotentRetries` is off (the default
 * for any service but a local sandbox): a service that ignored the idempotency key would carry it out twice.
 * Reconcile before doing anything else: find the payment with `payments.retrieve` or `payments.list`; never repeat
 * the call with a new idempotency key. `cause` is the error of the last attempt.
 */
export class TesseraOutcomeUnknownError extends TesseraError {
  static override readonly brand: string = 'OutcomeUnknown';
  /** The HTTP method of the call. */
  readonly method: string;
  /** The path of the call below `/api/public/v1`. */
  readonly path: string;
  /** The idempotency key the call carried. */
  readonly idempotencyKey: string | undefined;

  constructor(details: OutcomeUnknownDetails, options?: { cause?: unknown }) {
    super(
      'outcome_unknown',
      `${details.method} ${details.path} may or may not have been carried out by the service (${details.reason}); it was not retried because idempotentRetries is off. ` +
        `Reconcile before acting: look the payment up with payments.retrieve or payments.list; do not repeat the call with a new idempotency key` +
        (details.idempotencyKey === undefined ? '.' : ` (this one was "${details.idempotencyKey}").`),
      options,
    );
    this.method = details.method;
    this.path = details.path;
    this.idempotencyKey = details.idempotencyKey;
  }
}
