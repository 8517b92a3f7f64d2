import * as z from 'zod/mini';
import { cardFacts } from './card-facts.js';
import { nonEmptyString, published, resourceId, type RequestFields } from './common.js';
import { commonFilters, listFilters } from './list-filters.js';
import { pageListRequest } from './list-request.js';
import { catalogEntries, op } from '../plumbing/operation.js';

/**
 * A customer (section 2.5), as create-from-token answers it. The document gives id and email; the published answer
 * adds `firstName`, `lastName`, `createdAt` (typed as published, never refused). Other fields pass through.
 */
export const customerSchema = z.looseObject({
  id: z.string(),
  email: z.optional(z.string()),
  firstName: published(z.nullable(z.string())),
  lastName: published(z.nullable(z.string())),
  createdAt: published(z.string()),
});
/** A customer (section 2.5). */
export type Customer = z.infer<typeof customerSchema>;

/**
 * Customer details used to create a customer along with an instrument (section 4.1). The document shows email,
 * firstName and lastName as plain strings, none required; other fields pass through to the service.
 */
export const customerData = z.looseObject({
  email: z.optional(z.string()),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
});
/** Customer details used to create a customer along with an instrument. */
export type CustomerData = RequestFields<z.infer<typeof customerData>>;

/** Path parameters of `GET /customers/{id}/payment-instruments` (section 4.3). */
export const listCustomerPaymentInstrumentsParams = z.looseObject({ customerId: resourceId });

/**
 * The `filters` of `POST /customers/list`: those the vendor's Node SDK guide names (`storeIds`, `firstName`,
 * `lastName`, `email`, `paymentInstrumentCardLast4`, `tags`; their types inferred from the published items) and the
 * convention's `date` (on `createdAt`). Any other key is refused before sending; `unlisted` carries a filter the SDK
 * does not type.
 */
export const listCustomersFilters = listFilters('list customers', {
  date: commonFilters.date,
  storeIds: commonFilters.storeIds,
  /** Only customers with this email (the vendor's guide). */
  email: z.optional(nonEmptyString),
  /** Only customers with this first name (the vendor's guide). */
  firstName: z.optional(nonEmptyString),
  /** Only customers with this last name (the vendor's guide). */
  lastName: z.optional(nonEmptyString),
  /** Only customers whose default card ends with these four digits (the vendor's guide). */
  paymentInstrumentCardLast4: z.optional(z.string().check(z.regex(/^\d{4}$/, { message: 'must be the last four digits of a card' }))),
  /** Only customers with one of these tags (the vendor's guide; `segment:vip`). */
  tags: z.optional(z.array(nonEmptyString).check(z.minLength(1))),
});
/** The `filters` of `POST /customers/list`, as the caller writes them. */
export type ListCustomersFilters = z.input<typeof listCustomersFilters>;

/**
 * Body of `POST /customers/list` (published): `page`, `pageSize`, `sortBy`, `filters` (see
 * {@link listCustomersFilters}). Answered with `{ items, total, page, pageSize, totalPages }`.
 */
export const listCustomersRequest = pageListRequest(undefined, listCustomersFilters);
/** Body of `POST /customers/list`. */
export type ListCustomersRequest = RequestFields<z.input<typeof listCustomersRequest>>;

/**
 * A customer as `GET /customers/{customerId}` answers it (published): the customer's fields with its `store`,
 * `paymentInstruments` and `device`; only `id` is relied on, the rest passes through.
 */
export const customerDetails = z.looseObject({
  id: z.string(),
  email: z.optional(z.nullable(z.string())),
  firstName: z.optional(z.nullable(z.string())),
  lastName: z.optional(z.nullable(z.string())),
  storeId: z.optional(z.string()),
  createdAt: z.optional(z.string()),
  store: z.optional(z.looseObject({ id: z.string(), name: z.optional(z.string()) })),
  /** The customer's instruments (published: `id`, `type`, `isActive`, `isDefault`, `card`). */
  paymentInstruments: z.optional(
    z.array(z.looseObject({ id: z.string(), type: published(z.string()), isActive: published(z.boolean()), isDefault: published(z.boolean()), card: published(cardFacts) })),
  ),
  /** The device last seen (published: `{ browser, os }`). */
  device: z.optional(z.nullable(z.looseObject({ browser: published(z.nullable(z.string())), os: published(z.nullable(z.string())) }))),
});
/** A customer as `GET /customers/{customerId}` answers it. */
export type CustomerDetails = z.infer<typeof customerDetails>;

/** An item of `POST /customers/list` (published): the customer with `storeName`, `lastOrderId`, `paymentInstrumentCardLast4`, `tags`. */
export const listedCustomer = z.looseObject({
  id: z.string(),
  storeId: z.optional(z.string()),
  storeName: z.optional(z.nullable(z.string())),
  email: z.optional(z.nullable(z.string())),
  firstName: z.optional(z.nullable(z.string())),
  lastName: z.optional(z.nullable(z.string())),
  createdAt: z.optional(z.string()),
  lastOrderId: z.optional(z.nullable(z.string())),
  paymentInstrumentCardLast4: z.optional(z.nullable(z.string())),
  tags: z.optional(z.array(z.string())),
});
/** An item of `POST /customers/list`. */
export type ListedCustomer = z.infer<typeof listedCustomer>;

/**
 * The catalog entries of customers, for core's `operations` (`catalog/operations.ts`) to compose: a
 * function, so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const customerOperations = () => catalogEntries({
  retrieveCustomer: op('GET /customers/{id}', { response: customerDetails, unwrap: ['customer'], answer: 'required' }),
  listCustomers: op('POST /customers/list', { request: listCustomersRequest, response: listedCustomer, unwrap: ['items'], answer: 'list', requires: ['id'] }),
});
