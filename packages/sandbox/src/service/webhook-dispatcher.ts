import type { StateHolder } from '../state/collection.js';
import { positionOfId } from '../state/ordered.js';
import { deliver, deliverySettings, type WebhookDeliveryOptions } from './webhook-delivery.js';
import { OUT_OF_ORDER_BATCH, OUT_OF_ORDER_WINDOW_MS, webhookDeliveries, webhookEndpoints, webhookEvents, type WebhookDelivery, type WebhookEndpointRecord, type WebhookEventRecord, type WebhookEventType } from './webhooks.js';

/** Records events per store and POSTs each to the store's endpoints that subscribed to it, signed, with bounded retries. */
export interface WebhookDispatcher {
  /** Records an event and starts its deliveries. */
  emit(type: WebhookEventType, storeId: string, data: unknown): WebhookEventRecord;
  /**
   * Delivers a recorded event again (same event, same id; signed anew, so a new signature timestamp) to `endpointId`,
   * or to every enabled endpoint of its store subscribed to its type. Returns the new deliveries (none when no
   * endpoint takes it); `undefined` for an unknown event or endpoint, or an endpoint of another store.
   */
  resend(eventId: string, endpointId?: string): WebhookDelivery[] | undefined;
  /** Resolves once every delivery started so far has succeeded or used up its attempts. */
  idle(): Promise<void>;
  /**
   * Goes on with the deliveries a data file holds as `pending` (the sandbox stopped while they were being retried):
   * an attempt cut short is recorded as failed, then each is retried from its next attempt. A delivery whose endpoint
   * is gone or disabled is `failed`. Returns how many were resumed.
   */
  resumePending(): number;
}

/**
 * A copy of a record as it is now, so that later changes to the record do not rewrite the event: what
 * `structuredClone` gives (own enumerable fields, a getter's value as a plain field), copied field by field, about
 * five times faster for the sandbox's records, which are plain objects and arrays. Anything else is cloned.
 */
function snapshot(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(snapshot);
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  // Object.keys and a read per key, not Object.entries: no [key, value] array per field.
  const record = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(record)) copy[key] = snapshot(record[key]);
  return copy;
}

type Send = (event: WebhookEventRecord, endpoint: WebhookEndpointRecord, delivery: WebhookDelivery) => Promise<void>;

/**
 * The out-of-order mode: an endpoint's deliveries gathered in batches, delivered newest first, one after the other,
 * when a batch is full (`OUT_OF_ORDER_BATCH`) or its window ends (`OUT_OF_ORDER_WINDOW_MS`). Returns the call that
 * adds a delivery to its endpoint's batch.
 */
function outOfOrderBatches(track: (task: Promise<void>) => void, send: Send): (...delivery: Parameters<Send>) => void {
  const batches = new Map<string, { items: { event: WebhookEventRecord; delivery: WebhookDelivery }[]; flush: () => void }>();
  return (event, endpoint, delivery) => {
    let batch = batches.get(endpoint.id);
    if (!batch) {
      let flush = (): void => undefined;
      const flushed = new Promise<void>((resolve) => (flush = resolve));
      const created = { items: [] as { event: WebhookEventRecord; delivery: WebhookDelivery }[], flush };
      batch = created;
      batches.set(endpoint.id, created);
      const timer = setTimeout(created.flush, OUT_OF_ORDER_WINDOW_MS);
      track(
        flushed.then(async () => {
          clearTimeout(timer);
          if (batches.get(endpoint.id) === created) batches.delete(endpoint.id);
          // One after the other, newest first: the receiver sees the batch reversed.
          for (const item of created.items.reverse()) await send(item.event, endpoint, item.delivery);
        }),
      );
    }
    batch.items.push({ event, delivery });
    if (batch.items.length >= OUT_OF_ORDER_BATCH) {
      batches.delete(endpoint.id);
      batch.flush();
    }
  };
}

