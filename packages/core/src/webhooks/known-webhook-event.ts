import * as z from 'zod/mini';
import { webhookEventData, type KnownWebhookEvent, type KnownWebhookEventType, type WebhookEvent } from '../resources/webhook-event.js';

/** Every webhook event type the SDK knows, in the order of {@link webhookEventData}. */
export const knownWebhookEventTypes = /* @__PURE__ */ Object.keys(webhookEventData) as readonly KnownWebhookEventType[];

/**
 * The event types of the vendor's guide (slash form), "the only valid values" there. The sandbox fires some of these
 * and more of the same form ({@link knownWebhookEventTypes}); other strings are still sent: the service judges what
 * it accepts.
 */
export const publishedWebhookEventTypes = ['order/created', 'order/paid', 'order/refunded', 'order/failed', 'subscription/created', 'subscription/canceled'] as const;

/**
 * True when the event's type is one the SDK knows and its `data` is that type's resource (checked against its
 * schema, so the narrowed type holds at run time): then `switch (event.type)` narrows `event.data`. False for any
 * other event, which the service may still send: acknowledge it (answer 2xx) and skip it, or read it yourself.
 *
 * ```ts
 * if (!isKnownWebhookEvent(event)) return;
 * switch (event.type) {
 *   case 'payment/succeeded': console.log(event.data.amount); break; // a Payment
 *   case 'order/paid': console.log(event.data.id); break;           // an Order
 * }
 * ```
 */
export function isKnownWebhookEvent(event: WebhookEvent): event is KnownWebhookEvent {
  if (!Object.hasOwn(webhookEventData, event.type)) return false;
  return z.safeParse(webhookEventData[event.type as KnownWebhookEventType], event.data).success;
}
