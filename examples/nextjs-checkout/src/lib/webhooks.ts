import 'server-only';
import { TesseraSignatureVerificationError, WEBHOOK_SIGNATURE_HEADER, type WebhookEvent } from '@tessera/server';
import { getTessera } from './tessera';

// Web-standard code only (Request, Response, Web Crypto): the same handler serves the Node route
// (app/api/webhooks/route.ts) and the edge one (app/api/webhooks/edge/route.ts).

declare const EdgeRuntime: string | undefined;

/** Which runtime runs this code: Next's edge runtime defines the global `EdgeRuntime`. */
export const currentRuntime = (): 'edge' | 'nodejs' => (typeof EdgeRuntime === 'string' ? 'edge' : 'nodejs');

/**
 * A webhook delivery: the raw body (`request.text()`, never a parsed one) and the signature header go to
 * `constructEvent`, which refuses a changed body, another secret or a replayed delivery (400 with its code). Without
 * a secret (`TESSERA_WEBHOOK_SECRET`) every delivery gets 503, so the service retries it later. Answer fast (the
 * service waits): fulfil the order on `payment/succeeded`, and hand long work to a queue.
 */
export async function handleWebhook(request: Request): Promise<Response> {
  const secret = process.env.TESSERA_WEBHOOK_SECRET;
  if (!secret) return Response.json({ error: { code: 'webhook_secret_missing', message: 'Set TESSERA_WEBHOOK_SECRET to the endpoint’s signing secret' } }, { status: 503 });
  let event: WebhookEvent;
  try {
    event = await getTessera().webhooks.constructEvent(await request.text(), request.headers.get(WEBHOOK_SIGNATURE_HEADER), secret);
  } catch (error) {
    if (error instanceof TesseraSignatureVerificationError) return Response.json({ error: { code: error.code, message: error.message } }, { status: 400 });
    throw error;
  }
  console.log(`webhook ${event.type} ${event.id} (${currentRuntime()})`);
  return Response.json({ received: true, id: event.id, type: event.type, runtime: currentRuntime() });
}
