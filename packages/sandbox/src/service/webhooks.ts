import { knownWebhookEventTypes, type KnownPaymentStatus, type KnownWebhookEventType } from '@tessera/core';
import { byId, listOf } from '../state/collection.js';

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
