import {
  decodeServiceToken,
  ServiceTokenError,
  type CreatePaymentInstrumentFromTokenRequest,
  type CreatePaymentInstrumentFromTokenResponse,
  type ListPaymentInstrumentsRequest,
  type PaymentInstrument,
} from '@tessera/core';
import { createPaymentInstrumentFromTokenRequest } from '@tessera/core/schemas';
import { z } from '@tessera/core/internal';
import type { PagePromise } from '../core/page.js';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';
import type { Recognised } from './response-body.js';

/**
 * The answer of `paymentInstruments.retrieve`, whose body the document shows only as "the instrument": any 2xx is
 * returned. `paymentInstrument` when the body is one or wraps one (best effort), `raw` the body as sent.
 */
export type PaymentInstrumentOutcome = Recognised<'paymentInstrument', PaymentInstrument>;

// A service token the tokenizer did not make would only be refused by the service: decode it before anything is
// sent. A value that is not a non-empty string is left to the catalog's schema (one error per field).
const decodableServiceToken = z.unknown().check(
  z.superRefine((value, ctx) => {
    if (typeof value !== 'string' || value === '') return;
    try {
      decodeServiceToken(value);
    } catch (error) {
      const carriesCardData = error instanceof ServiceTokenError && error.reason === 'sensitive_data';
      ctx.addIssue({
        code: 'custom',
        input: value,
        params: { code: 'invalid_service_token' },
        message: carriesCardData
          ? 'carries card data: pass the string `tokenizeCard` returned, never card details'
          : 'is not a service token: pass the string `tokenizeCard` returned (or `tokenizeApplePay` / `tokenizeGooglePay`), unchanged',
      });
    }
  }),
);

// The catalog's request plus that check; both run, so the token's error comes with the other fields', all at once.
const fromTokenInput = z.intersection(z.looseObject({ serviceToken: z.optional(decodableServiceToken), tagadaToken: z.optional(decodableServiceToken) }), createPaymentInstrumentFromTokenRequest);

/** Parameters of {@link PaymentInstruments.list}: the published body of `POST /payment-instruments/list`. */
export type ListPaymentInstrumentsParams = ListPaymentInstrumentsRequest;

const DEFAULT_PAGE_SIZE = 20;

/** Payment instruments: reusable cards attached to a customer (sections 4.1 and 4.2). */
export class PaymentInstruments extends Resource<'createPaymentInstrumentFromToken' | 'retrievePaymentInstrument' | 'listPaymentInstruments'> {
  /**
   * Exchanges a service token from the tokenizer for a reusable instrument, creating a customer from
   * `customerData` or attaching to `customerId` (exactly one of them).
   *
   * The token (`serviceToken` or `tagadaToken`) must be the string the tokenizer returned: it is decoded first, and
   * anything else is a `TesseraValidationError` naming that field (code `invalid_service_token`), with nothing sent.
   *
   * Guaranteed: `paymentInstrument.id` and `customer.id` (checked); other fields pass through as sent. A 2xx without
   * them throws `TesseraResponseValidationError` (the instrument was created; it carries the body and the key).
   */
  async createFromToken(params: CreatePaymentInstrumentFromTokenRequest, options?: RequestOptions): Promise<CreatePaymentInstrumentFromTokenResponse> {
    return this.call('createPaymentInstrumentFromToken', params, options, fromTokenInput);
  }

  /** Fetches an instrument by id. Any 2xx is returned: see {@link PaymentInstrumentOutcome}. */
  async retrieve(id: string, options?: RequestOptions): Promise<PaymentInstrumentOutcome> {
    return this.call('retrievePaymentInstrument', { id }, options);
  }

  /**
   * Lists payment instruments (`POST /payment-instruments/list`; `page` from 1, `pageSize` 1–100 default 20,
   * `sortBy`, `filters`). Await for one page, or `for await` for every instrument of every page (the published
   * `totalPages` says when to stop).
   */
  list(params: ListPaymentInstrumentsParams = {}, options?: RequestOptions): PagePromise<PaymentInstrument> {
    const pageSize = params.pageSize ?? DEFAULT_PAGE_SIZE;
    return this.paginate('listPaymentInstruments', params.page ?? 1, pageSize, (page) => ({ ...params, page, pageSize }), options);
  }
}
