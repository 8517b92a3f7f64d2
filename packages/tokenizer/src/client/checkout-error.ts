import { TesseraError, type CheckoutErrorCode, type FieldError } from '@tessera/core';

/** Why a call to the merchant's checkout routes failed: the handler's code, or what went wrong before it answered. */
export type CheckoutFailure = CheckoutErrorCode | 'connection_error' | 'invalid_answer';

/**
 * The merchant's checkout routes (`createCheckoutHandler` of `@tessera/server`) refused or could not be reached.
 * `code` is `checkout_error`; `reason` says why: the handler's own code (`unknown_order`, `payment_refused`,
 * `card_refused`, `service_error`, …), `connection_error` when no answer came, `invalid_answer` when the answer was not
 * the handler's. The message is the handler's, which a customer may be shown; it never holds card data.
 */
export class TesseraCheckoutError extends TesseraError {
  static override readonly brand: string = 'Checkout';
  declare readonly reason: CheckoutFailure;
  /** HTTP status of the answer; `0` when none came. */
  declare readonly status: number;
  /** The fields the handler named (`invalid_request`). */
  declare readonly fields: FieldError[];

  constructor(reason: CheckoutFailure, message: string, details: { status: number; fields?: FieldError[]; cause?: unknown }) {
    super('checkout_error', message, { reason, ...(details.cause === undefined ? {} : { cause: details.cause }) });
    this.status = details.status;
    this.fields = details.fields ?? [];
  }
}
