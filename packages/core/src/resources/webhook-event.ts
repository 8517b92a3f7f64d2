import * as z from 'zod/mini';
import { orderSchema } from './order.js';
import { paymentSchema } from './payment.js';
import { subscriptionSchema } from './subscription.js';

/**
 * Every webhook event type the SDK knows, with the schema of its `data`: the resource the event is about. Sources
 * (`docs/contracts.md`, "Webhook events"):
 * - the vendor's guide, slash form, "the only valid values": `order/paid`, `order/created`, `order/refunded`,
 *   `order/failed`, `subscription/created`, `subscription/canceled`;
 * - the same guide's other copy, dotted (`payment.completed`, `payment.expired`): `payment/completed`,
 *   `payment/expired`;
 * - the published events pages (`s_payment_succeeded`): `payment/succeeded`;
 * - what the sandbox fires: `payment/<status>` for each status a payment reaches, `subscription/renewed`,
 *   `subscription/past_due`.
 *
 * The vendor's browser code names no event type. The vendor does not publish a delivery's body: the sandbox sends
 * each resource as its published answer shows it (a payment as `POST /payments/process` answers it, an order as
 * `GET /orders/{orderId}`, a subscription as `POST /subscriptions/create`), which these schemas read.
 */
export const webhookEventData = {
  'payment/pending': paymentSchema,
  'payment/authorized': paymentSchema,
  'payment/succeeded': paymentSchema,
  'payment/declined': paymentSchema,
  'payment/failed': paymentSchema,
  'payment/voided': paymentSchema,
  'payment/refunded': paymentSchema,
  'payment/partially_refunded': paymentSchema,
  'payment/completed': paymentSchema,
  'payment/expired': paymentSchema,
  'order/created': orderSchema,
  'order/paid': orderSchema,
  'order/refunded': orderSchema,
  'order/failed': orderSchema,
  'subscription/created': subscriptionSchema,
  'subscription/renewed': subscriptionSchema,
  'subscription/past_due': subscriptionSchema,
  'subscription/canceled': subscriptionSchema,
} as const;

/** A webhook event type the SDK knows (a key of {@link webhookEventData}). */
export type KnownWebhookEventType = keyof typeof webhookEventData;

/** The fields of every event but `type` and `data`: `id`, and `storeId` and `createdAt` when sent; others pass through. */
export const webhookEventFields = z.looseObject({
  id: z.string(),
  storeId: z.optional(z.string()),
  createdAt: z.optional(z.string()),
});
/** The fields of every webhook event but `type` and `data`: `id`, `storeId`, `createdAt`, and the ones the SDK does not list. */
export type WebhookEventFields = z.infer<typeof webhookEventFields>;

/** What a delivery's body must be, whatever its type: `{ id, type }`; `data` is not read here (see `isKnownWebhookEvent`, `../webhooks/known-webhook-event.ts`). */
const webhookEventEnvelope = z.extend(webhookEventFields, { type: z.string(), data: z.optional(z.unknown()) });

/** An event of a known type, its `data` the resource it is about (a {@link Payment}, an {@link Order}, …). */
export type WebhookEventOf<T extends KnownWebhookEventType> = WebhookEventFields & {
  type: T;
  data: z.infer<(typeof webhookEventData)[T]>;
};

/**
 * An event of a known type whose `data` is that type's resource: a union on `type`, so that `switch (event.type)`
 * narrows `event.data` (to a `Payment` for `payment/succeeded`, an `Order` for `order/paid`, …).
 */
export type KnownWebhookEvent = { [T in KnownWebhookEventType]: WebhookEventOf<T> }[KnownWebhookEventType];

/**
 * Any other event, passed through as sent: a type the SDK does not know yet (the service may add some), or a known
 * type whose `data` is not its resource.
 */
export type UnknownWebhookEvent = WebhookEventFields & {
  type: string & {};
  data?: unknown;
};

/**
 * A webhook event: the body of a delivery, and an item of list webhooks. Read it with `isKnownWebhookEvent` (`@tessera/core`),
 * then `switch (event.type)`: TypeScript narrows `data` only once the unknown member is ruled out, as a member whose
 * `type` is any string stays in every branch of a `switch`.
 */
export type WebhookEvent = KnownWebhookEvent | UnknownWebhookEvent;

/**
 * The schema of a webhook event: lenient, it requires `{ id, type }` (strings) and passes every other field through,
 * so a new type or a new field never fails a delivery. Its output is typed {@link WebhookEvent}: whatever it accepts
 * is an {@link UnknownWebhookEvent} at least.
 */
export const webhookEvent = webhookEventEnvelope as unknown as z.ZodMiniType<WebhookEvent, unknown>;
