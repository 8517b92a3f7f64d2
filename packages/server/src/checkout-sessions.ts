import {
  checkoutSession,
  createCheckoutSessionRequest,
  parseOrThrow,
  routePath,
  routes,
  type CheckoutSession,
  type CreateCheckoutSessionRequest,
} from '@tessera/core';
import type { HttpClient } from './http-client.js';
import type { RequestOptions } from './request-options.js';
import { recognise, type Recognised } from './response-body.js';

/** The answer of `checkoutSessions.create` (section 4.10): the session when recognised (best effort), and `raw`. */
export type CheckoutSessionOutcome = Recognised<'checkoutSession', CheckoutSession>;

/** Checkout sessions (section 2.12). */
export class CheckoutSessions {
  readonly #http: HttpClient;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /** Creates a checkout session; send the customer to its `redirectUrl`. Any 2xx is returned: see {@link CheckoutSessionOutcome}. */
  async create(params: CreateCheckoutSessionRequest, options?: RequestOptions): Promise<CheckoutSessionOutcome> {
    const body = parseOrThrow(createCheckoutSessionRequest, params);
    const route = routes.createCheckoutSession;
    const result = await this.#http.send(route.method, routePath(route), { ...options, body });
    return { checkoutSession: recognise(checkoutSession, result.data, ['checkoutSession', 'data']), raw: result.data };
  }
}
