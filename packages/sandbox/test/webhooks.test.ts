import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routes } from '@tessera/core/internal';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SandboxServer, sandboxRoutes, startSandboxServer } from '../src/index.js';
import { client } from './support.js';

interface Received {
  url: string;
  raw: string;
  headers: IncomingMessage['headers'];
  body: { id: string; type: string; storeId: string; data: { id: string; status: string } };
}

let sandboxServer: SandboxServer;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let failuresLeft = 1;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // The first delivery fails, so the retry path is exercised.
      if (failuresLeft > 0) {
        failuresLeft--;
        response.writeHead(500).end();
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ url: request.url ?? '', raw, headers: request.headers, body: JSON.parse(raw) as Received['body'] });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});
// Each test has a sandbox of its own, and the receiver starts empty, failing its first delivery again.
beforeEach(async () => {
  received.length = 0;
  failuresLeft = 1;
  sandboxServer = await startSandboxServer({ port: 0, sandboxOptions: { webhooks: { retryDelayMs: 1, maxAttempts: 3 } } });
});
afterEach(async () => {
  await sandboxServer.close();
});

describe('webhooks over HTTP', () => {
  it('records events per store and POSTs them to the configured endpoint, retrying a failure', async () => {
    const c = client(sandboxServer.url, sandboxServer.sandbox);
    const { storeId } = sandboxServer.sandbox.defaults;
    const added = await c.send('POST', sandboxRoutes.addWebhookEndpoint, { storeId, url: receiverUrl });
    expect(added.status).toBe(201);
    expect(added.body.endpoints).toEqual([receiverUrl]);
    expect(added.body.endpoint).toMatchObject({ id: expect.stringMatching(/^wh_/), url: receiverUrl, secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/), enabled: true });
    // The same URL again is the same endpoint: one delivery per event, one secret.
    expect((await c.send('POST', sandboxRoutes.addWebhookEndpoint, { storeId, url: receiverUrl })).body.endpoint.secret).toBe(added.body.endpoint.secret);
    expect((await c.send('POST', sandboxRoutes.addWebhookEndpoint, { storeId: 'store_404', url: receiverUrl })).status).toBe(404);
    expect((await c.send('POST', sandboxRoutes.addWebhookEndpoint, { storeId, url: 'ftp://x' })).status).toBe(400);

    const pi = await c.instrument(storeId);
    const paid = await c.api(routes.processPayment, { body: { mode: 'auth', amount: 4200, currency: 'USD', storeId, paymentInstrumentId: pi.id, initiatedBy: 'customer' } });
    await c.api(routes.processPayment, { body: { mode: 'capture', paymentId: paid.body.payment.id } });
    await sandboxServer.sandbox.webhooksIdle();

    // Deliveries run independently: a retried event can arrive after a later one.
    expect(received.map((r) => r.body.type).sort()).toEqual(['payment/authorized', 'payment/succeeded']);
    // Each delivery is signed: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> under the endpoint's secret.
    for (const delivery of received) {
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers['x-tessera-signature']));
      expect(match).not.toBeNull();
      const [, t, v1] = match!;
      expect(createHmac('sha256', added.body.endpoint.secret).update(`${t}.${delivery.raw}`).digest('hex')).toBe(v1);
      expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(60);
    }
    const authorized = received.find((r) => r.body.type === 'payment/authorized');
    expect(authorized?.body).toMatchObject({ storeId, data: { id: paid.body.payment.id, status: 'authorized' } });
    expect(authorized?.headers['content-type']).toBe('application/json');
    expect(authorized?.headers['x-tessera-event-type']).toBe('payment/authorized');
    expect(authorized?.headers['x-tessera-event-id']).toBe(authorized?.body.id);

    const delivered = await c.send('GET', `${sandboxRoutes.listDeliveredWebhooks}?storeId=${storeId}`);
    expect(delivered.body.deliveries.map((d: { status: string; attempts: number }) => [d.status, d.attempts])).toEqual([
      ['delivered', 2],
      ['delivered', 1],
    ]);
    // Every attempt is recorded: the failed one with its 500, then the delivered one.
    expect(delivered.body.deliveries[0].history.map((a: { attempt: number; status: number }) => [a.attempt, a.status])).toEqual([
      [1, 500],
      [2, 204],
    ]);
    const listed = await c.api(routes.listWebhookEvents, { query: `?storeId=${storeId}` });
    expect(listed.body.data.map((e: { id: string }) => e.id).sort()).toEqual(received.map((r) => r.body.id).sort());
  });

  it('gives up after the bounded number of attempts', async () => {
    const c = client(sandboxServer.url, sandboxServer.sandbox);
    const { gateway } = sandboxServer.sandbox.defaults;
    // Nothing listens on port 9 of loopback (discard): every attempt fails to connect.
    await c.send('POST', sandboxRoutes.addWebhookEndpoint, { storeId: gateway.storeId, url: 'http://127.0.0.1:9/none' });
    const pi = await c.instrument(gateway.storeId);
    await c.api(routes.processPayment, { body: { mode: 'purchase', amount: 100, currency: 'USD', storeId: gateway.storeId, paymentInstrumentId: pi.id, initiatedBy: 'customer' } });
    await sandboxServer.sandbox.webhooksIdle();
    const deliveries = sandboxServer.sandbox.records.webhookDeliveries.list().filter((d) => d.storeId === gateway.storeId);
    expect(deliveries.map((d) => [d.status, d.attempts])).toEqual([['failed', 3]]);
    expect(deliveries[0]?.history.map((attempt) => [attempt.status, attempt.error])).toEqual([
      [null, 'connection_error'],
      [null, 'connection_error'],
      [null, 'connection_error'],
    ]);
  });

  it('never follows a redirect: a 307 or 308 is a failed attempt, retried, and its target receives nothing', async () => {
    // A receiver that answers every POST with a redirect to a second receiver on loopback, which records anything.
    const redirected: string[] = [];
    const target = createServer((request, response) => {
      redirected.push(`${request.method} ${request.url}`);
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    const redirects: string[] = [];
    const redirector = createServer((request, response) => {
      redirects.push(request.url ?? '');
      request.resume();
      response.writeHead(request.url === '/308' ? 308 : 307, { location: `${targetUrl}/stolen` }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const redirectorUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
    try {
      const c = client(sandboxServer.url, sandboxServer.sandbox);
      const store = await c.api(routes.createStore, { body: { name: 'Redirects', baseCurrency: 'USD', presentmentCurrencies: ['USD'], chargeCurrencies: ['USD'] } });
      const storeId = store.body.id as string;
      for (const status of ['307', '308']) await c.send('POST', sandboxRoutes.addWebhookEndpoint, { storeId, url: `${redirectorUrl}/${status}` });
      const pi = await c.instrument(storeId);
      await c.api(routes.processPayment, { body: { mode: 'purchase', amount: 300, currency: 'USD', storeId, paymentInstrumentId: pi.id, initiatedBy: 'customer' } });
      await sandboxServer.sandbox.webhooksIdle();

      expect(redirected).toEqual([]);
      const deliveries = sandboxServer.sandbox.records.webhookDeliveries.list().filter((delivery) => delivery.storeId === storeId);
      expect(deliveries.map((delivery) => [delivery.url.slice(redirectorUrl.length), delivery.status, delivery.attempts, delivery.lastStatus])).toEqual([
        ['/307', 'failed', 3, 307],
        ['/308', 'failed', 3, 308],
      ]);
      expect(deliveries[0]?.history.map((attempt) => attempt.status)).toEqual([307, 307, 307]);
      expect(redirects.sort()).toEqual(['/307', '/307', '/307', '/308', '/308', '/308']);
    } finally {
      await Promise.all([target, redirector].map(async (server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    }
  });

  it('POST /webhooks registers an endpoint that receives only the event types it subscribed to', async () => {
    const c = client(sandboxServer.url, sandboxServer.sandbox);
    const store = await c.api(routes.createStore, { body: { name: 'Hooks', baseCurrency: 'USD', presentmentCurrencies: ['USD'], chargeCurrencies: ['USD'] } });
    const storeId = store.body.id as string;
    const url = `${receiverUrl}?only=refunds`;
    const created = await c.api(routes.createWebhookEndpoint, { body: { storeId, url, eventTypes: ['payment/refunded'], description: 'refunds only' } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^wh_/), url, secret: expect.stringMatching(/^whsec_/), eventTypes: ['payment/refunded'], enabled: true, createdAt: expect.any(String) });

    const pi = await c.instrument(storeId);
    const paid = await c.api(routes.processPayment, { body: { mode: 'purchase', amount: 700, currency: 'USD', storeId, paymentInstrumentId: pi.id, initiatedBy: 'customer' } });
    await c.api(routes.refundPayment, { body: { paymentId: paid.body.payment.id, storeId } });
    await sandboxServer.sandbox.webhooksIdle();
    const mine = received.filter((r) => r.url === '/hooks?only=refunds');
    expect(mine.map((r) => r.body.type)).toEqual(['payment/refunded']);
    expect(sandboxServer.sandbox.records.webhookDeliveries.list().filter((d) => d.endpointId === created.body.id)).toHaveLength(1);
  });

  it('POST /webhooks refuses an unknown store, no event type, and a dotted name (pointing to its slash form)', async () => {
    const c = client(sandboxServer.url, sandboxServer.sandbox);
    const { storeId } = sandboxServer.sandbox.defaults;
    expect((await c.api(routes.createWebhookEndpoint, { body: { storeId: 'store_404', url: receiverUrl, eventTypes: ['order/paid'] } })).status).toBe(404);
    expect((await c.api(routes.createWebhookEndpoint, { body: { storeId, url: receiverUrl, eventTypes: [] } })).status).toBe(400);
    const dotted = await c.api(routes.createWebhookEndpoint, { body: { storeId, url: receiverUrl, eventTypes: ['order/paid', 'order.paid'] } });
    expect(dotted.status).toBe(400);
    expect(dotted.body.error.fields).toEqual([{ field: 'eventTypes.1', code: 'invalid_event_type', message: 'is not an event type: use the slash form "order/paid"' }]);
  });

  it('serves the recorded events as the published events operations', async () => {
    const c = client(sandboxServer.url, sandboxServer.sandbox);
    const { storeId } = sandboxServer.sandbox.defaults;
    // The events of an authorization of 4200, then its capture.
    const pi = await c.instrument(storeId);
    const paid = await c.api(routes.processPayment, { body: { mode: 'auth', amount: 4200, currency: 'USD', storeId, paymentInstrumentId: pi.id, initiatedBy: 'customer' } });
    await c.api(routes.processPayment, { body: { mode: 'capture', paymentId: paid.body.payment.id } });
    const listed = await c.api(routes.listEvents, { body: { pagination: { page: 1, pageSize: 1 }, filters: { storeIds: [storeId], eventTypes: ['s_payment_authorized'] } } });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: 1, pageCount: 1, options: { 'appEvents.eventType': expect.arrayContaining(['s_payment_authorized', 's_payment_succeeded']) } });
    const [event] = listed.body.events;
    expect(event).toMatchObject({ accountId: 'acc_sandbox', storeId, eventType: 's_payment_authorized', type: 'payment/authorized', draft: false, properties: { paymentId: expect.stringMatching(/^pay_/), amount: 4200, currency: 'USD' }, store: { id: storeId } });
    expect((await c.api(routes.retrieveEvent, { params: { id: event.id } })).body).toEqual(event);
    expect((await c.api(routes.retrieveEvent, { params: { id: 'evt_404' } })).status).toBe(404);
    const recent = await c.api(routes.listRecentEvents, { body: { limit: 2 } });
    expect(recent.body).toHaveLength(2);
    expect(recent.body[0].id).toBe(sandboxServer.sandbox.records.webhookEvents.list().at(-1)?.id);
    expect((await c.api(routes.listRecentEvents, { body: { limit: 101 } })).status).toBe(400);
  });
});
