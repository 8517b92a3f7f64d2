import { listOrdersRequest, order, parseOrThrow, routePath, routes, type Order } from '@tessera/core';
import type { HttpClient } from './http-client.js';
import { Page, PagePromise } from './page.js';
import type { RequestOptions } from './request-options.js';
import { recogniseList } from './response-body.js';

/** Parameters of {@link Orders.list}. */
export interface ListOrdersParams {
  /** The store whose orders to list. */
  storeId: string;
  /** Page to start from. Default 1. */
  page?: number;
  /** Page size, 1–100. Default 20. */
  per_page?: number;
}

const DEFAULT_PAGE_SIZE = 20;

/** Orders (section 4.10). */
export class Orders {
  readonly #http: HttpClient;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /** Lists a store's orders. Await for one page, or `for await` for every order of every page. */
  list(params: ListOrdersParams, options?: RequestOptions): PagePromise<Order> {
    const fetchPage = async (page: number): Promise<Page<Order>> => {
      const query = parseOrThrow(listOrdersRequest, { ...params, page, per_page: params.per_page ?? DEFAULT_PAGE_SIZE });
      const route = routes.listOrders;
      const result = await this.#http.send(route.method, routePath(route), { ...options, query });
      const list = recogniseList(order, result.data, ['orders']);
      return new Page(list.items, { page, pageSize: query.per_page, total: list.total, raw: result.data }, fetchPage);
    };
    return new PagePromise(fetchPage(params.page ?? 1));
  }
}
