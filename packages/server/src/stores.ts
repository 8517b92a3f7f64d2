import { createStoreRequest, parseOrThrow, routePath, routes, store, type CreateStoreRequest, type Store } from '@tessera/core';
import { parseResponse, type HttpClient } from './http-client.js';
import type { RequestOptions } from './request-options.js';

/** Stores (section 2.10). */
export class Stores {
  readonly #http: HttpClient;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /** Creates a store; `selectedPaymentFlowId` routes its payments through a flow. */
  async create(params: CreateStoreRequest, options?: RequestOptions): Promise<Store> {
    const body = parseOrThrow(createStoreRequest, params);
    const route = routes.createStore;
    return parseResponse(store, await this.#http.send(route.method, routePath(route), { ...options, body }), 'store');
  }
}
