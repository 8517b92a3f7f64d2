import { normalizePaymentStatus, withErrorResponses } from '@tessera/server';
import { getStoreId, getTessera } from '@/lib/tessera';

/**
 * `POST /api/payments/:id/refund` `{ amount? }`: refunds part of the payment (an amount in minor units) or all that
 * is left. Your own back office calls this, not the checkout page: a production build refuses it (403) until you put it
 * behind your staff's authentication. Bad input is a 400 naming its field (nothing sent), the service's refusal its
 * 4xx; Next logs the rest as a 500.
 */
export const POST = withErrorResponses(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  // Closed in a production build until you protect it: replace this line with your staff's sign-in check.
  if (process.env.NODE_ENV === 'production') return Response.json({ error: { code: 'staff_only', message: 'Refunds are for your staff: put this route behind your staff’s sign-in (see the README), then remove this check.' } }, { status: 403 });
  const { id } = await params;
  const { amount } = ((await request.json().catch(() => null)) ?? {}) as { amount?: number };
  const { payment } = await getTessera().payments.refund({ paymentId: id, storeId: getStoreId(), ...(amount === undefined ? {} : { amount }) });
  // The refund's answer may hold no payment (the published API does not show its body): then read it.
  const refunded = payment ?? (await getTessera().payments.retrieve(id));
  return Response.json({ id, status: normalizePaymentStatus(refunded), amount: refunded.amount, currency: refunded.currency });
});
