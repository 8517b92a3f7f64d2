import type { CheckoutSession, CreateCheckoutSessionRequest } from '@tessera/core';
import type { RequestOptions } from './request-options.js';
import { Resource } from './resource.js';
import type { Recognised } from './response-body.js';

/** The answer of `checkoutSessions.create` (section 4.10): the session when recognised (best effort), and `raw`. */
export type CheckoutSessionOutcome = Recognised<'checkoutSession', CheckoutSession>;

/** Checkout sessions (section 2.12). */
export class CheckoutSessions extends Resource {
  /** Creates a checkout session; send the customer to its `redirectUrl`. Any 2xx is returned: see {@link CheckoutSessionOutcome}. */
  async create(params: CreateCheckoutSessionRequest, options?: RequestOptions): Promise<CheckoutSessionOutcome> {
    return this.call('createCheckoutSession', params, options);
  }
}
