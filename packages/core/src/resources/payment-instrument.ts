import * as z from 'zod/mini';
import { cardFacts } from './card-facts.js';
import { customerSummary } from './customer-summary.js';
import { nonEmptyString, published, resourceId, withoutCardData, type RequestFields } from './common.js';
import { customerSchema, customerData, type CustomerData } from './customer.js';
import { commonFilters, listFilters } from './list-filters.js';
import { pageListRequest } from './list-request.js';
import { catalogEntries, op, recognisedAs } from '../plumbing/operation.js';

/**
 * A reusable payment instrument (section 2.4). Unknown fields pass through. The card facts are optional: a
 * service token may carry none of them (its metadata is all optional), and nobody invents them. The other fields the
 * published answers show (GET, create-from-token, the lists) are typed as published, optional and never refused.
 */
export const paymentInstrument = z.looseObject({
  id: z.string(),
  /** `card` is the only value the document shows; wallets may add others. */
  type: z.string(),
  /** Absent from the items of the published customer instruments list (they are the customer's). */
  customerId: z.optional(z.string()),
  card: published(cardFacts),
  accountId: published(z.string()),
  isActive: published(z.boolean()),
  isDefault: published(z.boolean()),
  /** Who holds the card data: `basistheory` (published). */
  tokenizer: published(z.string()),
  createdAt: published(z.string()),
  /** The list's items (published). */
  updatedAt: published(z.string()),
  /** The instrument's holder (GET, published). */
  customer: published(customerSummary),
  /** What the card is (GET and the customer's list, published: `{ funding: 'credit', segment: 'premium' }`). */
  cardEnrichment: published(z.looseObject({ funding: published(z.nullable(z.string())), segment: published(z.nullable(z.string())) })),
  /** The processors' tokens of the card (GET, published as `[]`: their shape is not shown). */
  processorTokens: published(z.array(z.unknown())),
  /** The merchant's keys (the list's items, published as `{}`). */
  metadata: published(z.record(z.string(), z.unknown())),
});
/** A reusable payment instrument (section 2.4). */
export type PaymentInstrument = z.infer<typeof paymentInstrument>;

const tokenFields = { serviceToken: z.optional(nonEmptyString), tagadaToken: z.optional(nonEmptyString), storeId: resourceId };

const customerRules = [
  z.refine<{ customerData?: unknown; customerId?: unknown }>((body) => body.customerData === undefined || body.customerId === undefined, {
    message: 'cannot provide both customerId and customerData: give customerId for an existing customer, or customerData for a new one',
    path: ['customerId'],
    params: { code: 'exactly_one' },
  }),
  z.refine<{ customerData?: unknown; customerId?: unknown }>((body) => body.customerData !== undefined || body.customerId !== undefined, {
    message: 'give one of customerData (a new customer) or customerId (an existing one)',
    path: ['customerId'],
    params: { code: 'exactly_one' },
  }),
];

const tokenRules = [
  z.refine<{ serviceToken?: string | undefined; tagadaToken?: string | undefined }>((body) => body.serviceToken !== undefined || body.tagadaToken !== undefined, {
    message: 'is required: pass the string tokenizeCard returned (as serviceToken or tagadaToken)',
    path: ['serviceToken'],
    params: { code: 'required' },
  }),
  z.refine<{ serviceToken?: string | undefined; tagadaToken?: string | undefined }>((body) => body.serviceToken === undefined || body.tagadaToken === undefined || body.serviceToken === body.tagadaToken, {
    message: 'must be the same token as serviceToken when both are given',
    path: ['tagadaToken'],
    params: { code: 'mismatch' },
  }),
];

const fromTokenFields = z.looseObject({ ...tokenFields, customerData: z.optional(customerData), customerId: z.optional(resourceId) }).check(...tokenRules, ...customerRules, withoutCardData);

/**
 * Body of `POST /payment-instruments/create-from-token` (section 4.1 and the published API). The token is the
 * document's `serviceToken` or the published `tagadaToken` (the same string); the wire carries both names. Exactly
 * one of `customerData` (creates a customer) or `customerId` (attaches to an existing one): the published API
 * refuses both. Unknown fields pass through.
 */
export const createPaymentInstrumentFromTokenRequest = z.pipe(
  fromTokenFields,
  z.transform((body) => {
    const token = (body.serviceToken ?? body.tagadaToken) as string;
    return { ...body, serviceToken: token, tagadaToken: token };
  }),
);
/**
 * Body of `POST /payment-instruments/create-from-token`, as the caller writes it: the token as `serviceToken` or
 * `tagadaToken`, and one of `customerData` or `customerId`.
 */
