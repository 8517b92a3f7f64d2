import type { CreateWebhookEndpointRequest, ListWebhookEventsRequest, WebhookEndpoint, WebhookEvent, WebhookPayload } from '@tessera/core';
import { constructWebhookEvent, type ConstructWebhookEventOptions, type WebhookSignatureHeader } from './construct-webhook-event.js';
import { PagePromise } from '../core/page.js';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';

/** Webhooks: endpoints (published `POST /webhooks`), the events recorded per store (section 6), and verification of deliveries. */
export class Webhooks extends Resource<'createWebhookEndpoint' | 'listWebhookEvents'> {
  /**
   * Registers an endpoint that receives a store's events of the given types (slash form: `order/paid`,
   * `payment/succeeded`, …; at least one). The answer carries the endpoint's `secret` (`whsec_…`): store it like an
   * API key and pass it to {@link constructEvent} for each delivery. Guaranteed: `id` and `secret`.
   */
  async createEndpoint(params: CreateWebhookEndpointRequest, options?: RequestOptions): Promise<WebhookEndpoint> {
    return this.call('createWebhookEndpoint', params, options);
  }

  /**
   * Lists a store's webhook events (`GET /webhooks`, the catalog's `listWebhookEvents`: it answers events, not endpoints).
   * The service returns them in one page.
   */
  listEvents(params: ListWebhookEventsRequest, options?: RequestOptions): PagePromise<WebhookEvent> {
    return new PagePromise(this.call('listWebhookEvents', params, options));
  }

  /**
   * Verifies a delivery with its endpoint's secret and returns its event, or throws
   * `TesseraSignatureVerificationError` (answer 400). Sends nothing. Same as `constructWebhookEvent` of `@tessera/server/internal`.
   */
  async constructEvent(rawBody: WebhookPayload, signature: WebhookSignatureHeader, secret: string, options?: ConstructWebhookEventOptions): Promise<WebhookEvent> {
    return constructWebhookEvent(rawBody, signature, secret, options);
  }
}
