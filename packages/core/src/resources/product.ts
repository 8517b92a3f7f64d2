import * as z from 'zod/mini';
import { currencyCode, minorUnits, published, resourceId, type RequestFields } from './common.js';
import { commonFilters, listFilters } from './list-filters.js';
import { sortDirection } from './list-request.js';
import { pageNumber } from './payment.js';
import { catalogEntries, op, recognisedAs } from '../plumbing/operation.js';

/**
 * A price of a product variant (section 2.11, and the published example): amounts per currency, optionally
 * recurring. Each currency option carries its `currency` on the wire (published), filled in from its key.
 */
export const productPriceInput = z.looseObject({
  currencyOptions: z.pipe(
    z.record(currencyCode, z.looseObject({ amount: minorUnits, currency: z.optional(currencyCode) })),
    z.transform((options) => Object.fromEntries(Object.entries(options).map(([code, option]) => [code, { ...option, currency: option.currency ?? code }]))),
  ),
  recurring: z.boolean(),
  /**
   * `month` is the value the document shows, `null` the published one for a one-time price; any string passes
   * (the sandbox bills `day`, `week`, `month`, `year`).
   */
  interval: z.optional(z.nullable(z.string())),
  intervalCount: z.optional(z.int().check(z.minimum(1))),
  billingTiming: z.optional(z.string()),
  default: z.boolean(),
});
/** A price of a product variant. */
export type ProductPriceInput = RequestFields<z.input<typeof productPriceInput>>;

/**
 * A variant of a product (section 2.11; the published example leaves out `price`, `compareAtPrice` and may leave
 * out `grams`, and adds `description` and `imageUrl`). `price` and `compareAtPrice` are minor units.
 */
export const productVariantInput = z.looseObject({
  name: z.string(),
  description: z.optional(z.string()),
  imageUrl: z.optional(z.string()),
  sku: z.string(),
  grams: z.optional(z.number().check(z.minimum(0))),
  price: z.optional(minorUnits),
  compareAtPrice: z.optional(minorUnits),
  active: z.boolean(),
  default: z.boolean(),
  prices: z.array(productPriceInput),
});
/** A variant of a product. */
export type ProductVariantInput = RequestFields<z.input<typeof productVariantInput>>;

/** Body of create product (section 2.11; `POST /products/create`, published). */
export const createProductRequest = z.looseObject({
  storeId: resourceId,
  name: z.string(),
  description: z.optional(z.string()),
  active: z.boolean(),
  isShippable: z.optional(z.boolean()),
  isTaxable: z.optional(z.boolean()),
  variants: z.array(productVariantInput),
});
/** Body of create product. */
export type CreateProductRequest = RequestFields<z.input<typeof createProductRequest>>;

/**
 * A price's amounts by currency, as the published answers show them: `{ USD: { amount: 2999, currency: 'USD' } }`
 * (amounts in minor units; `currency` in the GET answer only), typed as published and never refused.
 */
export const currencyOptions = z.record(z.string(), z.looseObject({ amount: published(z.number()), currency: published(z.string()) }));
/** A price's amounts by currency. */
export type CurrencyOptions = z.infer<typeof currencyOptions>;

/**
 * The fields of a price the published answers show (GET product, list products, GET subscription): `recurring`,
 * `interval`, `intervalCount`, `currencyOptions`, each typed as published and never refused.
 */
const publishedPriceFields = {
  recurring: published(z.boolean()),
  interval: published(z.nullable(z.string())),
  intervalCount: published(z.nullable(z.number())),
  currencyOptions: published(currencyOptions),
};

/**
 * A price of a product, as the published answers show it (GET product, GET subscription): its `id`, `recurring`,
 * `interval`, `intervalCount` and `currencyOptions`, the last four typed as published and never refused.
 */
export const productPrice = z.looseObject({ id: z.string(), ...publishedPriceFields });
/** A price of a product, as the published answers show it. */
export type ProductPrice = z.infer<typeof productPrice>;

/**
 * A product as create (the sandbox's answer) and GET (published) give it: ids for the product, its variants and
 * their prices, with the published `description`, each variant's `name` and `default`, and each price's fields.
 */
export const productSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: published(z.nullable(z.string())),
  variants: z.array(z.looseObject({ id: z.string(), name: published(z.string()), default: published(z.boolean()), prices: z.optional(z.array(productPrice)) })),
});
/** A product as returned by create. */
export type Product = z.infer<typeof productSchema>;

/**
 * The `filters` of `POST /products/list` (children not published): the convention's `date` (on `createdAt`) and
 * `active` (a field of the products the sandbox lists; inferred). The list's store is its `storeId`, not a filter.
 * Any other key is refused before sending; `unlisted` carries a filter the SDK does not type.
 */
export const listProductsFilters = listFilters('list products', {
  date: commonFilters.date,
  /** Only active (or only inactive) products (inferred). */
  active: z.optional(z.boolean()),
});
/** The `filters` of `POST /products/list`, as the caller writes them. */
export type ListProductsFilters = z.input<typeof listProductsFilters>;

/**
 * Body of `POST /products/list` (published): `storeId` and `page` required, `per_page` 10–1000 (default 30), `sort`
 * (`name`, `description`, `price`, `created_at`), `sort_order`, `filters` (see {@link listProductsFilters}), `includeVariants`.
 * Answered with `{ items, pagination: { hasNext, totalItems, nextPage, previousPage } }`.
 */
export const listProductsRequest = z.looseObject({
  storeId: resourceId,
  page: pageNumber,
  per_page: z.optional(z.int().check(z.minimum(10), z.maximum(1000))),
  sort: z.optional(z.union([z.literal('name'), z.literal('description'), z.literal('price'), z.literal('created_at')])),
  sort_order: z.optional(sortDirection),
  filters: z.optional(listProductsFilters),
  includeVariants: z.optional(z.boolean()),
});
/** Body of `POST /products/list`. */
export type ListProductsRequest = RequestFields<z.input<typeof listProductsRequest>>;

/**
 * An item of `POST /products/list` (published): `id`, `name`, `description`, `image` and one `price` (`recurring`,
 * `interval`, `intervalCount`, `currencyOptions`); `variants` with `includeVariants`. Only `id` is relied on.
 */
export const listedProduct = z.looseObject({
  id: z.string(),
  name: z.optional(z.string()),
  description: z.optional(z.nullable(z.string())),
  image: z.optional(z.nullable(z.string())),
  /** Its default price (published: `recurring`, `interval`, `intervalCount`, `currencyOptions`). */
  price: z.optional(z.nullable(z.looseObject(publishedPriceFields))),
});
/** An item of `POST /products/list`. */
export type ListedProduct = z.infer<typeof listedProduct>;

/**
 * The catalog entries of products, for core's `operations` (`catalog/operations.ts`) to compose: a
 * function, so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const productOperations = () => catalogEntries({
  createProduct: op('POST /products/create', { request: createProductRequest, ...recognisedAs('product', productSchema) }),
  listProducts: op('POST /products/list', { request: listProductsRequest, response: listedProduct, unwrap: ['items'], answer: 'list', requires: ['id'] }),
  retrieveProduct: op('GET /products/{id}', { response: productSchema, unwrap: ['product'], answer: 'required' }),
});
