import type { OperationInput } from '@tessera/core/internal';
import type { SandboxContext, ServedOperations } from './context.js';
import { customers } from './customers.js';
import { notFound } from '../errors/http-error.js';
import { SANDBOX_ACCOUNT_ID } from './instruments.js';
import { countWalk, groupFor, pageOf, positionOfId, positionsBy, valuesOf, walk, walkGroups } from '../state/ordered.js';
import { funnelStepEvents, type FunnelStepEventRecord } from './funnel-tracking.js';
import { passesDate } from './lists.js';
import { stores } from './stores.js';
import { appEventTypeOf, type WebhookEventRecord, webhookEvents } from './webhooks.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * A recorded event as the published events operations show one: `{ id, accountId, storeId, customerId, eventType,
 * properties, draft, processedAt, createdAt, customer, store }`, `eventType` the published app-event name
 * (`s_payment_succeeded`), and beside it the webhook `type` (`payment/succeeded`). `properties` names the resource:
 * `paymentId`, `orderId`, `subscriptionId`, `amount`, `currency`, `status` as it has them.
 */
export function appEventView(ctx: SandboxContext, event: WebhookEventRecord): Json {
  const data = isObject(event.data) ? event.data : {};
  const [category] = event.type.split('/');
  const properties: Json = {};
  const ownId = text(data.id);
  if (category === 'payment' && ownId) properties.paymentId = ownId;
  if (category === 'order' && ownId) properties.orderId = ownId;
  if (category === 'subscription' && ownId) properties.subscriptionId = ownId;
  for (const key of ['paymentId', 'orderId', 'subscriptionId', 'amount', 'currency', 'status'] as const) {
    if (properties[key] === undefined && data[key] !== undefined && data[key] !== null) properties[key] = data[key];
  }
  const view = eventView(ctx, { id: event.id, storeId: event.storeId, customerId: text(data.customerId) ?? null, eventType: appEventTypeOf(event.type), properties, createdAt: event.createdAt });
  return { ...view, type: event.type };
}

/** What an app event's view is made of (a funnel step event is one as recorded). */
interface AppEventFields {
  id: string;
  storeId: string;
  customerId: string | null;
  eventType: string;
  properties: Json;
  createdAt: string;
}

/**
 * An app event in the published shape, from what it is about: `{ id, accountId, storeId, customerId, eventType,
 * properties, draft, processedAt, createdAt, customer, store }`, the customer's and store's names looked up.
 */
function eventView(ctx: SandboxContext, event: AppEventFields): Json {
  const customer = event.customerId === null ? undefined : customers.of(ctx).get(event.customerId);
  const store = stores.of(ctx).get(event.storeId);
  return {
    id: event.id,
    accountId: SANDBOX_ACCOUNT_ID,
    storeId: event.storeId,
    customerId: event.customerId,
    eventType: event.eventType,
    properties: event.properties,
    draft: false,
    processedAt: event.createdAt,
    createdAt: event.createdAt,
    customer: customer ? { id: customer.id, email: customer.email ?? null, firstName: customer.firstName ?? null, lastName: customer.lastName ?? null } : null,
    store: store ? { id: store.id, name: store.name } : { id: event.storeId, name: null },
  };
}

/**
 * Either kind of app event the events operations show, in the published shape: a webhook event, or an event tracked
 * at a funnel step (`POST /funnel-tracking/step`), whose request's fields are its `properties`.
 */
const viewOf = (ctx: SandboxContext, event: WebhookEventRecord | FunnelStepEventRecord): Json =>
  'webhookEventsBefore' in event ? eventView(ctx, event) : appEventView(ctx, event);

/**
 * The webhook events `walked` yields, with the funnel step events `steps` (oldest first) among them where each was
 * recorded, in the direction `from`: a funnel step event stands after the webhook events recorded before it.
 */
function* interleave(all: readonly WebhookEventRecord[], walked: Iterator<WebhookEventRecord>, steps: readonly FunnelStepEventRecord[], from: 'newest' | 'oldest'): Generator<WebhookEventRecord | FunnelStepEventRecord> {
  const newest = from === 'newest';
  const queue = newest ? [...steps].reverse() : [...steps];
  let next = 0;
  for (let item = walked.next(); item.done !== true; item = walked.next()) {
    const position = positionOfId(all, item.value.id) ?? 0;
    while (next < queue.length && (newest ? queue[next]!.webhookEventsBefore > position : queue[next]!.webhookEventsBefore <= position)) yield queue[next++]!;
    yield item.value;
  }
  while (next < queue.length) yield queue[next++]!;
}

/** An event's group by store and type (an index of the events list filtered on types). */
const storeTypeKey = (storeId: string, type: string): string => `${storeId}\n${type}`;
const storeTypeOf = (event: WebhookEventRecord): string => storeTypeKey(event.storeId, event.type);

/** The ids or names a filter lists, as strings (`filters.storeIds`, `filters.eventTypes`); `undefined` when absent. */
function listed(filters: Json | undefined, key: string): string[] | undefined {
  const value = filters?.[key];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

/**
 * List events (`POST /events/list`, published) → `{ events, total, pageCount, options }`, newest first unless
 * `sortBy.direction` is `asc`. Filters (typed by core's catalog): `storeIds`, `eventTypes` in either form
 * (`s_order_paid` or `order/paid`, or a funnel step's `funnel_step_view`…), and `date` (on `createdAt`). `options` lists the
 * event types and stores there are, as published. The events tracked at funnel steps are listed among the webhook
 * events as they were recorded.
 */
export function listEvents(ctx: SandboxContext, input: OperationInput<'listEvents'>): Json {
  const page = input.pagination?.page ?? 1;
  const pageSize = input.pagination?.pageSize ?? 20;
  const storeIds = listed(input.filters, 'storeIds');
  const types = listed(input.filters, 'eventTypes');
  // Walked from the end of the list (or its start for `asc`): a page costs its size, not the number of events. The
  // store's events, or the groups by store and type a type filter selects, come from indexes kept as events are added
  // (an event never changes), and so does the total.
  const all = webhookEvents.of(ctx);
  const from = input.sortBy?.direction === 'asc' ? ('oldest' as const) : ('newest' as const);
  // A date filter is applied while walking, and the total counted in one pass.
  const date = input.filters?.date;
  const inDates = (event: WebhookEventRecord): boolean => passesDate(date, event.createdAt);
  let total: number;
  let walked: Iterator<WebhookEventRecord>;
  if (types === undefined) {
    const store = groupFor(all, 'storeId', storeIds);
    const inStore = (event: WebhookEventRecord): boolean => storeIds === undefined || storeIds.includes(event.storeId);
    const matches = date !== undefined ? (event: WebhookEventRecord) => inStore(event) && inDates(event) : store.several ? inStore : undefined;
    total = matches === undefined ? store.total! : countWalk(all, { positions: store.positions, matches });
    walked = walk(all, { positions: store.positions, matches, from });
  } else {
    const wanted = (valuesOf(all, 'type') as string[]).filter((type) => types.includes(type) || types.includes(appEventTypeOf(type)));
    const inStores = storeIds === undefined ? (valuesOf(all, 'storeId') as string[]) : [...new Set(storeIds)];
    const groups = inStores.flatMap((storeId) => wanted.map((type) => positionsBy(all, 'storeType', storeTypeOf, storeTypeKey(storeId, type))));
    if (date === undefined) {
      total = groups.reduce((sum, positions) => sum + positions.length, 0);
      walked = walkGroups(all, groups, from);
    } else {
      total = 0;
      for (const event of walkGroups(all, groups, from)) if (inDates(event)) total++;
      walked = (function* () {
        for (const event of walkGroups(all, groups, from)) if (inDates(event)) yield event;
      })();
    }
  }
  // The funnel step events of the stores, types and dates asked for (a pass over them), among the webhook events.
  const steps = funnelStepEvents.of(ctx);
  const stepsListed = steps.filter((event) => (storeIds === undefined || storeIds.includes(event.storeId)) && (types === undefined || types.includes(event.eventType)) && passesDate(date, event.createdAt));
  total += stepsListed.length;
  const paged = stepsListed.length === 0 ? walked : interleave(all, walked, stepsListed, from);
  const storeOptions = [...new Set([...(valuesOf(all, 'storeId') as string[]), ...steps.map((event) => event.storeId)])].map((id) => ({ id, name: stores.of(ctx).get(id)?.name ?? null }));
  const eventTypes = [...(valuesOf(all, 'type') as string[]).map(appEventTypeOf), ...steps.map((event) => event.eventType)];
  return {
    events: pageOf(paged, (page - 1) * pageSize, pageSize).map((event) => viewOf(ctx, event)),
    total,
    pageCount: Math.ceil(total / pageSize),
    options: { 'appEvents.eventType': [...new Set(eventTypes)], 'stores.id': storeOptions },
  };
}

/** Get an event (`GET /events/{eventId}`, published): the event (a funnel step's too) at the top level; 404 for an unknown id. */
export function retrieveEvent(ctx: SandboxContext, id: string): Json {
  const all = webhookEvents.of(ctx);
  const position = positionOfId(all, id);
  const event = position === undefined ? undefined : all[position];
  if (event) return appEventView(ctx, event);
  const steps = funnelStepEvents.of(ctx);
  const step = steps.length === 0 ? undefined : steps[positionOfId(steps, id) ?? -1];
  if (!step) throw notFound('event', id);
  return viewOf(ctx, step);
}

/** Recent events (`POST /events/recent`, published): a top-level array of the latest `limit` (default 10), newest first, funnel step events included. */
export function recentEvents(ctx: SandboxContext, input: OperationInput<'listRecentEvents'>): Json[] {
  const limit = input.limit ?? 10;
  const all = webhookEvents.of(ctx);
  const latest = all.slice(-limit).reverse()[Symbol.iterator]();
  return pageOf(interleave(all, latest, funnelStepEvents.of(ctx).slice(-limit), 'newest'), 0, limit).map((event) => viewOf(ctx, event));
}

/** App events: the operations this module serves. */
export const eventOperations = {
  listEvents,
  retrieveEvent,
  listRecentEvents: recentEvents,
} satisfies ServedOperations;
