import { createProductRequest, parseOrThrow, product, routePath, routes, type CreateProductRequest, type Product } from '@tessera/core';
import type { HttpClient } from './http-client.js';
import type { RequestOptions } from './request-options.js';
import { recognise, type Recognised } from './response-body.js';

/** The answer of `products.create` (section 4.10): the product when recognised (best effort), and `raw`. */
export type ProductOutcome = Recognised<'product', Product>;

/** Products with variants and (recurring) prices (section 2.11). */
export class Products {
  readonly #http: HttpClient;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /** Creates a product; the product carries the ids of its variants and prices. Any 2xx is returned: see {@link ProductOutcome}. */
  async create(params: CreateProductRequest, options?: RequestOptions): Promise<ProductOutcome> {
    const body = parseOrThrow(createProductRequest, params);
    const route = routes.createProduct;
    const result = await this.#http.send(route.method, routePath(route), { ...options, body });
    return { product: recognise(product, result.data, ['product', 'data']), raw: result.data };
  }
}
