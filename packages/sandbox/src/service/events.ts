import type { OperationInput } from '@tessera/core/internal';
import type { SandboxContext } from './context.js';
import { customers } from './customers.js';
import { notFound } from '../errors/http-error.js';
import { SANDBOX_ACCOUNT_ID } from './instruments.js';
import { countWalk, groupFor, pageOf, positionOfId, positionsBy, valuesOf, walk, walkGroups } from '../state/ordered.js';
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
  const customerId = text(data.customerId) ?? null;
  const customer = customerId === null ? undefined : customers.of(ctx).get(customerId);
  const store = stores.of(ctx).get(event.storeId);
  return {
    id: event.id,
    accountId: SANDBOX_ACCOUNT_ID,
    storeId: event.storeId,
    customerId,
    eventType: appEventTypeOf(event.type),
    type: event.type,
    properties,
    draft: false,
    processedAt: event.createdAt,
    createdAt: event.createdAt,
    customer: customer ? { id: customer.id, email: customer.email ?? null, firstName: customer.firstName ?? null, lastName: customer.lastName ?? null } : null,
    store: store ? { id: store.id, name: store.name } : { id: event.storeId, name: null },
  };
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
 * (`s_order_paid` or `order/paid`), and `date` (on `createdAt`). `options` lists the event types and stores there are, as published.
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
  const storeOptions = (valuesOf(all, 'storeId') as string[]).map((id) => ({ id, name: stores.of(ctx).get(id)?.name ?? null }));
  return {
    events: pageOf(walked, (page - 1) * pageSize, pageSize).map((event) => appEventView(ctx, event)),
    total,
    pageCount: Math.ceil(total / pageSize),
    options: { 'appEvents.eventType': [...new Set((valuesOf(all, 'type') as string[]).map(appEventTypeOf))], 'stores.id': storeOptions },
  };
}

/** Get an event (`GET /events/{eventId}`, published): the event at the top level; 404 for an unknown id. */
export function retrieveEvent(ctx: SandboxContext, id: string): Json {
  const all = webhookEvents.of(ctx);
  const position = positionOfId(all, id);
  const event = position === undefined ? undefined : all[position];
  if (!event) throw notFound('event', id);
  return appEventView(ctx, event);
}

/** Recent events (`POST /events/recent`, published): a top-level array of the latest `limit` (default 10), newest first. */
export function recentEvents(ctx: SandboxContext, input: OperationInput<'listRecentEvents'>): Json[] {
  return webhookEvents.of(ctx).slice(-(input.limit ?? 10)).reverse().map((event) => appEventView(ctx, event));
}
