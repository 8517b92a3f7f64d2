import { normalizePaymentStatus, TesseraApiError, TesseraValidationError } from '@tessera/server';
import { getStoreId, getTessera } from '@/lib/tessera';

/**
 * `POST /api/payments/:id/refund` `{ amount? }`: refunds part of the payment (an amount in minor units) or all that
 * is left. Your own back office calls this, not the checkout page: put it behind your staff's authentication.
 */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const { amount } = ((await request.json().catch(() => ({}))) ?? {}) as { amount?: number };
  const tessera = getTessera();
  try {
    const { payment } = await tessera.payments.refund({ paymentId: id, storeId: getStoreId(), ...(amount === undefined ? {} : { amount }) });
    // The refund's answer may hold no payment (the published API does not show its body): then read it.
    const refunded = payment ?? (await tessera.payments.retrieve(id));
    return Response.json({ id, status: normalizePaymentStatus(refunded), amount: refunded.amount, currency: refunded.currency });
  } catch (error) {
    // Bad input names its field (nothing was sent) and the service's 4xx is passed on; Next logs the rest as a 500.
    if (error instanceof TesseraValidationError) return Response.json({ error: { code: error.code, message: error.message, fields: error.fields } }, { status: 400 });
    if (error instanceof TesseraApiError && error.status < 500) return Response.json({ error: { code: error.code, message: error.message } }, { status: error.status });
    throw error;
  }
}
