import type { CreatePaymentInstrumentFromTokenRequest, CreatePaymentInstrumentFromTokenResponse, PaymentInstrument } from '@tessera/core';
import type { RequestOptions } from './request-options.js';
import { Resource } from './resource.js';
import type { Recognised } from './response-body.js';

/**
 * The answer of `paymentInstruments.retrieve`, whose body the document shows only as "the instrument": any 2xx is
 * returned. `paymentInstrument` when the body is one or wraps one (best effort), `raw` the body as sent.
 */
export type PaymentInstrumentOutcome = Recognised<'paymentInstrument', PaymentInstrument>;

/** Payment instruments: reusable cards attached to a customer (sections 4.1 and 4.2). */
export class PaymentInstruments extends Resource {
  /**
   * Exchanges a service token from the tokenizer for a reusable instrument, creating a customer from
   * `customerData` or attaching to `customerId` (exactly one of them).
   *
   * Guaranteed: `paymentInstrument.id` and `customer.id` (checked); other fields pass through as sent. A 2xx without
   * them throws `TesseraResponseValidationError` (the instrument was created; it carries the body and the key).
   */
  async createFromToken(params: CreatePaymentInstrumentFromTokenRequest, options?: RequestOptions): Promise<CreatePaymentInstrumentFromTokenResponse> {
    return this.call('createPaymentInstrumentFromToken', params, options);
  }

  /** Fetches an instrument by id. Any 2xx is returned: see {@link PaymentInstrumentOutcome}. */
  async retrieve(id: string, options?: RequestOptions): Promise<PaymentInstrumentOutcome> {
    return this.call('retrievePaymentInstrument', { id }, options);
  }
}
