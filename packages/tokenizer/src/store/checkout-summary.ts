import { TesseraCheckoutError } from '../client/checkout-error.js';
import { isObject } from '../client/is-object.js';

/** One line of a store checkout, priced by the store (integers in minor units of the checkout's currency). */
export interface StoreCheckoutLine {
  variantId: string;
  productId: string;
  priceId: string;
  /** The product's name (the variant's when the product has none). */
  name: string;
  quantity: number;
  /** The price of one. */
  unitAmount: number;
  /** The line's amount after its adjustments (promotions), what is charged for it. */
  amount: number;
}

/** What a store checkout is: its ids, what it charges, and its lines. */
export interface StoreCheckoutSummary {
  /** The checkout session's id (what pay-v2 names). */
  id: string;
  /** The checkout token that reads it back (≥ 128 random bits; keep it to this page). */
  checkoutToken: string;
  /** What the payment charges, in minor units of `currency` (after promotions). */
  amount: number;
  currency: string;
  lines: StoreCheckoutLine[];
}

const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Reads the service's checkout session (`GET /api/v1/checkout-sessions/{checkoutToken}/v2`, plugin-sdk's
 * `CheckoutData`): `checkoutSession.id`, and the store's `summary` (currency, `totalAdjustedAmount`, its items).
 * Anything else than integers in minor units is a `TesseraCheckoutError` (`invalid_answer`): a page never shows an
 * amount it could not read.
 */
export function readCheckoutSummary(answer: unknown, checkoutToken: string): StoreCheckoutSummary {
  const session = isObject(answer) && isObject(answer.checkoutSession) ? answer.checkoutSession : undefined;
  const summary = isObject(answer) && isObject(answer.summary) ? answer.summary : undefined;
  const id = text(session?.id);
  const currency = text(summary?.currency);
  const amount = summary?.totalAdjustedAmount ?? summary?.totalAmount;
  const lines = Array.isArray(summary?.items)
    ? summary.items.map((item: unknown): StoreCheckoutLine | undefined => {
        if (!isObject(item)) return undefined;
        const product = isObject(item.orderLineItemProduct) ? item.orderLineItemProduct : isObject(item.product) ? item.product : {};
        const variant = isObject(item.variant) ? item.variant : {};
        const line = {
          variantId: text(item.variantId),
          productId: text(item.productId),
          priceId: text(item.priceId),
          name: text(product.name) ?? text(variant.name) ?? '',
          quantity: item.quantity,
          unitAmount: item.unitAmount,
          amount: item.adjustedAmount ?? item.amount,
        };
        return line.variantId && line.productId && line.priceId && isAmount(line.quantity) && isAmount(line.unitAmount) && isAmount(line.amount) ? (line as StoreCheckoutLine) : undefined;
      })
    : [];
  if (id === undefined || currency === undefined || !isAmount(amount) || lines.length === 0 || lines.some((line) => line === undefined)) {
    throw new TesseraCheckoutError('invalid_answer', 'The service answered a checkout session without its id, currency, amount or lines in minor units: check serviceUrl, then start the checkout again', { status: 200 });
  }
  return { id, checkoutToken, amount, currency, lines: lines as StoreCheckoutLine[] };
}
