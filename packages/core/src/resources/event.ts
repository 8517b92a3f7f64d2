import * as z from 'zod/mini';
import { pageNumber, pageSize } from './payment.js';
import { nonEmptyString, published, type RequestFields } from './common.js';
import { customerSummary } from './customer-summary.js';
import { commonFilters, listFilters } from './list-filters.js';
import { catalogEntries, op } from '../plumbing/operation.js';

/**
 * An app event of the account (published `POST /events/list`, `GET /events/{eventId}`, `POST /events/recent`): `id`
 * and `eventType` (`s_order_paid`, `s_payment_succeeded`, …) are what the SDK relies on; `properties` (`orderId`,
 * `amount`, `currency`, `paymentId`, …), `customer`, `store` and the rest pass through as sent.
 */
export const appEvent = z.looseObject({
  id: z.string(),
  eventType: z.string(),
  accountId: z.optional(z.nullable(z.string())),
  storeId: z.optional(z.nullable(z.string())),
  customerId: z.optional(z.nullable(z.string())),
  /** What the event is about (published: `orderId`, `amount` in minor units, `currency`, `paymentId`; others by type). */
  properties: z.optional(
    z.nullable(z.looseObject({ orderId: published(z.string()), amount: published(z.number()), currency: published(z.string()), paymentId: published(z.string()) })),
  ),
  draft: z.optional(z.boolean()),
  processedAt: z.optional(z.nullable(z.string())),
  createdAt: z.optional(z.string()),
  customer: published(z.nullable(customerSummary)),
  store: published(z.nullable(z.looseObject({ id: published(z.string()), name: published(z.nullable(z.string())) }))),
});
/** An app event. */
export type AppEvent = z.infer<typeof appEvent>;

/**
 * The `filters` of `POST /events/list` (children not published): the convention's `date` (on `createdAt`), the
 * document's `storeIds`, and `eventTypes` (inferred from the published answer's `options`, whose
 * `appEvents.eventType` lists the types there are; the sandbox takes either form, `s_order_paid` or `order/paid`).
 * Any other key is refused before sending; `unlisted` carries a filter the SDK does not type.
 */
export const listEventsFilters = listFilters('list events', {
  date: commonFilters.date,
  storeIds: commonFilters.storeIds,
  /** Only events of these types (inferred). */
  eventTypes: z.optional(z.array(nonEmptyString).check(z.minLength(1))),
});
/** The `filters` of `POST /events/list`, as the caller writes them. */
export type ListEventsFilters = z.input<typeof listEventsFilters>;

/**
 * Body of list events (`POST /events/list`, published): `pagination { page, pageSize }`, `filters` (see
 * {@link listEventsFilters}) and `sortBy`.
 */
export const listEventsRequest = z.looseObject({
  pagination: z.optional(z.looseObject({ page: pageNumber, pageSize })),
  filters: z.optional(listEventsFilters),
  sortBy: z.optional(z.looseObject({ field: z.optional(z.string()), direction: z.optional(z.union([z.literal('asc'), z.literal('desc')])) })),
});
/** Body of list events. */
export type ListEventsRequest = RequestFields<z.input<typeof listEventsRequest>>;

/** Body of recent events (`POST /events/recent`, published): `limit`, 1–100 (the service's default 10). */
export const recentEventsRequest = z.looseObject({ limit: z.optional(z.int().check(z.minimum(1), z.maximum(100))) });
/** Body of recent events. */
export type RecentEventsRequest = RequestFields<z.input<typeof recentEventsRequest>>;

/**
 * Result of list events (published): `{ events, total, pageCount, options }`.
 * @internal
 */
export const appEventList = z.looseObject({
  events: z.array(appEvent),
  total: z.optional(z.number()),
  pageCount: z.optional(z.number()),
  options: z.optional(z.record(z.string(), z.unknown())),
});
/**
 * Result of list events.
 * @internal
 */
export type AppEventList = z.infer<typeof appEventList>;

/**
 * The catalog entries of app events, for core's `operations` (`catalog/operations.ts`) to compose: a
 * function, so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const eventOperations = () => catalogEntries({
  listEvents: op('POST /events/list', { request: listEventsRequest, response: appEvent, unwrap: ['events'], answer: 'list', requires: ['id', 'eventType'] }),
  retrieveEvent: op('GET /events/{id}', {
    response: appEvent,
    unwrap: ['event', 'data'],
    answer: 'required',
    requires: ['id', 'eventType'],
    idField: 'eventId',
  }),
  listRecentEvents: op('POST /events/recent', {
    request: recentEventsRequest,
    response: appEvent,
    unwrap: ['events'],
    answer: 'list',
    requires: ['id', 'eventType'],
  }),
});