export type CreatePaymentInstrumentFromTokenRequest = Omit<RequestFields<z.input<typeof createPaymentInstrumentFromTokenRequest>>, 'serviceToken' | 'tagadaToken' | 'customerData' | 'customerId'> &
  ({ serviceToken: string; tagadaToken?: string } | { tagadaToken: string; serviceToken?: string }) &
  ({ customerData: CustomerData; customerId?: undefined } | { customerId: string; customerData?: undefined });

/** Response of `POST /payment-instruments/create-from-token`. */
export const createPaymentInstrumentFromTokenResponse = z.looseObject({
  paymentInstrument,
  customer: customerSchema,
});
/** Response of `POST /payment-instruments/create-from-token`. */
export type CreatePaymentInstrumentFromTokenResponse = z.infer<typeof createPaymentInstrumentFromTokenResponse>;

/**
 * Response of `GET /customers/{id}/payment-instruments`: the published `{ instruments }` (items without
 * `customerId`); the document says only "a list of instruments", and the sandbox also sends it as `data`.
 * @internal
 */
export const paymentInstrumentList = z.looseObject({ instruments: z.optional(z.array(paymentInstrument)), data: z.optional(z.array(paymentInstrument)) });
/**
 * Response of `GET /customers/{id}/payment-instruments`.
 * @internal
 */
export type PaymentInstrumentList = z.infer<typeof paymentInstrumentList>;

/**
 * The `filters` of `POST /payment-instruments/list` (children not published): the convention's `date` (on
 * `createdAt`), the document's `storeIds`, and `customerId`, `type`, `isActive` and `isDefault`, fields of the
 * published items (the last three also its published `sortBy` fields), as filters inferred. Any other key is refused
 * before sending; `unlisted` carries a filter the SDK does not type.
 */
export const listPaymentInstrumentsFilters = listFilters('list payment instruments', {
  date: commonFilters.date,
  storeIds: commonFilters.storeIds,
  /** Only the instruments of this customer (inferred). */
  customerId: z.optional(resourceId),
  /** Only instruments of this type, e.g. `card` (inferred). */
  type: z.optional(nonEmptyString),
  /** Only active (or only inactive) instruments (inferred). */
  isActive: z.optional(z.boolean()),
  /** Only the default (or only the other) instruments (inferred). */
  isDefault: z.optional(z.boolean()),
});
/** The `filters` of `POST /payment-instruments/list`, as the caller writes them. */
export type ListPaymentInstrumentsFilters = z.input<typeof listPaymentInstrumentsFilters>;

/**
 * Body of `POST /payment-instruments/list` (published): `page` (default 1), `pageSize` (1–100, default 20), `sortBy`
 * (`field`: `id`, `type`, `createdAt`, `isActive`, `isDefault`), `filters` (see {@link listPaymentInstrumentsFilters}).
 * Answered with `{ items, total, page, pageSize, totalPages }`.
 */
export const listPaymentInstrumentsRequest = pageListRequest(100, listPaymentInstrumentsFilters);
/** Body of `POST /payment-instruments/list`. */
export type ListPaymentInstrumentsRequest = RequestFields<z.input<typeof listPaymentInstrumentsRequest>>;

/**
 * The catalog entries of payment instruments, for core's `operations` (`catalog/operations.ts`) to compose: a
 * function, so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const paymentInstrumentOperations = () => catalogEntries({
  createPaymentInstrumentFromToken: op('POST /payment-instruments/create-from-token', {
    request: createPaymentInstrumentFromTokenRequest,
    response: createPaymentInstrumentFromTokenResponse,
    answer: 'required',
    requires: ['paymentInstrument.id', 'customer.id'],
  }),
  retrievePaymentInstrument: op('GET /payment-instruments/{id}', { ...recognisedAs('paymentInstrument', paymentInstrument) }),
  listCustomerPaymentInstruments: op('GET /customers/{id}/payment-instruments', {
    response: paymentInstrument,
    unwrap: ['instruments', 'paymentInstruments', 'items'],
    answer: 'list',
    idField: 'customerId',
  }),
  listPaymentInstruments: op('POST /payment-instruments/list', {
    request: listPaymentInstrumentsRequest,
    response: paymentInstrument,
    unwrap: ['items'],
    answer: 'list',
    requires: ['id'],
  }),
});
