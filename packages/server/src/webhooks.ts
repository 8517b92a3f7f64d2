import { listWebhooksRequest, parseOrThrow, routePath, routes, webhookList, type ListWebhooksRequest, type WebhookEvent } from '@tessera/core';
import { parseResponse, type HttpClient } from './http-client.js';
import { Page, PagePromise } from './page.js';
import type { RequestOptions } from './request-options.js';

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
        const list = parseResponse(webhookList, await this.#http.send(route.method, routePath(route), { ...options, query }));
        return new Page(list.data, { page: 1, pageSize: list.data.length, total: list.data.length });
      })(),
    );
  }
}
