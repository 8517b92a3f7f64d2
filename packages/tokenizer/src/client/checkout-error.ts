import { TesseraError, type CheckoutErrorCode, type FieldError } from '@tessera/core';

/**
 * Why a call failed: the merchant's handler's code, or what went wrong before it answered. A store checkout
 * (`@tessera/tokenizer/store`) adds two of the service's refusals: `unknown_store` (no such store in this
 * environment) and `session_refused` (the service refused the page's store session: expired, or not for this store).
 */
export type CheckoutFailure = CheckoutErrorCode | 'connection_error' | 'invalid_answer' | 'unknown_store' | 'session_refused';

/**
 * The merchant's checkout routes (`createCheckoutHandler` of `@tessera/server`), or for a store checkout the
 * service's browser session routes, refused or could not be reached.
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
