import { TesseraConnectionError, TesseraResponseValidationError, TesseraTimeoutError } from '@tessera/core';
import { TesseraResponseTooLargeError } from '../errors/response-too-large-error.js';
import { TesseraApiError, TesseraAuthenticationError, TesseraIdempotencyError, TesseraPermissionDeniedError } from '../errors/api-error.js';
import { TesseraOutcomeUnknownError } from '../errors/outcome-unknown-error.js';
import { CheckoutFailure } from './checkout-failure.js';

/** Which service call failed: the card's (the token the page made), the page's 3DS session, or another. */
export type ServiceCall = 'instrument' | 'threeds_session' | 'payment';

/** The merchant's server failed: nothing the page or the customer can fix. */
export const serverFailure = () => new CheckoutFailure(500, 'server_error', 'The shop could not take this payment just now: try again later or contact the shop.');

/**
 * The answer to the page when a service call failed, without the service's words (they may name internals): the
 * service down or slow, or the same attempt still in flight (`idempotency_key_in_use`), is a 502 the page retries with
 * the same attempt, which is never a second charge (same idempotency keys); an answer lost or unreadable too, once the
 * pay route found no payment made; a card the service would not take is a 402; the page's 3DS session refused is a
 * 400 naming it; the same attempt resent with another card is a 400 naming `attempt`; the rest is the merchant's (a
 * bad key, an order the service refuses): a 500.
 */
export function serviceFailure(error: unknown, call: ServiceCall): CheckoutFailure {
  const retry = 'The payment service did not answer: retry the same payment (you will not be charged twice).';
  // An answer the client could not read (2xx, but not the shape it checks, or too large) is the service's failure too:
  // resent with the same keys, the call is answered again, never made twice (a purchase's is searched for first, by
  // the pay route: a service ignoring keys would charge again).
  const unread = error instanceof TesseraResponseValidationError || error instanceof TesseraResponseTooLargeError;
  if (unread || error instanceof TesseraOutcomeUnknownError || error instanceof TesseraConnectionError || error instanceof TesseraTimeoutError) return new CheckoutFailure(502, 'service_error', retry);
  if (!(error instanceof TesseraApiError)) return serverFailure();
  // `idempotency_key_in_use`: the same attempt is still being made (a double click, a resend while the first is in
  // flight); resent once it is done, the key answers that payment.
  const inUse = error.status === 409 && error.code === 'idempotency_key_in_use';
  if (inUse || error.status >= 500 || error.status === 429 || error.status === 408) return new CheckoutFailure(502, 'service_error', retry);
  if (error instanceof TesseraAuthenticationError || error instanceof TesseraPermissionDeniedError) return serverFailure();
  if (error instanceof TesseraIdempotencyError) {
    return new CheckoutFailure(400, 'invalid_request', 'This payment attempt was already sent with other details: start a new payment attempt.', [
      { field: 'attempt', code: 'reused', message: 'was already sent with other details: use a new attempt id for another card' },
    ]);
  }
  if (call === 'instrument') return new CheckoutFailure(402, 'card_refused', 'The card could not be used: check its details or use another card.');
  if (call === 'threeds_session') {
    return new CheckoutFailure(400, 'invalid_request', 'The 3DS session was refused: start the payment again.', [
      { field: 'threedsSession.id', code: 'refused', message: 'was refused by the payment service: make a new 3DS session' },
    ]);
  }
  return serverFailure();
}
