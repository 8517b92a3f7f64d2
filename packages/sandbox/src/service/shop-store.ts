import { SANDBOX_SHOP_STORE_ID } from '@tessera/core/internal';
import type { SandboxContext } from './context.js';
import { type ProductRecord, products, variants } from './products.js';
import { stores } from './stores.js';

/** The shop a fresh sandbox seeds (`sandbox.defaults.shop`): a store with a catalog a page sells from. */
export interface ShopDefaults {
  /** `store_sandbox_shop` (`SANDBOX_SHOP_STORE_ID`): fixed, so a page can name it. */
  storeId: string;
  /** Its variants, one per product, in catalog order (`var_shop_mug`, `var_shop_tote`, `var_shop_umbrella`). */
  variantIds: readonly string[];
}

// The catalog: three products of one variant each, one one-time USD price each (minor units). Fixed ids, so a page
// can name them, in the order their ids sort (a data file reads records back in id order: creation order is kept).
const catalog = [
  { key: 'mug', name: 'Sandbox mug', description: 'A mug to test a checkout with', amount: 1500 },
  { key: 'tote', name: 'Sandbox tote bag', description: 'A tote bag to test a checkout with', amount: 2400 },
  { key: 'umbrella', name: 'Sandbox umbrella', description: 'An umbrella to test a checkout with', amount: 4200 },
] as const;

/**
 * Seeds the shop: "Sandbox shop" ({@link SANDBOX_SHOP_STORE_ID}, USD) paying through `paymentFlowId` (the gateway
 * store's flow: the `simulated` processor's test cards, 3DS, radar and declines, with its `sandbox` fallback), and its
 * catalog.
 */
export function seedShop(ctx: SandboxContext, paymentFlowId: string): ShopDefaults {
  const createdAt = ctx.nowIso();
  stores.of(ctx).set(SANDBOX_SHOP_STORE_ID, {
    id: SANDBOX_SHOP_STORE_ID,
    name: 'Sandbox shop',
    baseCurrency: 'USD',
    presentmentCurrencies: ['USD'],
    chargeCurrencies: ['USD'],
    selectedPaymentFlowId: paymentFlowId,
    createdAt,
  });
  const variantIds = catalog.map(({ key, name, description, amount }) => {
    const productId = `prod_shop_${key}`;
    const variant = {
      id: `var_shop_${key}`,
      productId,
      name,
      description,
      sku: `SHOP-${key.toUpperCase()}`,
      active: true,
      default: true,
      prices: [{ id: `price_shop_${key}`, currencyOptions: { USD: { amount, currency: 'USD' } }, recurring: false, interval: null, default: true }],
    };
    const product: ProductRecord = { storeId: SANDBOX_SHOP_STORE_ID, name, description, active: true, id: productId, variants: [variant], createdAt };
    products.of(ctx).set(productId, product);
    variants.of(ctx).set(variant.id, variant);
    return variant.id;
  });
  return { storeId: SANDBOX_SHOP_STORE_ID, variantIds };
}
