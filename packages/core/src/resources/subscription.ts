import * as z from 'zod/mini';
import { currencyCode, published, resourceId, type RequestFields } from './common.js';
import { customerSummary } from './customer-summary.js';
import { currencyOptions, productPrice } from './product.js';
import { commonFilters, listFilters } from './list-filters.js';
import { sortDirection } from './list-request.js';
import { pageNumber, paymentSchema } from './payment.js';
import { catalogEntries, op } from '../plumbing/operation.js';

/** The fields a subscription carries in every answer that shows one, list items included; only `id` is relied on. */
const subscriptionFields = {
  id: z.string(),
  status: z.optional(z.string()),
  currency: z.optional(z.string()),
  createdAt: z.optional(z.string()),
  currentPeriodStart: z.optional(z.nullable(z.string())),
  currentPeriodEnd: z.optional(z.nullable(z.string())),
};

/**
 * A subscription, as the published create, retrieve and change-processor answers show it. Only `id` is relied on;
 * every other field is optional (change-processor answers `{ id, preferredProcessorId, updatedAt }`) and passes
 * through. `status` is one the vendor's guide lists (`trialing`, `active`, `past_due`, `paused`, `canceled`) or
 * another string.
 */
export const subscriptionSchema = z.looseObject({
  ...subscriptionFields,
  customerId: z.optional(z.string()),
  priceId: z.optional(z.string()),
  storeId: z.optional(z.string()),
  quantity: z.optional(z.number()),
  updatedAt: z.optional(z.string()),
  nextBillingDate: z.optional(z.nullable(z.string())),
  cancelAtPeriodEnd: z.optional(z.boolean()),
  preferredProcessorId: z.optional(z.nullable(z.string())),
  metadata: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  /** Its customer (GET, published). */
  customer: published(customerSummary),
  /** Its product (GET, published: `{ id, name }`). */
  product: published(z.looseObject({ id: published(z.string()), name: published(z.string()) })),
  /** Its price (GET, published). */
  price: published(productPrice),
});
/** A subscription. */
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * An item of `POST /subscriptions/list` (published): `customer` is the customer's name there (a string), beside
 * `customerEmail`, `priceCurrencyOptions`, `priceInterval`, `priceIntervalCount`.
 */
export const listedSubscription = z.looseObject({
  ...subscriptionFields,
  customer: z.optional(z.nullable(z.string())),
  customerEmail: z.optional(z.nullable(z.string())),
  priceInterval: z.optional(z.nullable(z.string())),
  priceIntervalCount: z.optional(z.nullable(z.number())),
  /** The price's amounts by currency (published). */
  priceCurrencyOptions: published(currencyOptions),
});
/** An item of `POST /subscriptions/list`. */
export type ListedSubscription = z.infer<typeof listedSubscription>;

/**
 * Body of `POST /subscriptions/create` (published): `customerId`, `priceId`, `storeId`, `currency` required;
 * `quantity` (above 0, default 1), `metadata`, `initiatePayment` (default false: charge the first period now),
 * `billingCycleAnchor` (a date-time), `trialSettings` (children not published; sent as given),
 * `defaultPaymentInstrumentId`.
 */
export const createSubscriptionRequest = z.looseObject({
  customerId: resourceId,
  priceId: resourceId,
  storeId: resourceId,
  currency: currencyCode,
  quantity: z.optional(z.int().check(z.positive())),
  metadata: z.optional(z.record(z.string(), z.unknown())),
  initiatePayment: z.optional(z.boolean()),
  billingCycleAnchor: z.optional(z.iso.datetime({ offset: true })),
  trialSettings: z.optional(z.looseObject({})),
  defaultPaymentInstrumentId: z.optional(resourceId),
});
/** Body of `POST /subscriptions/create`. */
export type CreateSubscriptionRequest = RequestFields<z.input<typeof createSubscriptionRequest>>;

/** The published `sort` values of `POST /subscriptions/list`. */
export const subscriptionSortFields = [
  'customers.email',
  'customers.fullName',
  'subscriptions.status',
  'subscriptions.price',
  'subscriptions.createdAt',
  'subscriptions.billing_period',
  'subscriptions.nextBillingDate',
  'subscriptions.processorName',
] as const;

