import {
  checkoutSession,
  createCheckoutSessionRequest,
  parseOrThrow,
  routePath,
  routes,
  type CheckoutSession,
  type CreateCheckoutSessionRequest,
} from '@tessera/core';
import { parseResponse, type HttpClient } from './http-client.js';
import type { RequestOptions } from './request-options.js';

/** Checkout sessions (section 2.12). */
export class CheckoutSessions {
  readonly #http: HttpClient;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /** Creates a checkout session; send the customer to its `redirectUrl`. */
  async create(params: CreateCheckoutSessionRequest, options?: RequestOptions): Promise<CheckoutSession> {
    const body = parseOrThrow(createCheckoutSessionRequest, params);
    const route = routes.createCheckoutSession;
    return parseResponse(checkoutSession, await this.#http.send(route.method, routePath(route), { ...options, body }), 'checkoutSession');
  }
}
