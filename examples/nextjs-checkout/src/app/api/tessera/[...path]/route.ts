import { createCheckoutHandler, type CheckoutHandlerOptions } from '@tessera/server';
import { cart } from '@/lib/cart';
import { getStoreId, getTessera } from '@/lib/tessera';

/**
 * The shop's public origin (`SHOP_ORIGIN`, default `next dev`'s): the only page allowed to pay, and where a redirect
 * or processor page sends the customer back. Said here because Next's `request.url` names the host Next listens on
 * (`localhost`), which may not be the one the customer typed.
 */
const shopOrigin = () => process.env.SHOP_ORIGIN || 'http://localhost:3000';

/** The order the page's `pay({ orderRef })` names, priced here (never by the page), or `undefined` (a 404). */
export const order: CheckoutHandlerOptions['order'] = (orderRef) =>
  orderRef === cart.id ? { amount: cart.amount, currency: cart.currency, storeId: getStoreId(), returnUrl: new URL('/payment-return', shopOrigin()).href } : undefined;

let handler: ((request: Request) => Promise<Response>) | undefined;

/**
 * Every call of the page's client below `/api/tessera`: the instrument, the 3DS session, the payment (one per order
 * and attempt), then reading, continuing and radar sessions for that payment only. Made on the first request, so
 * `next build` needs no secret.
 */
export function checkout(request: Request): Promise<Response> {
  handler ??= createCheckoutHandler({ tessera: getTessera(), order, allowedOrigins: [shopOrigin()] });
  return handler(request);
}

export { checkout as GET, checkout as POST };
