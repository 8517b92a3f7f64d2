import type { OperationInput } from '@tessera/core';
import type { SandboxContext } from './context.js';
import { requireStore } from './instruments.js';
import type { ProductRecord, VariantRecord } from './state.js';

/**
 * Create product → as published, `{ success: true, message: 'Product created successfully with N variants' }`,
 * with the product, its variants and their prices, each with its id, under `product`. The published variant and
 * price shapes are accepted (no `price`, `compareAtPrice` or `grams`; `interval: null`; `description`, `imageUrl`,
 * `isShippable`, `isTaxable`), and every field given is kept.
 */
export function createProduct(ctx: SandboxContext, input: OperationInput<'createProduct'>): { success: true; message: string; product: ProductRecord } {
  requireStore(ctx, input.storeId);
  const productId = ctx.nextId('prod');
  const variants: VariantRecord[] = input.variants.map((variant) => ({
    ...variant,
    id: ctx.nextId('var'),
    productId,
    prices: variant.prices.map((price) => ({ ...price, id: ctx.nextId('price') })),
  }));
  const product: ProductRecord = { ...input, id: productId, variants, createdAt: ctx.nowIso() };
  ctx.state.products.set(product.id, product);
  for (const variant of variants) ctx.state.variants.set(variant.id, variant);
  const count = variants.length;
  return { success: true, message: `Product created successfully with ${count} variant${count === 1 ? '' : 's'}`, product };
}
