import type { OperationInput } from '@tessera/core';
import type { SandboxContext } from './context.js';
import { requireStore } from './instruments.js';
import type { ProductRecord, VariantRecord } from './state.js';

/** Create product → the product with ids for it, its variants and their prices. */
export function createProduct(ctx: SandboxContext, input: OperationInput<'createProduct'>): ProductRecord {
  requireStore(ctx, input.storeId);
  const productId = ctx.nextId('prod');
  const variants: VariantRecord[] = input.variants.map((variant) => ({
    ...variant,
    id: ctx.nextId('var'),
    productId,
    prices: variant.prices.map((price) => ({ ...price, id: ctx.nextId('price') })),
  }));
  const product: ProductRecord = { id: productId, storeId: input.storeId, name: input.name, active: input.active, variants, createdAt: ctx.nowIso() };
  ctx.state.products.set(product.id, product);
  for (const variant of variants) ctx.state.variants.set(variant.id, variant);
  return product;
}
