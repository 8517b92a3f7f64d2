import * as z from 'zod/mini';
import { nonEmptyString, queryObject, resourceId, type RequestFields } from './common.js';

/** Query of list webhooks (section 4.10, path assumed): the store id. */
export const listWebhooksRequest = queryObject({ storeId: resourceId });
/** Query of list webhooks. */
export type ListWebhooksRequest = RequestFields<z.infer<typeof listWebhooksRequest>>;

/**
 * A webhook event: the body of a delivery, and an item of list webhooks. The vendor publishes the event names (slash
 * form, `order/paid`) but not the delivery body; the sandbox sends `{ id, type, storeId, createdAt, data }` with the
 * resource as `data` (see `docs/contracts.md`). Fields it does not list pass through.
 */
export const webhookEvent = z.looseObject({
  id: z.string(),
  type: z.string(),
  storeId: z.optional(z.string()),
  createdAt: z.optional(z.string()),
  data: z.optional(z.unknown()),
});
/** A webhook event. */
export type WebhookEvent = z.infer<typeof webhookEvent>;

/** Result of list webhooks. */
export const webhookList = z.looseObject({ data: z.array(webhookEvent) });
/** Result of list webhooks. */
export type WebhookList = z.infer<typeof webhookList>;

/**
 * The event types the vendor's guide publishes, in its slash form (`category/event`), "the only valid values". The
 * sandbox fires these and a few more of the same form (`payment/succeeded`, …; its README lists them). Other
 * strings are still sent: the service judges what it accepts.
 */
export const publishedWebhookEventTypes = ['order/created', 'order/paid', 'order/refunded', 'order/failed', 'subscription/created', 'subscription/canceled'] as const;

/**
 * Body of create webhook endpoint (`POST /webhooks`, published): the store, the URL deliveries go to, at least one
 * event type (slash form, `order/paid`), and an optional description.
 */
export const createWebhookEndpointRequest = z.looseObject({
  storeId: resourceId,
  url: z.url({ protocol: /^https?$/ }),
  eventTypes: z.array(nonEmptyString).check(z.minLength(1)),
  description: z.optional(z.string()),
});
/** Body of create webhook endpoint. */
export type CreateWebhookEndpointRequest = RequestFields<z.input<typeof createWebhookEndpointRequest>>;

/**
 * A webhook endpoint as create answers it (published: `{ id, url, secret, eventTypes, enabled, createdAt }`). `secret`
 * (`whsec_…`) is what `constructEvent` verifies the endpoint's deliveries with: keep it like an API key.
 */
export const webhookEndpoint = z.looseObject({
  id: z.string(),
  url: z.optional(z.string()),
  secret: z.string(),
  eventTypes: z.optional(z.array(z.string())),
  enabled: z.optional(z.boolean()),
  description: z.optional(z.nullable(z.string())),
  createdAt: z.optional(z.string()),
});
/** A webhook endpoint with its signing secret. */
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;
