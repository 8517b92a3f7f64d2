import 'server-only';
import { createWebhookHandler } from '@tessera/server';

// Web-standard code only (Request, Response, Web Crypto): the same handler serves the Node route
// (app/api/webhooks/route.ts) and the edge one (app/api/webhooks/edge/route.ts).

declare const EdgeRuntime: string | undefined;

/** Which runtime runs this code: Next's edge runtime defines the global `EdgeRuntime`. */
export const currentRuntime = (): 'edge' | 'nodejs' => (typeof EdgeRuntime === 'string' ? 'edge' : 'nodejs');

/**
 * A webhook delivery: its raw body verified with `TESSERA_WEBHOOK_SECRET` (a changed body, another secret or a replay
 * is a 400 with its code; no secret yet, a 503 the service retries later), then the event. Answer fast: fulfil the
 * order on `payment/succeeded`, and hand long work to a queue.
 */
export const handleWebhook = createWebhookHandler({
  secret: () => process.env.TESSERA_WEBHOOK_SECRET,
  onEvent: (event) => {
    console.log(`webhook ${event.type} ${event.id} (${currentRuntime()})`);
    return Response.json({ received: true, id: event.id, type: event.type, runtime: currentRuntime() });
  },
});
