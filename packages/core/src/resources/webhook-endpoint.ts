import * as z from 'zod/mini';
import { nonEmptyString, queryObject, resourceId, type RequestFields } from './common.js';
import { webhookEvent } from './webhook-event.js';
import { catalogEntries, op } from '../plumbing/operation.js';

/**
 * Query of list webhook events, the document's "list webhooks" (section 4.10, path assumed), which answers a store's
 * webhook events: the store id.
 */
export const listWebhookEventsRequest = queryObject({ storeId: resourceId });
/** Query of list webhook events. */
export type ListWebhookEventsRequest = RequestFields<z.infer<typeof listWebhookEventsRequest>>;

/**
 * Result of list webhooks.
 * @internal
 */
export const webhookList = z.looseObject({ data: z.array(webhookEvent) });
/**
 * Result of list webhooks.
 * @internal
 */
export type WebhookList = z.infer<typeof webhookList>;

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

/**
 * The catalog entries of webhooks and their endpoints, for core's `operations` (`catalog/operations.ts`) to compose: a
 * function, so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const webhookEndpointOperations = () => catalogEntries({
  listWebhookEvents: op('GET /webhooks', { assumed: true, request: listWebhookEventsRequest, response: webhookEvent, unwrap: ['events', 'webhooks'], answer: 'list' }),
  createWebhookEndpoint: op('POST /webhooks', {
    request: createWebhookEndpointRequest,
    response: webhookEndpoint,
    unwrap: ['webhook', 'endpoint', 'data'],
    answer: 'required',
    // The secret is what every delivery is verified with: an endpoint without one cannot be used.
    requires: ['id', 'secret'],
  }),
});
