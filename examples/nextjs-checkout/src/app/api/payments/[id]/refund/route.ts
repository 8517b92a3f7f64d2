import { handle, idempotency, isAmount, optional, paymentView, readJson, type IdParams } from '@/lib/http';
import { getStoreId, getTessera } from '@/lib/tessera';

/**
 * `POST /api/payments/:id/refund` `{ amount? }`: refunds part of the payment (an amount in minor units) or all that
 * is left. Your own back office calls this, not the checkout page: put it behind your staff's authentication.
 */
export const POST = handle(async (request: Request, { params }: IdParams) => {
  const { id } = await params;
  const amount = optional(await readJson(request), 'amount', isAmount);
  const tessera = getTessera();
  const refundParams = { paymentId: id, storeId: getStoreId(), ...(amount ? { amount } : {}) };
  const { payment } = await tessera.payments.refund(refundParams, idempotency(request));
  // The refund's answer may hold no payment (the published API does not show its body): then read it.
  return Response.json(paymentView(payment ?? (await tessera.payments.retrieve(id))));
});
