import type * as z from 'zod/mini';
import type { RequestFields } from '@tessera/core';
import type { createProductRequest, productPriceInput, productVariantInput } from '@tessera/core/schemas';
import type { OperationInput } from '@tessera/core/internal';
import { byId, internalById } from '../state/collection.js';
import type { SandboxContext, ServedOperations } from './context.js';
import { notFound } from '../errors/http-error.js';
import { requireStore } from './stores.js';

import { anyGiven, directionOf, type PaginationStyle, paginationStyle, paginationStyleOf, passes, passesDate, sortRecords } from './lists.js';
import { countWalk, pageOf, positionsWhere, risesWithCreation, walk } from '../state/ordered.js';

/**
 * A price of a variant: core's price input with its id. Any `interval` string is stored; the test clock rebills
 * `day`, `week`, `month` and `year` ({@link BillingInterval}).
 */
export type PriceRecord = RequestFields<z.output<typeof productPriceInput>> & { id: string };

/** A product variant: core's variant input with its id, its product's id and priced ids. */
export type VariantRecord = Omit<RequestFields<z.output<typeof productVariantInput>>, 'prices'> & { id: string; productId: string; prices: PriceRecord[] };

/** A product: core's create-product input with ids for it and its variants. */
export type ProductRecord = Omit<RequestFields<z.output<typeof createProductRequest>>, 'variants'> & { id: string; variants: VariantRecord[]; createdAt: string };

/** Products by id, with their variants and prices. */
export const products = byId<ProductRecord>()('products');

/** Variants by id, beside their products (not in `sandbox.records`: read them through `products`). */
export const variants = internalById<VariantRecord>()('variants');

/**
 * Create product → as published, `{ success: true, message: 'Product created successfully with N variants' }`,
 * with the product, its variants and their prices, each with its id, under `product`. The published variant and
 * price shapes are accepted (no `price`, `compareAtPrice` or `grams`; `interval: null`; `description`, `imageUrl`,
 * `isShippable`, `isTaxable`), and every field given is kept.
 */
export function createProduct(ctx: SandboxContext, input: OperationInput<'createProduct'>): { success: true; message: string; product: ProductRecord } {
  requireStore(ctx, input.storeId);
  const productId = ctx.nextId('prod');
  const productVariants: VariantRecord[] = input.variants.map((variant) => ({
    ...variant,
    id: ctx.nextId('var'),
    productId,
    prices: variant.prices.map((price) => ({ ...price, id: ctx.nextId('price') })),
  }));
  const product: ProductRecord = { ...input, id: productId, variants: productVariants, createdAt: ctx.nowIso() };
  products.of(ctx).set(product.id, product);
  for (const variant of productVariants) variants.of(ctx).set(variant.id, variant);
  const count = productVariants.length;
  return { success: true, message: `Product created successfully with ${count} variant${count === 1 ? '' : 's'}`, product };
}

/** The product, or a 404. */
export function requireProduct(ctx: SandboxContext, id: string): ProductRecord {
  const product = products.of(ctx).get(id);
  if (!product) throw notFound('product', id);
  return product;
}

/** The price a product is listed at: its default variant's default price (else the first of each). */
function listedPrice(product: ProductRecord): PriceRecord | undefined {
  const variant = product.variants.find((candidate) => candidate.default) ?? product.variants[0];
  return variant?.prices.find((price) => price.default) ?? variant?.prices[0];
}

/** The price's published list fields: `recurring`, `interval`, `intervalCount`, `currencyOptions { CUR: { amount } }`. */
function priceSummary(price: PriceRecord | undefined): Record<string, unknown> | null {
  if (!price) return null;
  const currencyOptions = Object.fromEntries(Object.entries(price.currencyOptions).map(([code, option]) => [code, { amount: option.amount }]));
  return { id: price.id, recurring: price.recurring, interval: price.interval ?? null, intervalCount: price.intervalCount ?? 1, currencyOptions };
}

/**
 * `GET /products/{productId}` → as published, `{ id, name, description, variants: [{ id, name, default, prices: [{
 * id, recurring, interval, intervalCount, currencyOptions: { CUR: { amount, currency } } }] }] }`, with every field
 * the product was created with.
 */
export function retrieveProduct(ctx: SandboxContext, id: string): Record<string, unknown> {
  const product = requireProduct(ctx, id);
  return { ...product, description: product.description ?? null };
}

const sortKeys = {
  name: (product: ProductRecord) => product.name,
  description: (product: ProductRecord) => product.description ?? null,
  price: (product: ProductRecord) => {
    const options = Object.values(listedPrice(product)?.currencyOptions ?? {});
    return options[0]?.amount ?? null;
  },
  created_at: (product: ProductRecord) => product.createdAt,
} as const;

/**
 * `POST /products/list` → `{ items, pagination: { hasNext, totalItems, nextPage, previousPage } }` (published): the
 * store's products, each `{ id, name, description, image, price }` (`price` its default variant's default price;
 * `variants` too with `includeVariants`), sorted by `sort` (default `created_at`) and `sort_order` (default `desc`).
 * Filters (not published; typed by core's catalog): `active`, `date` (on `createdAt`).
 */
export function listProducts(ctx: SandboxContext, input: OperationInput<'listProducts'>) {
  requireStore(ctx, input.storeId);
  const all = products.of(ctx);
  const sort = input.sort ?? 'created_at';
  const direction = directionOf(input.sort_order);
  const perPage = input.per_page ?? 30;
  const filters = input.filters ?? {};
  const passing = (product: ProductRecord): boolean => passes(filters.active, product.active) && passesDate(filters.date, product.createdAt);
  const byActive = anyGiven(filters.active, filters.date) ? passing : undefined;
  let page: PaginationStyle<ProductRecord>;
  if (sort === 'created_at' && risesWithCreation(all, 'createdAt')) {
    // Sorted on creation: the store's products (an index) read from either end, a page costs its size.
    const scope = { positions: positionsWhere(all, 'storeId', input.storeId), matches: byActive, from: direction === 'desc' ? ('newest' as const) : ('oldest' as const) };
    const total = byActive === undefined ? scope.positions.length : countWalk(all, scope);
    page = paginationStyleOf(pageOf(walk(all, scope), (input.page - 1) * perPage, perPage), total, input.page, perPage);
  } else {
    const matching = [...all.values()].filter((product) => product.storeId === input.storeId && passing(product));
    page = paginationStyle(sortRecords(matching, sortKeys[sort], direction), input.page, perPage);
  }
  return {
    ...page,
    items: page.items.map((product) => {
      const variant = product.variants.find((candidate) => candidate.default) ?? product.variants[0];
      return {
        id: product.id,
        name: product.name,
        description: product.description ?? null,
        image: variant?.imageUrl ?? null,
        price: priceSummary(listedPrice(product)),
        active: product.active,
        storeId: product.storeId,
        createdAt: product.createdAt,
        ...(input.includeVariants === true ? { variants: product.variants } : {}),
      };
    }),
  };
}

/** Products: the operations this module serves. */
export const productOperations = {
  createProduct,
  listProducts,
  retrieveProduct,
} satisfies ServedOperations;
