import type { Order } from '@tessera/core';
import type { PagePromise } from '../core/page.js';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';

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
export class Orders extends Resource<'listOrders' | 'retrieveOrder'> {
  /** Lists a store's orders. Await for one page, or `for await` for every order of every page. */
  list(params: ListOrdersParams, options?: RequestOptions): PagePromise<Order> {
    const perPage = params.per_page ?? DEFAULT_PAGE_SIZE;
    return this.paginate('listOrders', params.page ?? 1, perPage, (page) => ({ ...params, page, per_page: perPage }), options);
  }

  /**
   * Fetches an order (`GET /orders/{orderId}`, answered `{ order }` as published: `id`, `status`, `createdAt`,
   * `customer`, `items`). Guaranteed: `id` (a 2xx without it throws `TesseraResponseValidationError`).
   */
  async retrieve(id: string, options?: RequestOptions): Promise<Order> {
    return this.call('retrieveOrder', { id }, options);
  }
}
