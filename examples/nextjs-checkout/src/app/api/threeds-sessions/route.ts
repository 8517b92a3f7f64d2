import { field, handle, idempotency, isObject, isString, optional, readJson } from '@/lib/http';
import { getStoreId, getTessera } from '@/lib/tessera';

/**
 * `POST /api/threeds-sessions` `{ provider?, paymentInstrumentId, sessionData }`: persists the Basis Theory 3DS session
 * the browser created (`threeds.createSession` of `@tessera/tokenizer`), before the payment names it.
 */
export const POST = handle(async (request: Request) => {
  const body = await readJson(request);
  const session = await getTessera().threeds.createSession(
    {
      provider: optional(body, 'provider', isString) ?? 'basis_theory',
      storeId: getStoreId(),
      paymentInstrumentId: field(body, 'paymentInstrumentId', isString),
      sessionData: field(body, 'sessionData', isObject),
    },
    idempotency(request),
  );
  return Response.json({ id: session.id }, { status: 201 });
});
