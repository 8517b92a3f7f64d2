import { knownWebhookEventTypes, signWebhookPayload, WEBHOOK_SIGNATURE_HEADER, type KnownPaymentStatus, type KnownWebhookEventType } from '@tessera/core';
import { sleep } from '@tessera/core/internal';
import { byId, listOf, type StateHolder } from '../state/collection.js';
import { positionOfId } from '../state/ordered.js';

/** A webhook event recorded for a store. */
export interface WebhookEventRecord {
  id: string;
  type: WebhookEventType;
  storeId: string;
  createdAt: string;
  data: unknown;
}

/** One attempt of a delivery: when it started, the answer's status (`null` without one) and why it failed. */
export interface WebhookDeliveryAttempt {
  attempt: number;
  /** When it started (real time, as the signature's timestamp). */
  at: string;
  status: number | null;
  /**
   * `connection_error` or `timeout` when no answer came; `fail_first` when the receiver answered but the endpoint's
   * `fail-first` mode counts the attempt as failed (the answer is as if lost: the event is sent again).
   */
  error?: 'connection_error' | 'timeout' | 'fail_first';
  /** What went wrong without an answer, when known (`ECONNREFUSED`, `aborted after 10000 ms`). */
  detail?: string;
  durationMs: number;
  /** The signature header the attempt was sent with (an HMAC of the body and a timestamp: no secret). */
  signature?: string;
}

/** One delivery of one event to one endpoint, with each attempt. */
export interface WebhookDelivery {
  eventId: string;
  eventType: WebhookEventType;
  storeId: string;
  /** The endpoint (`wh_…`) it goes to. */
  endpointId: string;
  url: string;
  attempts: number;
  status: 'pending' | 'delivered' | 'failed';
  /** HTTP status of the last attempt, when there was an answer. */
  lastStatus?: number;
  /** Every attempt so far, first one first. */
  history: WebhookDeliveryAttempt[];
  /** Why this delivery was made besides the event: a `resend`, or the second copy of the `duplicates` mode. */
  reason?: 'resend' | 'duplicate';
}

/**
 * How an endpoint is delivered to, for testing a handler's robustness: `normal`; `duplicates` (each event twice);
 * `out-of-order` (events gathered in short batches, up to `OUT_OF_ORDER_BATCH` or
 * `OUT_OF_ORDER_WINDOW_MS`, each batch delivered newest first, one after the other); `delay` (each delivery
 * starts `ms` later); `fail-first` (the first `attempts` attempts of each delivery reach the receiver, but are
 * recorded as failed whatever it answers and retried: the handler sees the same event `attempts + 1` times, as when
 * its answer is lost).
 */
export type WebhookDeliveryMode =
  | { kind: 'normal' }
  | { kind: 'duplicates' }
  | { kind: 'out-of-order' }
  | { kind: 'delay'; ms: number }
  | { kind: 'fail-first'; attempts: number };

/** The most events the `out-of-order` mode gathers before it delivers them, newest first. */
export const OUT_OF_ORDER_BATCH = 3;
/** How long the `out-of-order` mode waits for a batch to fill before it delivers what it has. */
export const OUT_OF_ORDER_WINDOW_MS = 250;
/** The longest `delay` of the delay mode. */
export const MAX_DELIVERY_DELAY_MS = 60_000;
/** The most attempts `fail-first` fails (each delivery has at most 10 attempts). */
export const MAX_FAIL_FIRST = 9;

/**
 * A webhook endpoint as the sandbox answers it, its secret included: what the `/sandbox/webhook-endpoints` helper
 * (`connectSandbox().webhooks.addEndpoint`) answers; the published `POST /webhooks` answers it without `mode`.
 */
export interface SandboxWebhookEndpoint {
  id: string;
  storeId: string;
  url: string;
  /** The `whsec_…` secret every delivery to it is signed with. */
  secret: string;
  /** The event types it receives. */
  eventTypes: string[];
  enabled: boolean;
  description: string | null;
  createdAt: string;
  /** How it is delivered to. */
  mode: WebhookDeliveryMode;
}

