import { listWebhooksRequest, parseOrThrow, routePath, routes, webhookEvent, type ListWebhooksRequest, type WebhookEvent } from '@tessera/core';
import type { HttpClient } from './http-client.js';
import { Page, PagePromise } from './page.js';
import type { RequestOptions } from './request-options.js';
import { recogniseList } from './response-body.js';

/** Webhook events recorded per store (section 6). */
export class Webhooks {
  readonly #http: HttpClient;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /** Lists a store's webhook events. The service returns them in one page. */
  list(params: ListWebhooksRequest, options?: RequestOptions): PagePromise<WebhookEvent> {
    return new PagePromise(
      (async () => {
        const query = parseOrThrow(listWebhooksRequest, params);
        const route = routes.listWebhooks;
        const result = await this.#http.send(route.method, routePath(route), { ...options, query });
        const list = recogniseList(webhookEvent, result.data, ['events', 'webhooks']);
        return new Page(list.items, { page: 1, pageSize: list.items.length, total: list.items.length, raw: result.data });
      })(),
    );
  }
}
