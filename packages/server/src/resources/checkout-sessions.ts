import type { CheckoutInit, CheckoutSession, CreateCheckoutSessionRequest, InitCheckoutRequest, Order, PayCheckoutRequest, Payment } from '@tessera/core';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';
import type { Recognised } from './response-body.js';

/** The answer of `checkoutSessions.create` (section 4.10): the session when recognised (best effort), and `raw`. */
export type CheckoutSessionOutcome = Recognised<'checkoutSession', CheckoutSession>;

/**
 * The answer of `checkoutSessions.pay` (published `{ order, payment, redirectUrl }`, "of type any"): each recognised
 * when present (the payment by its `id` and `status`), and `raw`.
 */
export type CheckoutPaymentOutcome = Recognised<'payment', Payment> & {
  readonly order: Order | undefined;
  readonly redirectUrl: string | undefined;
};

/** Checkout sessions (section 2.12 and the published checkout operations). */
export class CheckoutSessions extends Resource<'createCheckoutSession' | 'initCheckout' | 'payCheckout'> {
  /** Creates a checkout session; send the customer to its `redirectUrl`. Any 2xx is returned: see {@link CheckoutSessionOutcome}. */
  async create(params: CreateCheckoutSessionRequest, options?: RequestOptions): Promise<CheckoutSessionOutcome> {
    return this.call('createCheckoutSession', params, options);
  }

  /**
   * Initializes a checkout session (published `GET /checkout/init`, a public route: no API key is sent). The service
   * answers with a redirect, which is read, never followed: `redirectUrl` is its `Location`, where to send the
   * customer, and `checkoutToken` the token that URL carries (under `includeCheckoutToken`, default
   * `checkoutToken`), `undefined` when it carries none. `items` goes on the wire as a JSON array.
   */
  async init(params: InitCheckoutRequest, options?: RequestOptions): Promise<CheckoutInit> {
    return this.call('initCheckout', params, options);
  }

  /**
   * Pays a checkout session (published `POST /checkout/pay-v2`) with a payment instrument: the payment, the order
   * and where to send the customer next. Any 2xx is returned: see {@link CheckoutPaymentOutcome}.
   */
  async pay(params: PayCheckoutRequest, options?: RequestOptions): Promise<CheckoutPaymentOutcome> {
    return this.call('payCheckout', params, options);
  }
}
