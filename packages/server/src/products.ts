import type { CreateProductRequest, Product } from '@tessera/core';
import type { RequestOptions } from './request-options.js';
import { Resource } from './resource.js';
import type { Recognised } from './response-body.js';

/** The answer of `products.create` (section 4.10): the product when recognised (best effort), and `raw`. */
export type ProductOutcome = Recognised<'product', Product>;

/** Products with variants and (recurring) prices (section 2.11). */
export class Products extends Resource {
  /** Creates a product; the product carries the ids of its variants and prices. Any 2xx is returned: see {@link ProductOutcome}. */
  async create(params: CreateProductRequest, options?: RequestOptions): Promise<ProductOutcome> {
    return this.call('createProduct', params, options);
  }
}
