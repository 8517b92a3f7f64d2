import { handle, idempotency, paymentView, type IdParams } from '@/lib/http';
import { getTessera } from '@/lib/tessera';

/** `POST /api/payments/:id/continue`: after the customer acted (the 3DS challenge, a redirect), the page's `confirmPayment` asks to go on. */
export const POST = handle(async (request: Request, { params }: IdParams) => {
  const { id } = await params;
  return Response.json(paymentView(await getTessera().payments.continue({ paymentId: id }, idempotency(request))));
});
