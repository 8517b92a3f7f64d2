import { parseOrThrow, paymentFlow, paymentFlowInput, routePath, routes, type PaymentFlow, type PaymentFlowInput } from '@tessera/core';
import type { HttpClient } from './http-client.js';
import type { RequestOptions } from './request-options.js';
import { recognise, type Recognised } from './response-body.js';

/** The answer of `paymentFlows.create` (section 4.10): the flow when recognised (best effort), and `raw`. */
export type PaymentFlowOutcome = Recognised<'paymentFlow', PaymentFlow>;

/** Payment flows: routing of payments to processors, with fallback and 3DS settings (section 2.9). */
export class PaymentFlows {
  readonly #http: HttpClient;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /** Creates a payment flow (sent as `{ data: flow }`). Any 2xx is returned: see {@link PaymentFlowOutcome}. */
  async create(params: PaymentFlowInput, options?: RequestOptions): Promise<PaymentFlowOutcome> {
    const body = { data: parseOrThrow(paymentFlowInput, params) };
    const route = routes.createPaymentFlow;
    const result = await this.#http.send(route.method, routePath(route), { ...options, body });
    return { paymentFlow: recognise(paymentFlow, result.data, ['data', 'paymentFlow']), raw: result.data };
  }
}