/** A registered webhook endpoint (`POST /webhooks`, or the `/sandbox/webhook-endpoints` helper): what the sandbox answers for it, and whether the helper registered it. */
export interface WebhookEndpointRecord extends Omit<SandboxWebhookEndpoint, 'mode'> {
  /** Registered by the helper: every event type. */
  allEvents: boolean;
  /** How it is delivered to (the helper sets it); `normal` when absent. */
  mode?: WebhookDeliveryMode;
}

/** Webhook events, oldest first. */
export const webhookEvents = listOf<WebhookEventRecord>()('webhookEvents');

/** Registered webhook endpoints (`wh_…`), with their secrets; each receives its store's events of its types. */
export const webhookEndpoints = byId<WebhookEndpointRecord>()('webhookEndpoints');

/** Each delivery of an event to an endpoint, with its attempts. */
export const webhookDeliveries = listOf<WebhookDelivery>()('webhookDeliveries');

/**
 * Every event the sandbox fires, in the vendor's published slash form (`category/event`): `payment/<status>` for each
 * status a payment can reach, `order/created` and `order/paid` for a paid order, and the subscription events. Each is
 * one of core's known types, so its `data` is what core types it as (a payment, an order, a subscription).
 */
export type WebhookEventType = Extract<
  KnownWebhookEventType,
  `payment/${KnownPaymentStatus}` | 'order/created' | 'order/paid' | 'subscription/created' | 'subscription/renewed' | 'subscription/past_due'
>;

/**
 * The sandbox's earlier dotted names and what it fires now (the vendor's guide: "slash format, the only valid
 * values"; `docs/contracts.md`). An endpoint registered with a dotted name is refused with a pointer to its slash form.
 */
export const webhookEventTypeRenames = {
  'payment.<status>': 'payment/<status>',
  'payment.voided': 'payment/voided',
  'order.created': 'order/created (then order/paid: sandbox orders are created paid)',
  'subscription.created': 'subscription/created',
  'subscription.renewed': 'subscription/renewed',
  'subscription.past_due': 'subscription/past_due',
} as const;

/**
 * What an endpoint may subscribe to: every type core knows (`knownWebhookEventTypes`), that is every type the sandbox
 * fires and every one the vendor publishes (some never fire here).
 */
export const webhookEventTypes: readonly string[] = knownWebhookEventTypes;

/**
 * The published app-event name of a webhook event type, as `POST /events/list` shows them (`s_order_paid`,
 * `s_payment_succeeded`): `s_` then the type with `/` as `_`.
 */
export function appEventTypeOf(type: string): string {
  return `s_${type.replace('/', '_')}`;
}

/** How webhooks are delivered. */
export interface WebhookDeliveryOptions {
  /** The fetch used to POST events (defaults to `globalThis.fetch` at delivery time); called with `redirect: 'manual'`: a 3xx is a failed attempt. */
  fetch?: typeof fetch;
  /** Attempts per event and endpoint, first one included, 1–10. Default 3. */
  maxAttempts?: number;
  /** Wait before the first retry, doubled for each further retry, each wait at most 30 s. Default 100 ms. */
  retryDelayMs?: number;
  /** Time limit of one attempt; a receiver that has not answered by then counts as a failure. Default 10 s. */
  attemptTimeoutMs?: number;
}

/** The longest wait between two attempts. */
const MAX_RETRY_DELAY_MS = 30_000;

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

