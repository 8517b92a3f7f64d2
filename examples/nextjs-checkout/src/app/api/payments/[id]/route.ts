import { handle, paymentView, type IdParams } from '@/lib/http';
import { getTessera } from '@/lib/tessera';

/** `GET /api/payments/:id`: the payment's status, which the page polls while the payment is processing. */
export const GET = handle(async (_request: Request, { params }: IdParams) => {
  const { id } = await params;
  return Response.json(paymentView(await getTessera().payments.retrieve(id)));
});
