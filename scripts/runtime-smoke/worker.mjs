// workerd entry of the runtime smoke, bundled by wrangler. `GET /smoke?sandbox=…&store=…` runs the journey inside
// the worker; every other request goes to the merchant-server starter's Hono app, pointed at the same sandbox.
import { Tessera } from '@tessera/server';
import { createMerchantApp } from './merchant-server/app.ts';
import { runSmoke } from './flow.mjs';
import { STAFF_TOKEN } from './staff-token.mjs';

export default {
  /** @param {Request} request */
  async fetch(request) {
    const url = new URL(request.url);
    const sandboxUrl = url.searchParams.get('sandbox') ?? '';
    const storeId = url.searchParams.get('store') ?? '';
    const apiKey = 'sk_test_tessera_sandbox';
    if (url.pathname === '/smoke') {
      try {
        const steps = await runSmoke({ sandboxUrl, gatewayStoreId: storeId, apiKey });
        return Response.json({ ok: true, steps });
      } catch (error) {
        return Response.json({ ok: false, error: String(error) }, { status: 500 });
      }
    }
    const app = createMerchantApp({
      tessera: new Tessera({ apiKey, baseUrl: sandboxUrl }),
      storeId,
      publicConfig: { environment: 'local', vaultUrl: sandboxUrl, storeId },
      onWebhook: () => {},
      // The back-office routes want a staff token (the run reads a payment with it).
      staffToken: STAFF_TOKEN,
    });
    return app.fetch(request);
  },
};
