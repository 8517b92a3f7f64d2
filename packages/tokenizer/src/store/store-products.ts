import { TesseraCheckoutError } from '../client/checkout-error.js';
import { isObject } from '../client/is-object.js';

/** A product of the store's catalog, as a page lists it. */
export interface StoreProduct {
  id: string;
  name: string;
  description?: string;
  variants: StoreVariant[];
}

/** A variant of a product: what a line item names. */
export interface StoreVariant {
  id: string;
  name: string;
  /** Its first price (minor units), in the currency asked for when it has one, else its first: absent when it has none. */
  price?: { id: string; amount: number; currency: string };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The first `{ amount, currency }` of a price's `currencyOptions` (the one for `currency` when it has one). */
function priceOf(prices: unknown, currency: string | undefined): StoreVariant['price'] {
  for (const price of Array.isArray(prices) ? prices : []) {
    if (!isObject(price) || !isObject(price.currencyOptions) || text(price.id) === undefined) continue;
    const options = Object.entries(price.currencyOptions).filter(([, option]) => isObject(option) && Number.isSafeInteger(option.amount));
    const [code, option] = options.find(([key]) => key === currency) ?? options[0] ?? [];
    if (code !== undefined && isObject(option)) return { id: price.id as string, amount: option.amount as number, currency: text(option.currency) ?? code };
  }
  return undefined;
}

/**
 * Reads the store's catalog (`POST /api/v1/products`: an array, or `{ items }`, each product as the secret-key API's
 * `GET /products/{id}` answers it, with its variants and their prices). Entries without an id are left out; an answer
 * with no list is a `TesseraCheckoutError` (`invalid_answer`).
 */
export function readStoreProducts(answer: unknown, currency: string | undefined): StoreProduct[] {
  const items: unknown = Array.isArray(answer) ? answer : isObject(answer) ? answer.items : undefined;
  if (!Array.isArray(items)) throw new TesseraCheckoutError('invalid_answer', 'The service answered no product list: check serviceUrl, then try again', { status: 200 });
  return items.flatMap((product: unknown): StoreProduct[] => {
    if (!isObject(product) || text(product.id) === undefined) return [];
    const variants = (Array.isArray(product.variants) ? product.variants : []).flatMap((variant: unknown): StoreVariant[] => {
      if (!isObject(variant) || text(variant.id) === undefined) return [];
      const price = priceOf(variant.prices, currency);
      return [{ id: variant.id as string, name: text(variant.name) ?? '', ...(price ? { price } : {}) }];
    });
    const description = text(product.description);
    return [{ id: product.id as string, name: text(product.name) ?? '', ...(description ? { description } : {}), variants }];
  });
}
