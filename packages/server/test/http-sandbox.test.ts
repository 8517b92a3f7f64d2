import { startSandboxServer, type SandboxServer } from '@tessera/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tessera, type TesseraLogEvent } from '../src/index.js';
import { newInstrument, productInput } from './fixtures.js';

// The sandbox over real HTTP on 127.0.0.1 with the runtime's own fetch: connection drops and timeouts are real
// sockets closing, not msw's simulated errors.
let server: SandboxServer;

beforeAll(async () => {
  server = await startSandboxServer({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

/** A client on the HTTP sandbox that records its log events, and a new instrument in the sandbox's default store. */
async function start(): Promise<{ tessera: Tessera; events: TesseraLogEvent[]; storeId: string; paymentInstrumentId: string }> {
  const events: TesseraLogEvent[] = [];
  const tessera = new Tessera({ apiKey: server.sandbox.apiKey, baseUrl: server.url, logger: (event) => events.push(event) });
  const storeId = server.sandbox.defaults.storeId;
  const { paymentInstrument } = await newInstrument(tessera, { baseUrl: server.url, vaultKey: server.sandbox.vaultKey }, storeId);
  return { tessera, events, storeId, paymentInstrumentId: paymentInstrument.id };
}

describe('against startSandboxServer over HTTP', () => {
  it('retries a purchase whose socket closed after the charge, and charges once', async () => {
    const { sandbox } = server;
    const { tessera, events, storeId, paymentInstrumentId } = await start();
    const chargesBefore = sandbox.countCharges();
    sandbox.faults.add({ route: 'processPayment', kind: 'drop_after_commit', times: 1 });
    const payment = await tessera.payments.purchase({ amount: 4100, currency: 'USD', storeId, paymentInstrumentId, initiatedBy: 'customer' });
    expect(payment.status).toBe('succeeded');
    expect(sandbox.countCharges() - chargesBefore).toBe(1);
    const processRequests = events.filter((event) => event.type === 'request' && event.url.endsWith('/payments/process'));
    expect(processRequests).toHaveLength(2);
    expect(events.find((event) => event.type === 'retry')).toMatchObject({ reason: 'connection error', retryCount: 1 });
    const keys = processRequests.map((event) => (event.type === 'request' ? event.headers['idempotency-key'] : undefined));
    expect(keys[0]).toBeDefined();
    expect(keys[0]).toBe(keys[1]);
    sandbox.faults.clear();
  });

  it('retries a POST that timed out while the server was still charging, and charges once', async () => {
    const { sandbox } = server;
    const { tessera, events, storeId, paymentInstrumentId } = await start();
    const chargesBefore = sandbox.countCharges();
    sandbox.faults.add({ route: 'processPayment', kind: 'latency', latencyMs: 300, times: 1 });
    const payment = await tessera.payments.purchase(
      { amount: 4200, currency: 'USD', storeId, paymentInstrumentId, initiatedBy: 'customer' },
      { timeoutMs: 100, maxRetries: 5 },
    );
    expect(payment.status).toBe('succeeded');
    expect(events.find((event) => event.type === 'retry')).toMatchObject({ reason: 'timeout' });
    expect(sandbox.countCharges() - chargesBefore).toBe(1);
    sandbox.faults.clear();
  });

  it('reads a payment through tessera.request', async () => {
    const { tessera, storeId, paymentInstrumentId } = await start();
    const paid = await tessera.payments.purchase({ amount: 100, currency: 'USD', storeId, paymentInstrumentId, initiatedBy: 'customer' });
    expect(await tessera.request('GET', `/payments/${paid.id}`)).toMatchObject({ id: paid.id, status: 'succeeded' });
  });

  it('checkout as published: init reads the 302 without following it, pay-v2 pays the session', async () => {
    const { sandbox } = server;
    const { tessera, events, storeId, paymentInstrumentId } = await start();
    const product = (await tessera.products.create(productInput(storeId))).raw as { product: { variants: Array<{ id: string }> } };
    const variantId = product.product.variants[0]!.id;
    const init = await tessera.checkoutSessions.init({ storeId, items: [{ variantId, quantity: 2 }], currency: 'USD', returnUrl: 'https://shop.example/thanks', utm_source: 'mail' });
    const location = new URL(init.redirectUrl);
    // The sandbox's hosted checkout URL (it serves no page there): never requested by the client.
    expect(`${location.origin}${location.pathname}`).toBe(`${server.url}/sandbox/checkout`);
    expect(location.searchParams.get('checkoutToken')).toBe(init.checkoutToken);
    expect(location.searchParams.get('utm_source')).toBe('mail');
    expect(events.filter((event) => event.type === 'request' && event.url.includes('/sandbox/checkout'))).toHaveLength(0);
    const checkoutSessionId = location.searchParams.get('checkoutSessionId')!;
    expect(sandbox.records.checkoutSessions.get(checkoutSessionId)).toMatchObject({ amount: 2400, checkoutToken: init.checkoutToken });

    const paid = await tessera.checkoutSessions.pay({ checkoutSessionId, paymentInstrumentId });
    expect(paid.payment).toMatchObject({ status: 'succeeded', amount: 2400 });
    expect(paid.order).toMatchObject({ status: 'paid', amount: 2400 });
    expect(paid.redirectUrl).toBe(`https://shop.example/thanks?orderId=${paid.order!.id}`);
    await expect(tessera.checkoutSessions.pay({ checkoutSessionId, paymentInstrumentId })).rejects.toMatchObject({ status: 409 });
  });
});
