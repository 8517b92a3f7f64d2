import * as z from 'zod/mini';
import { queryObject, resourceId, type RequestFields } from './common.js';

/** Query of list webhooks (section 4.10, path assumed): the store id. */
export const listWebhooksRequest = queryObject({ storeId: resourceId });
/** Query of list webhooks. */
export type ListWebhooksRequest = RequestFields<z.infer<typeof listWebhooksRequest>>;

/**
 * A webhook event. Event kinds and payload shape are "not shown" in the document; the sandbox uses
 * `payment.*`, `order.created` and `subscription.*` with the resource as `data`.
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
