import type { CreateProductRequest, ListedProduct, ListProductsRequest, Product } from '@tessera/core';
import type { PagePromise } from '../core/page.js';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';
import type { Recognised } from './response-body.js';

/** The answer of `products.create` (section 4.10): the product when recognised (best effort), and `raw`. */
export type ProductOutcome = Recognised<'product', Product>;

/** Parameters of {@link Products.list}: the published body of `POST /products/list`, `page` defaulting to 1. */
export type ListProductsParams = Omit<ListProductsRequest, 'page'> & { page?: number };

/** The published default of `per_page`. */
const DEFAULT_PAGE_SIZE = 30;

/** Products with variants and (recurring) prices (section 2.11). */
export class Products extends Resource<'createProduct' | 'listProducts' | 'retrieveProduct'> {
  /** Creates a product; the product carries the ids of its variants and prices. Any 2xx is returned: see {@link ProductOutcome}. */
  async create(params: CreateProductRequest, options?: RequestOptions): Promise<ProductOutcome> {
    return this.call('createProduct', params, options);
  }

  /**
   * Lists a store's products (`POST /products/list`; `per_page` 10–1000, default 30). Await for one page, or
   * `for await` for every product of every page (the published `pagination.hasNext` says when to stop).
   */
  list(params: ListProductsParams, options?: RequestOptions): PagePromise<ListedProduct> {
    const perPage = params.per_page ?? DEFAULT_PAGE_SIZE;
    return this.paginate('listProducts', params.page ?? 1, perPage, (page) => ({ ...params, page, per_page: perPage }), options);
  }

  /**
   * Fetches a product (`GET /products/{productId}`) with its variants and their prices, as published. Guaranteed:
   * `id` (a 2xx without it throws `TesseraResponseValidationError`).
   */
  async retrieve(id: string, options?: RequestOptions): Promise<Product> {
    return this.call('retrieveProduct', { id }, options);
  }
}
