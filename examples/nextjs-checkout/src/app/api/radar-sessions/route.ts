import type { CreateRadarSessionRequest } from '@tessera/server';
import { handle, idempotency, readJson } from '@/lib/http';
import { getTessera } from '@/lib/tessera';

/**
 * `POST /api/radar-sessions`: the device session a radar check collected in the page (Airwallex's or Stripe's body,
 * as the page's `confirmPayment` hands it over), saved before the page asks to continue the payment. The SDK checks
 * the body before sending it: neither vendor shape, or card data in it, is a 400 and nothing leaves the server.
 */
export const POST = handle(async (request: Request) => {
  const session = (await readJson(request)) as CreateRadarSessionRequest;
  const { radarSession } = await getTessera().radarSessions.create(session, idempotency(request));
  return Response.json({ radarSessionId: radarSession?.radarSessionId ?? null }, { status: 201 });
});