/**
 * The `filters` of `POST /subscriptions/list` (children not published): the convention's `status`, `currency` and
 * `date` (on `createdAt`), the document's `storeIds`, and `customerId` (a field of the published subscription;
 * inferred). Any other key is refused before sending; `unlisted` carries a filter the SDK does not type.
 */
export const listSubscriptionsFilters = listFilters('list subscriptions', {
  ...commonFilters,
  /** Only the subscriptions of this customer (inferred). */
  customerId: z.optional(resourceId),
});
/** The `filters` of `POST /subscriptions/list`, as the caller writes them. */
export type ListSubscriptionsFilters = z.input<typeof listSubscriptionsFilters>;

/**
 * Body of `POST /subscriptions/list` (published): `page` (default 1), `per_page` (1–1000, default 20), `sort`
 * (default `subscriptions.createdAt`), `sort_order` (default `desc`), `filters` (see {@link listSubscriptionsFilters}). Answered with
 * `{ items, pagination: { hasNext, totalItems, nextPage, previousPage } }`.
 */
export const listSubscriptionsRequest = z.looseObject({
  page: z.optional(pageNumber),
  per_page: z.optional(z.int().check(z.minimum(1), z.maximum(1000))),
  sort: z.optional(z.literal(subscriptionSortFields)),
  sort_order: z.optional(sortDirection),
  filters: z.optional(listSubscriptionsFilters),
});
/** Body of `POST /subscriptions/list`. */
export type ListSubscriptionsRequest = RequestFields<z.input<typeof listSubscriptionsRequest>>;

/** Body of `POST /subscriptions/rebill` (published example): `{ subscriptionId }`. */
export const rebillSubscriptionRequest = z.looseObject({ subscriptionId: resourceId });
/** Body of `POST /subscriptions/rebill`. */
export type RebillSubscriptionRequest = RequestFields<z.input<typeof rebillSubscriptionRequest>>;

/** Body of `POST /subscriptions/change-processor` (published): `subscriptionId` required, `processorId` optional. */
export const changeSubscriptionProcessorRequest = z.looseObject({ subscriptionId: resourceId, processorId: z.optional(resourceId) });
/** Body of `POST /subscriptions/change-processor`. */
export type ChangeSubscriptionProcessorRequest = RequestFields<z.input<typeof changeSubscriptionProcessorRequest>>;

/** How subscription create and rebill answer: they may charge, so any 2xx is returned, the subscription recognised by its id. */
const subscriptionOutcome = {
  response: subscriptionSchema,
  unwrap: ['subscription'],
  answer: 'recognised',
  requires: ['id'],
  outcomeKey: 'subscription',
} as const;

/**
 * The catalog entries of subscriptions, for core's `operations` (`catalog/operations.ts`) to compose: a
 * function, so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const subscriptionOperations = () => catalogEntries({
  // Create may charge the first period (`initiatePayment`): a 2xx is returned, never thrown.
  createSubscription: op('POST /subscriptions/create', { request: createSubscriptionRequest, ...subscriptionOutcome, nested: { payment: paymentSchema } }),
  listSubscriptions: op('POST /subscriptions/list', {
    request: listSubscriptionsRequest,
    response: listedSubscription,
    unwrap: ['items'],
    answer: 'list',
    requires: ['id'],
  }),
  retrieveSubscription: op('GET /subscriptions/{id}', { response: subscriptionSchema, unwrap: ['subscription'], answer: 'required' }),
  // Rebill charges a period now: a 2xx is returned, never thrown; the published answer is `{ success, message }`.
  rebillSubscription: op('POST /subscriptions/rebill', {
    request: rebillSubscriptionRequest,
    ...subscriptionOutcome,
    nested: { success: z.boolean(), message: z.string(), payment: paymentSchema },
  }),
  changeSubscriptionProcessor: op('POST /subscriptions/change-processor', {
    request: changeSubscriptionProcessorRequest,
    response: subscriptionSchema,
    unwrap: ['subscription'],
    answer: 'required',
  }),
});