/** Creates the dispatcher over the events, endpoints and deliveries of `holder`'s state. */
export function createWebhookDispatcher(
  holder: StateHolder,
  nextId: (prefix: string) => string,
  nowIso: (customerId?: string) => string,
  options: WebhookDeliveryOptions = {},
  onDeliveryChange?: (delivery: WebhookDelivery) => void,
): WebhookDispatcher {
  const changed = (delivery: WebhookDelivery): void => onDeliveryChange?.(delivery);
  const maxAttempts = Math.max(1, Math.min(options.maxAttempts ?? 3, 10));
  const retryDelayMs = Math.max(0, options.retryDelayMs ?? 100);
  const attemptTimeoutMs = Math.max(1, options.attemptTimeoutMs ?? 10_000);
  const inFlight = new Set<Promise<void>>();

  async function deliver(event: WebhookEventRecord, endpoint: WebhookEndpointRecord, delivery: WebhookDelivery): Promise<void> {
    const body = JSON.stringify(event);
    const mode = endpoint.mode ?? { kind: 'normal' };
    // A delivery resumed after a restart goes on from its next attempt (at least one more), without the delay.
    const first = delivery.attempts + 1;
    if (mode.kind === 'delay' && first === 1) await sleep(Math.min(Math.max(0, mode.ms), MAX_DELIVERY_DELAY_MS));
    const failFirst = mode.kind === 'fail-first' ? Math.min(Math.max(0, mode.attempts), MAX_FAIL_FIRST) : 0;
    // Failing the first n attempts leaves at least one more, so a working receiver gets the event in the end.
    const attempts = Math.max(Math.min(Math.max(maxAttempts, failFirst + 1), 10), first);
    for (let attempt = first; attempt <= attempts; attempt++) {
      delivery.attempts = attempt;
      // Signed at each attempt with the real time (not the test clock), as the receiver checks it against its own.
      const signature = await signWebhookPayload(body, endpoint.secret);
      const started = Date.now();
      const record: WebhookDelivery['history'][number] = { attempt, at: new Date(started).toISOString(), status: null, durationMs: 0, signature };
      delivery.history.push(record);
      changed(delivery);
      try {
        const send = options.fetch ?? globalThis.fetch;
        const response = await send(endpoint.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [WEBHOOK_SIGNATURE_HEADER]: signature,
            'x-tessera-event-id': event.id,
            'x-tessera-event-type': event.type,
          },
          body,
          // A signed event goes to the registered URL only: a 3xx is a failed attempt, never followed elsewhere.
          redirect: 'manual',
          signal: AbortSignal.timeout(attemptTimeoutMs),
        });
        delivery.lastStatus = response.status;
        record.status = response.status;
        await response.body?.cancel();
        if (response.ok && attempt <= failFirst) {
          record.error = 'fail_first';
        } else if (response.ok) {
          record.durationMs = Date.now() - started;
          delivery.status = 'delivered';
          changed(delivery);
          return;
        }
      } catch (error) {
        // A connection failure or a timeout counts as a failed attempt, like a non-2xx answer.
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        record.error = timedOut ? 'timeout' : 'connection_error';
        record.detail = timedOut ? `no answer within ${attemptTimeoutMs} ms` : failureDetail(error);
      }
      record.durationMs = Date.now() - started;
      changed(delivery);
      if (attempt < attempts) await sleep(Math.min(retryDelayMs * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS));
    }
    delivery.status = 'failed';
    changed(delivery);
  }

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

  // The out-of-order mode's batches, per endpoint: delivered newest first when full or when the window ends.
  const batches = new Map<string, { items: { event: WebhookEventRecord; delivery: WebhookDelivery }[]; flush: () => void }>();

  function enqueueOutOfOrder(event: WebhookEventRecord, endpoint: WebhookEndpointRecord, delivery: WebhookDelivery): void {
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
          for (const item of created.items.reverse()) await deliver(item.event, endpoint, item.delivery);
        }),
      );
    }
    batch.items.push({ event, delivery });
    if (batch.items.length >= OUT_OF_ORDER_BATCH) {
      batches.delete(endpoint.id);
      batch.flush();
    }
  }

  function start(event: WebhookEventRecord, endpoint: WebhookEndpointRecord, reason?: WebhookDelivery['reason']): WebhookDelivery {
    const delivery = newDelivery(event, endpoint, reason);
    if (endpoint.mode?.kind === 'out-of-order' && reason === undefined) enqueueOutOfOrder(event, endpoint, delivery);
    else track(deliver(event, endpoint, delivery));
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
          track(deliver(event, endpoint, delivery));
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

/** Why a fetch failed without an answer, as a short code (`ECONNREFUSED`) or message; never the request. */
function failureDetail(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.message.slice(0, 200) : 'unknown error';
}
