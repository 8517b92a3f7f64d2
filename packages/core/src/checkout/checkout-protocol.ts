import type { FieldError } from '../errors/error-classes.js';
import type { ConfirmablePayment } from '../payment-state/confirmable-payment.js';

/**
 * The checkout protocol: what `@tessera/tokenizer`'s browser client (`createTessera(...).pay`) sends to the merchant's
 * server, and what `@tessera/server`'s `createCheckoutHandler` answers. Tessera's own (the service publishes nothing
 * of a merchant's routes): JSON over the merchant's own origin, below a base path the merchant picks.
 *
 * - `POST {base}/payments` {@link CheckoutPayRequest} → 201 {@link CheckoutPaymentAnswer}: the instrument, the 3DS
 *   session when the page made one, and the payment, its amount, currency and store decided by the merchant's server
 *   for the order reference (never read from the page). One idempotency key per `(orderRef, attempt)`.
 * - `GET {base}/payments/{id}` → 200 {@link CheckoutPaymentAnswer}: the payment as it is now.
 * - `POST {base}/payments/{id}/continue` (body `{}`) → 200 {@link CheckoutPaymentAnswer}: after the customer acted.
 * - `POST {base}/radar-sessions` (a radar session: `{ paymentId, airwallexRadarSessionId }` or
 *   `{ paymentId, stripeRadarSessionId, stripeRadarSessionData }`) → 200 `{ radarSessionId }`.
 *
 * The last three carry the payment's {@link CHECKOUT_PAYMENT_TOKEN_HEADER}: the token the `POST {base}/payments`
 * answer gave, which names the one payment the page may read, continue or save a radar session for. Every error is
 * a {@link CheckoutErrorAnswer}.
 */
export const checkoutRoutes = {
  pay: 'POST /payments',
  retrieve: 'GET /payments/{id}',
  continue: 'POST /payments/{id}/continue',
  radarSession: 'POST /radar-sessions',
} as const;

/** The base path of the merchant's checkout routes unless both sides are given another. */
export const DEFAULT_CHECKOUT_BASE_PATH = '/api/tessera';

/** The request header carrying a payment's token (lower case, as Fetch's `Headers` give names). */
export const CHECKOUT_PAYMENT_TOKEN_HEADER = 'tessera-payment-token';

/** The body of `POST {base}/payments`. Nothing about money: the server decides the amount for `orderRef`. */
export interface CheckoutPayRequest {
  /** The merchant's reference of what is bought (a cart or order id): 1-255 visible ASCII characters. */
  orderRef: string;
  /** The service token the tokenizer made (card fields, raw inputs or a wallet). */
  serviceToken: string;
  /**
   * The page's id of this payment attempt (`[A-Za-z0-9_-]`, 8-64): the same for every resend of one `pay()` call,
   * so the server's idempotency key (`orderRef` and `attempt`) makes a resent request the same payment.
   */
  attempt: string;
  /** What the customer typed, for the server's `customer` resolver (which may ignore it). */
  customer?: { email?: string; name?: string };
  /**
   * Basis Theory's 3DS session, made by the page with web-threeds for a card that requires it (`scaRequired`):
   * its `id` and what web-threeds said of the card. The server names it in `POST /threeds/create-session`.
   */
  threedsSession?: { id: string; cardBrand?: string; additionalCardBrands?: string[] };
}

/** What the payment routes answer: the payment as `confirmPayment` reads it, and the token of its follow-ups. */
export interface CheckoutPaymentAnswer {
  payment: ConfirmablePayment;
  /** Send it as {@link CHECKOUT_PAYMENT_TOKEN_HEADER} to read, continue or save a radar session for this payment. */
  paymentToken: string;
}

/** The `error.code` of a checkout route's error answer. */
export type CheckoutErrorCode =
  /** 400: the body or a path parameter is not what the route takes (`fields` names each). */
  | 'invalid_request'
  /** 403: the request came from another origin than the handler allows. */
  | 'forbidden_origin'
  /** 403: no payment token, or one that does not name this payment (whether the payment exists is not said). */
  | 'forbidden_payment'
  /** 404: the merchant's resolver knows no such order. */
  | 'unknown_order'
  /** 409: the merchant's `beforePayment` refused (the order is paid already, out of stock, …). */
  | 'payment_refused'
  /**
   * 409: the service's answer to the payment was lost and the payments it lists cannot tell whether it was made: do
   * not pay again; the merchant reconciles the order.
   */
  | 'outcome_unknown'
  /** 413: the body is over the handler's limit. */
  | 'body_too_large'
  /** 404 or 405: no such route, or not with this method. */
  | 'not_found'
  | 'method_not_allowed'
  /** 402: the service declined the card before any payment was made (the instrument could not be created). */
  | 'card_refused'
  /** 502: the service failed; retry the same `pay()` (same `attempt`): never a second charge. */
  | 'service_error'
  /** 500: the merchant's server failed (its resolver or a hook threw, or its order is not one the service takes). */
  | 'server_error';

/** Every error of a checkout route: a code the page can branch on and a message a customer may be shown. */
export interface CheckoutErrorAnswer {
  error: { code: CheckoutErrorCode; message: string; fields?: FieldError[] };
}
