import { createProductRequest, parseOrThrow, product, routePath, routes, type CreateProductRequest, type Product } from '@tessera/core';
import { parseResponse, type HttpClient } from './http-client.js';
import type { RequestOptions } from './request-options.js';

/** Products with variants and (recurring) prices (section 2.11). */
export class Products {
  readonly #http: HttpClient;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /** Creates a product; the result carries the ids of its variants and prices. */
  async create(params: CreateProductRequest, options?: RequestOptions): Promise<Product> {
    const body = parseOrThrow(createProductRequest, params);
    const route = routes.createProduct;
    return parseResponse(product, await this.#http.send(route.method, routePath(route), { ...options, body }), 'product');
  }
}
