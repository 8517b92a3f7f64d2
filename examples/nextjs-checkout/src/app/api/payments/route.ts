import { cart } from '@/lib/cart';
import { field, handle, idempotency, isString, optional, paymentView, readJson } from '@/lib/http';
import { getStoreId, getTessera } from '@/lib/tessera';

/**
 * `POST /api/payments` `{ paymentInstrumentId, threedsSessionId? }`: charges the cart (a purchase, customer-initiated).
 * The amount comes from the server's cart, never from the browser. `returnUrl` is where a redirect action's page
 * sends the customer back: `/payment-return` on the page's origin (the browser's `Origin` header; `request.url` names
 * the host Next listens on, which may not be the one the customer typed).
 */
export const POST = handle(async (request: Request) => {
  const body = await readJson(request);
  const threedsSessionId = optional(body, 'threedsSessionId', isString);
  const payment = await getTessera().payments.purchase(
    {
      amount: cart.amount,
      currency: cart.currency,
      storeId: getStoreId(),
      paymentInstrumentId: field(body, 'paymentInstrumentId', isString),
      initiatedBy: 'customer',
      returnUrl: new URL('/payment-return', request.headers.get('origin') ?? request.url).href,
      ...(threedsSessionId ? { threedsSessionId } : {}),
    },
    idempotency(request),
  );
  return Response.json(paymentView(payment), { status: 201 });
});
