import type { ListWebhooksRequest, WebhookEvent } from '@tessera/core';
import { PagePromise } from './page.js';
import type { RequestOptions } from './request-options.js';
import { Resource } from './resource.js';

/** Webhook events recorded per store (section 6). */
export class Webhooks extends Resource {
  /** Lists a store's webhook events. The service returns them in one page. */
  list(params: ListWebhooksRequest, options?: RequestOptions): PagePromise<WebhookEvent> {
    return new PagePromise(this.call('listWebhooks', params, options));
  }
}
