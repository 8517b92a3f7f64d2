import 'server-only';
import { TesseraSignatureVerificationError, WEBHOOK_SIGNATURE_HEADER, type WebhookEvent } from '@tessera/server';
import { errorResponse } from './http';
import { getTessera, getWebhookSecret } from './tessera';

// Web-standard code only (Request, Response, Web Crypto): the same handler serves the Node route
// (app/api/webhooks/route.ts) and the edge one (app/api/webhooks/edge/route.ts).

declare const EdgeRuntime: string | undefined;

/** Which runtime runs this code: Next's edge runtime defines the global `EdgeRuntime`. */
export const currentRuntime = (): 'edge' | 'nodejs' => (typeof EdgeRuntime === 'string' ? 'edge' : 'nodejs');

/**
 * What the shop does with a verified event. Here one log line; a shop marks the order paid on `order/paid`. Answer
 * fast (the service waits for the answer): hand long work to a queue.
 */
export function onEvent(event: WebhookEvent): void {
  console.log(`webhook ${event.type} ${event.id} (${currentRuntime()})`);
}

/**
 * A webhook delivery: the raw body (`request.text()`, never a parsed one) and the signature header go to
 * `constructEvent`, which refuses a changed body, another secret or a replayed delivery (400 with its code). Without
 * a secret (`TESSERA_WEBHOOK_SECRET`) every delivery gets 503, so the service retries it later.
 */
export async function handleWebhook(request: Request): Promise<Response> {
  const secret = getWebhookSecret();
  if (!secret) return Response.json({ error: { code: 'webhook_secret_missing', message: 'No webhook secret is configured (TESSERA_WEBHOOK_SECRET)' } }, { status: 503 });
  let event: WebhookEvent;
  try {
    event = await getTessera().webhooks.constructEvent(await request.text(), request.headers.get(WEBHOOK_SIGNATURE_HEADER), secret);
  } catch (error) {
    if (error instanceof TesseraSignatureVerificationError) return Response.json({ error: { code: error.code, message: error.message } }, { status: 400 });
    return errorResponse(error);
  }
  onEvent(event);
  return Response.json({ received: true, id: event.id, type: event.type, runtime: currentRuntime() });
}
