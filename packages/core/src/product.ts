import * as z from 'zod/mini';
import { currencyCode, minorUnits, resourceId, type RequestFields } from './common.js';

/** A price of a product variant (section 2.11): amounts per currency, optionally recurring. */
export const productPriceInput = z.looseObject({
  currencyOptions: z.record(currencyCode, z.looseObject({ amount: minorUnits })),
  recurring: z.boolean(),
  /** `month` is the value the document shows; any string passes (the sandbox bills `day`, `week`, `month`, `year`). */
  interval: z.optional(z.string()),
  intervalCount: z.optional(z.int().check(z.minimum(1))),
  billingTiming: z.optional(z.string()),
  default: z.boolean(),
});
/** A price of a product variant. */
export type ProductPriceInput = RequestFields<z.infer<typeof productPriceInput>>;

/** A variant of a product (section 2.11). `price` and `compareAtPrice` are minor units. */
export const productVariantInput = z.looseObject({
  name: z.string(),
  sku: z.string(),
  grams: z.number().check(z.minimum(0)),
  price: minorUnits,
  compareAtPrice: minorUnits,
  active: z.boolean(),
  default: z.boolean(),
  prices: z.array(productPriceInput),
});
/** A variant of a product. */
export type ProductVariantInput = RequestFields<z.infer<typeof productVariantInput>>;

/** Body of create product (section 2.11; path assumed). */
export const createProductRequest = z.looseObject({
  storeId: resourceId,
  name: z.string(),
  active: z.boolean(),
  variants: z.array(productVariantInput),
});
/** Body of create product. */
export type CreateProductRequest = RequestFields<z.infer<typeof createProductRequest>>;

/** A product as returned by create: ids for the product, its variants and their prices. */
export const product = z.looseObject({
  id: z.string(),
  name: z.string(),
  variants: z.array(z.looseObject({ id: z.string(), prices: z.optional(z.array(z.looseObject({ id: z.string() }))) })),
});
/** A product as returned by create. */
export type Product = z.infer<typeof product>;