/** Creates the dispatcher over the events, endpoints and deliveries of `holder`'s state. */
export function createWebhookDispatcher(
  holder: StateHolder,
  nextId: (prefix: string) => string,
  nowIso: (customerId?: string) => string,
  options: WebhookDeliveryOptions = {},
  onDeliveryChange?: (delivery: WebhookDelivery) => void,
): WebhookDispatcher {
  const changed = (delivery: WebhookDelivery): void => onDeliveryChange?.(delivery);
  const settings = deliverySettings(options);
  const send: Send = (event, endpoint, delivery) => deliver(event, endpoint, delivery, settings, changed);
  const inFlight = new Set<Promise<void>>();

  function track(task: Promise<void>): void {
    const tracked = task.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  }

  function newDelivery(event: WebhookEventRecord, endpoint: WebhookEndpointRecord, reason?: WebhookDelivery['reason']): WebhookDelivery {
    const delivery: WebhookDelivery = {
      eventId: event.id,
      eventType: event.type,
      storeId: event.storeId,
      endpointId: endpoint.id,
      url: endpoint.url,
      attempts: 0,
      status: 'pending',
      history: [],
      ...(reason ? { reason } : {}),
    };
    webhookDeliveries.of(holder).push(delivery);
    return delivery;
  }

  const enqueueOutOfOrder = outOfOrderBatches(track, send);

  function start(event: WebhookEventRecord, endpoint: WebhookEndpointRecord, reason?: WebhookDelivery['reason']): WebhookDelivery {
    const delivery = newDelivery(event, endpoint, reason);
    if (endpoint.mode?.kind === 'out-of-order' && reason === undefined) enqueueOutOfOrder(event, endpoint, delivery);
    else track(send(event, endpoint, delivery));
    return delivery;
  }

  const subscribed = (endpoint: WebhookEndpointRecord, event: WebhookEventRecord): boolean =>
    endpoint.storeId === event.storeId && endpoint.enabled && endpoint.eventTypes.includes(event.type);

  return {
    emit(type, storeId, data) {
      // Dated by the clock of the customer the event is about (a payment's, an order's, a subscription's).
      const about = typeof data === 'object' && data !== null ? (data as { customerId?: unknown }).customerId : undefined;
      const customerId = typeof about === 'string' ? about : undefined;
      const event: WebhookEventRecord = { id: nextId('evt'), type, storeId, createdAt: nowIso(customerId), data: snapshot(data) };
      webhookEvents.of(holder).push(event);
      for (const endpoint of webhookEndpoints.of(holder).values()) {
        if (!subscribed(endpoint, event)) continue;
        start(event, endpoint);
        if (endpoint.mode?.kind === 'duplicates') start(event, endpoint, 'duplicate');
      }
      return event;
    },
    resend(eventId, endpointId) {
      const all = webhookEvents.of(holder);
      const position = positionOfId(all, eventId);
      const event = position === undefined ? undefined : all[position];
      if (!event) return undefined;
      if (endpointId !== undefined) {
        const endpoint = webhookEndpoints.of(holder).get(endpointId);
        if (!endpoint || endpoint.storeId !== event.storeId) return undefined;
        return [start(event, endpoint, 'resend')];
      }
      return [...webhookEndpoints.of(holder).values()].filter((endpoint) => subscribed(endpoint, event)).map((endpoint) => start(event, endpoint, 'resend'));
    },
    resumePending() {
      let resumed = 0;
      const events = webhookEvents.of(holder);
      for (const delivery of webhookDeliveries.of(holder)) {
        if (delivery.status !== 'pending') continue;
        const cut = delivery.history.at(-1);
        if (cut !== undefined && cut.status === null && cut.error === undefined) {
          cut.error = 'connection_error';
          cut.detail = 'the sandbox stopped during the attempt';
        }
        const position = positionOfId(events, delivery.eventId);
        const event = position === undefined ? undefined : events[position];
        const endpoint = webhookEndpoints.of(holder).get(delivery.endpointId);
        if (event === undefined || endpoint === undefined || !endpoint.enabled) {
          delivery.status = 'failed';
        } else {
          track(send(event, endpoint, delivery));
          resumed++;
        }
        changed(delivery);
      }
      return resumed;
    },
    async idle() {
      // Deliveries can start while we wait (a batch's, a resend's), so wait again, a bounded number of times.
      for (let round = 0; round < 100 && inFlight.size > 0; round++) await Promise.all([...inFlight]);
    },
  };
}
