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
 * The call a {@link TesseraOutcomeUnknownError} gave up on, as `payments.reconcile` reads it: the operation of core's
 * catalog (`processPayment`, `refundPayment`, …), the request as it was checked and sent, and when it was sent.
 */
export interface OutcomeUnknownRequest {
  /** The operation's name in core's catalog, e.g. `processPayment`. */
  readonly operation: string;
  /** The body as it was checked and sent (never card data: the catalog refuses it before sending). */
  readonly body: unknown;
  /** When the first attempt was sent (this machine's clock). */
  readonly sentAt: Date;
}

/**
 * A call that changes something (a payment, a refund, a new instrument) failed in a way that leaves its outcome
 * unknown: it timed out or lost its connection after the request was sent, or the service answered 500, 502 or
 * 504. The service may have carried it out. It was not retried, because `idempotentRetries` is off (the default
 * for any service but a local sandbox): a service that ignored the idempotency key would carry it out twice.
 * Reconcile before doing anything else: pass this error to `payments.reconcile`, which finds the payment (or says
 * that there is none, or which payments it could be); never repeat the call with a new idempotency key. `cause` is
 * the error of the last attempt.
 */
export class TesseraOutcomeUnknownError extends TesseraError {
  static override readonly brand: string = 'OutcomeUnknown';
  /** The HTTP method of the call. */
  readonly method: string;
  /** The path of the call below `/api/public/v1`. */
  readonly path: string;
  /** The idempotency key the call carried. */
  readonly idempotencyKey: string | undefined;
  /**
   * The call, for `payments.reconcile`: set when a method of the client sent it (`undefined` for `tessera.request`),
   * by the resource that sent it (it knows the operation and the checked body; the transport does not). Not part of
   * `toJSON` and not enumerable (its body may hold personal data: a customer's name, your metadata).
   */
  declare readonly request: OutcomeUnknownRequest | undefined;

  constructor(details: OutcomeUnknownDetails, options?: { cause?: unknown }) {
    super(
      'outcome_unknown',
      `${details.method} ${details.path} may or may not have been carried out by the service (${details.reason}); it was not retried because idempotentRetries is off. ` +
        `Reconcile before acting: pass this error to payments.reconcile (or look the payment up with payments.retrieve or payments.list); do not repeat the call with a new idempotency key` +
        (details.idempotencyKey === undefined ? '.' : ` (this one was "${details.idempotencyKey}").`),
      options,
    );
    this.method = details.method;
    this.path = details.path;
    this.idempotencyKey = details.idempotencyKey;
    Object.defineProperty(this, 'request', { value: undefined, enumerable: false, configurable: true });
  }
}

