import { createStoreRequest, parseOrThrow, routePath, routes, store, type CreateStoreRequest, type Store } from '@tessera/core';
import type { HttpClient } from './http-client.js';
import type { RequestOptions } from './request-options.js';
import { recognise, type Recognised } from './response-body.js';

/** The answer of `stores.create` (section 4.10): the store when recognised (best effort), and `raw`. */
export type StoreOutcome = Recognised<'store', Store>;

/** Stores (section 2.10). */
export class Stores {
  readonly #http: HttpClient;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /** Creates a store; `selectedPaymentFlowId` routes its payments through a flow. Any 2xx is returned: see {@link StoreOutcome}. */
  async create(params: CreateStoreRequest, options?: RequestOptions): Promise<StoreOutcome> {
    const body = parseOrThrow(createStoreRequest, params);
    const route = routes.createStore;
    const result = await this.#http.send(route.method, routePath(route), { ...options, body });
    return { store: recognise(store, result.data, ['store', 'data']), raw: result.data };
  }
}
