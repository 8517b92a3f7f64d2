import { TesseraValidationError, type CheckoutSession, type Order, type Payment, type Subscription } from '@tessera/core';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import type { ControlTransport } from './transport.js';

/** What completing a checkout session made, as the route answers it: the session, its payment, its order and subscriptions. */
export interface RemoteCheckoutCompletion {
  checkoutSession: CheckoutSession;
  payment: Payment;
  /** The order, when the payment succeeded. */
  order: Order | null;
  /** One per recurring price, when the payment succeeded. */
  subscriptions: Subscription[];
}

/** The checkout helper of a running sandbox (`POST /sandbox/checkout-sessions/{id}/complete`). */
export interface RemoteCheckout {
  /**
   * Pays an open checkout session as its customer would, with a payment instrument (3DS skipped, as in the hosted
   * checkout): the session, its payment and, on success, its order and one subscription per recurring price.
   */
  completeSession(checkoutSessionId: string, payment: { paymentInstrumentId: string }): Promise<RemoteCheckoutCompletion>;
}

/** The checkout helper of `connectSandbox`. */
export function remoteCheckout(transport: ControlTransport): RemoteCheckout {
  return {
    completeSession(checkoutSessionId, payment) {
      const fields = [
        ...(typeof checkoutSessionId === 'string' && checkoutSessionId !== '' ? [] : [{ field: 'checkoutSessionId', code: 'required', message: 'must be the id of an open checkout session' }]),
        ...(typeof payment?.paymentInstrumentId === 'string' && payment.paymentInstrumentId !== '' ? [] : [{ field: 'paymentInstrumentId', code: 'required', message: 'must be the id of the customer\'s payment instrument' }]),
      ];
      if (fields.length > 0) return Promise.reject(new TesseraValidationError(fields));
      return transport.request('POST', sandboxRoutes.completeCheckoutSession.replace('{id}', encodeURIComponent(checkoutSessionId)), { paymentInstrumentId: payment.paymentInstrumentId });
    },
  };
}
