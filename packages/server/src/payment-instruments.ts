import {
  createPaymentInstrumentFromTokenRequest,
  createPaymentInstrumentFromTokenResponse,
  paymentInstrument,
  parseOrThrow,
  resourceId,
  routePath,
  routes,
  type CreatePaymentInstrumentFromTokenRequest,
  type CreatePaymentInstrumentFromTokenResponse,
  type PaymentInstrument,
} from '@tessera/core';
import { parseResponse, type HttpClient } from './http-client.js';
import type { RequestOptions } from './request-options.js';

/** Payment instruments: reusable cards attached to a customer (sections 4.1 and 4.2). */
export class PaymentInstruments {
  readonly #http: HttpClient;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /**
   * Exchanges a service token from the tokenizer for a reusable instrument, creating a customer from
   * `customerData` or attaching to `customerId` (exactly one of them).
   */
  async createFromToken(params: CreatePaymentInstrumentFromTokenRequest, options?: RequestOptions): Promise<CreatePaymentInstrumentFromTokenResponse> {
    const body = parseOrThrow(createPaymentInstrumentFromTokenRequest, params);
    const route = routes.createPaymentInstrumentFromToken;
    const result = await this.#http.send(route.method, routePath(route), { ...options, body });
    return parseResponse(createPaymentInstrumentFromTokenResponse, result);
  }

  /** Fetches an instrument by id. Accepts a bare instrument or `{ paymentInstrument }` from the service. */
  async retrieve(id: string, options?: RequestOptions): Promise<PaymentInstrument> {
    const route = routes.retrievePaymentInstrument;
    const result = await this.#http.send(route.method, routePath(route, { id: parseOrThrow(resourceId, id, 'id') }), options);
    return parseResponse(paymentInstrument, result, 'paymentInstrument');
  }
}
