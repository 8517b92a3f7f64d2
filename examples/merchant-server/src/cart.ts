import type { CheckoutOrder } from '@tessera/server';

/**
 * What the shop sells, priced here on the server: the page sends only a cart reference (`orderRef`), never an amount.
 * A real shop reads its cart or order store instead.
 */
export const CARTS: Readonly<Record<string, { label: string; amount: number; currency: string }>> = {
  tshirt: { label: 'Tessera T-shirt', amount: 1999, currency: 'USD' },
};

/**
 * The checkout handler's `order` resolver: the amount, currency and store of a cart reference (`undefined`, answered
 * 404 `unknown_order`, for a cart the shop does not know), and where a redirect or processor page sends the customer
 * back: `/payment-return` on the page's origin (its `Origin` header; behind Vite's proxy it differs from this server's).
 */
export function orderOfCart(storeId: string) {
  return (orderRef: string, request: Request): CheckoutOrder | undefined => {
    const cart = Object.hasOwn(CARTS, orderRef) ? CARTS[orderRef]! : undefined;
    if (cart === undefined) return undefined;
    const returnUrl = new URL('/payment-return', request.headers.get('origin') ?? request.url).href;
    return { amount: cart.amount, currency: cart.currency, storeId, returnUrl };
  };
}
