import { createWebhookHandler } from '@tessera/server';

// Web-standard code only (Request, Response, Web Crypto): this handler also serves the edge route
// (app/api/webhooks/edge/route.ts). Next's edge runtime defines the global `EdgeRuntime`.
declare const EdgeRuntime: string | undefined;

/**
 * `POST /api/webhooks`: a delivery's raw body verified with `TESSERA_WEBHOOK_SECRET` (a changed body, another secret
 * or a replay is a 400 with its code; no secret yet, a 503 the service retries later), then the event. Answer fast:
 * fulfil the order on `payment/succeeded`, and hand long work to a queue.
 */
export const POST = createWebhookHandler({
  secret: () => process.env.TESSERA_WEBHOOK_SECRET,
  onEvent: (event) => {
    const runtime = typeof EdgeRuntime === 'string' ? 'edge' : 'nodejs';
    console.log(`webhook ${event.type} ${event.id} (${runtime})`);
    return Response.json({ received: true, id: event.id, type: event.type, runtime });
  },
});
