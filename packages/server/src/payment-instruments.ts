import {
  createPaymentInstrumentFromTokenRequest,
  paymentInstrument,
  parseOrThrow,
  resourceId,
  routePath,
  routes,
  type CreatePaymentInstrumentFromTokenRequest,
  type CreatePaymentInstrumentFromTokenResponse,
  type PaymentInstrument,
} from '@tessera/core';
import type { HttpClient } from './http-client.js';
import { generateIdempotencyKey } from './idempotency-key.js';
import type { RequestOptions } from './request-options.js';
import { recognise, requireIds, type Recognised } from './response-body.js';

/**
 * The answer of `paymentInstruments.retrieve`, whose body the document shows only as "the instrument": any 2xx is
 * returned. `paymentInstrument` when the body is one or wraps one (best effort), `raw` the body as sent.
 */
export type PaymentInstrumentOutcome = Recognised<'paymentInstrument', PaymentInstrument>;

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
   *
   * Guaranteed: `paymentInstrument.id` and `customer.id` (checked); other fields pass through as sent. A 2xx without
   * them throws `TesseraResponseValidationError` (the instrument was created; it carries the body and the key).
   */
  async createFromToken(params: CreatePaymentInstrumentFromTokenRequest, options?: RequestOptions): Promise<CreatePaymentInstrumentFromTokenResponse> {
    const body = parseOrThrow(createPaymentInstrumentFromTokenRequest, params);
    const route = routes.createPaymentInstrumentFromToken;
    const idempotencyKey = options?.idempotencyKey ?? generateIdempotencyKey();
    const result = await this.#http.send(route.method, routePath(route), { ...options, body, idempotencyKey });
    return requireIds<CreatePaymentInstrumentFromTokenResponse>(result, ['paymentInstrument', 'customer'], idempotencyKey);
  }

  /** Fetches an instrument by id. Any 2xx is returned: see {@link PaymentInstrumentOutcome}. */
  async retrieve(id: string, options?: RequestOptions): Promise<PaymentInstrumentOutcome> {
    const route = routes.retrievePaymentInstrument;
    const result = await this.#http.send(route.method, routePath(route, { id: parseOrThrow(resourceId, id, 'id') }), options);
    return { paymentInstrument: recognise(paymentInstrument, result.data, ['paymentInstrument', 'data']), raw: result.data };
  }
}
