import { parseOrThrow, paymentFlow, paymentFlowInput, routePath, routes, type PaymentFlow, type PaymentFlowInput } from '@tessera/core';
import { parseResponse, type HttpClient } from './http-client.js';
import type { RequestOptions } from './request-options.js';

/** Payment flows: routing of payments to processors, with fallback and 3DS settings (section 2.9). */
export class PaymentFlows {
  readonly #http: HttpClient;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /** Creates a payment flow (sent as `{ data: flow }`) and returns it with its id. */
  async create(params: PaymentFlowInput, options?: RequestOptions): Promise<PaymentFlow> {
    const body = { data: parseOrThrow(paymentFlowInput, params) };
    const route = routes.createPaymentFlow;
    return parseResponse(paymentFlow, await this.#http.send(route.method, routePath(route), { ...options, body }), 'data');
  }
}
