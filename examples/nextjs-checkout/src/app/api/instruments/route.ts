import { field, handle, idempotency, isString, readJson } from '@/lib/http';
import { getStoreId, getTessera } from '@/lib/tessera';

/** `POST /api/instruments` `{ serviceToken, email }`: the browser's service token becomes a payment instrument (and a customer). */
export const POST = handle(async (request: Request) => {
  const body = await readJson(request);
  const { paymentInstrument, customer } = await getTessera().paymentInstruments.createFromToken(
    { serviceToken: field(body, 'serviceToken', isString), storeId: getStoreId(), customerData: { email: field(body, 'email', isString) } },
    idempotency(request),
  );
  return Response.json({ paymentInstrument, customer: { id: customer.id } }, { status: 201 });
});
