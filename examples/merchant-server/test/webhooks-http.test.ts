import { startSandboxServer } from '@tessera/sandbox';
import { createTokenizer } from '@tessera/tokenizer';
import { describe, expect, it } from 'vitest';
import type { ReceivedWebhook } from '../src/app.js';
import { startMerchantServer } from '../src/server.js';

/** The back office's token (`STAFF_API_TOKEN`): the step-by-step payment routes are staff-only. */
const STAFF_TOKEN = 'staff_token_for_the_tests_0123456789';

// The starter as it runs: the Node server and the sandbox over real HTTP (no msw), the sandbox signing each delivery.
describe('the Node server against the sandbox over HTTP', () => {
  it('registers its webhook endpoint at start-up and accepts the sandbox’s signed deliveries', { timeout: 15_000 }, async () => {
    const sandboxServer = await startSandboxServer({ port: 0, sandboxOptions: { webhooks: { retryDelayMs: 1 } } });
    const webhooks: ReceivedWebhook[] = [];
    const { storeId } = sandboxServer.sandbox.defaults;
    const merchant = await startMerchantServer(
      { apiKey: sandboxServer.sandbox.apiKey, baseUrl: sandboxServer.url, storeId, port: 0, publicConfig: { environment: 'local', storeId }, staffToken: STAFF_TOKEN },
      { onWebhook: (webhook) => webhooks.push(webhook) },
    );
    try {
      expect(merchant.webhookEndpointId).toMatch(/^wh_/);
      const token = await createTokenizer({ environment: 'local', vaultUrl: sandboxServer.url }).tokenizeCard({ cardNumber: '4242424242424242', expiryDate: '12/30', cvc: '123' });
      const post = (path: string, body: unknown) =>
        fetch(`${merchant.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${STAFF_TOKEN}` }, body: JSON.stringify(body) }).then(async (r) => (await r.json()) as Record<string, any>);
      const instrument = await post('/api/instruments', { serviceToken: token, email: 'hooks@example.com' });
      const payment = await post('/api/payments', { amount: 1500, currency: 'USD', paymentInstrumentId: instrument.paymentInstrument.id });
      expect(payment.status).toBe('succeeded');
      await sandboxServer.sandbox.webhooksIdle();
      expect(webhooks.map((webhook) => webhook.type)).toEqual(['payment/succeeded']);
      const deliveries = sandboxServer.sandbox.records.webhookDeliveries.list();
      expect(deliveries.map((delivery) => [delivery.status, delivery.lastStatus])).toEqual([['delivered', 204]]);
    } finally {
      await merchant.close();
      await sandboxServer.close();
    }
  });
});
