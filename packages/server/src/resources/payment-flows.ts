import type { PaymentFlow, PaymentFlowInput } from '@tessera/core';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';
import type { Recognised } from './response-body.js';

/** The answer of `paymentFlows.create` (section 4.10): the flow when recognised (best effort), and `raw`. */
export type PaymentFlowOutcome = Recognised<'paymentFlow', PaymentFlow>;

/** Payment flows: routing of payments to processors, with fallback and 3DS settings (section 2.9). */
export class PaymentFlows extends Resource<'createPaymentFlow'> {
  /** Creates a payment flow (sent as `{ data: flow }`). Any 2xx is returned: see {@link PaymentFlowOutcome}. */
  async create(params: PaymentFlowInput, options?: RequestOptions): Promise<PaymentFlowOutcome> {
    return this.call('createPaymentFlow', params, options);
  }
}
