import { createServer, type IncomingMessage, type Server } from 'node:http';
import { routes } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, sandboxRoutes, startSandboxServer } from '../src/index.js';
import { client } from './support.js';

interface Received {
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
      received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'] });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;
  sandboxServer = await startSandboxServer({ port: 0, sandboxOptions: { webhooks: { retryDelayMs: 1, maxAttempts: 3 } } });
});
afterAll(async () => {
  await sandboxServer.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('webhooks over HTTP', () => {
  it('records events per store and POSTs them to the configured endpoint, retrying a failure', async () => {
    const c = client(sandboxServer.url, sandboxServer.sandbox);
    const { storeId } = sandboxServer.sandbox.defaults;
    const added = await c.send('POST', sandboxRoutes.addWebhookEndpoint, { storeId, url: receiverUrl });
    expect(added.status).toBe(201);
    expect(added.body.endpoints).toEqual([receiverUrl]);
    expect((await c.send('POST', sandboxRoutes.addWebhookEndpoint, { storeId: 'store_404', url: receiverUrl })).status).toBe(404);
    expect((await c.send('POST', sandboxRoutes.addWebhookEndpoint, { storeId, url: 'ftp://x' })).status).toBe(400);

    const pi = await c.instrument(storeId);
    const paid = await c.api(routes.processPayment, { body: { mode: 'auth', amount: 4200, currency: 'USD', storeId, paymentInstrumentId: pi.id, initiatedBy: 'customer' } });
    await c.api(routes.processPayment, { body: { mode: 'capture', paymentId: paid.body.payment.id } });
    await sandboxServer.sandbox.webhooksIdle();

    // Deliveries run independently: a retried event can arrive after a later one.
    expect(received.map((r) => r.body.type).sort()).toEqual(['payment.authorized', 'payment.succeeded']);
    const authorized = received.find((r) => r.body.type === 'payment.authorized');
    expect(authorized?.body).toMatchObject({ storeId, data: { id: paid.body.payment.id, status: 'authorized' } });
    expect(authorized?.headers['content-type']).toBe('application/json');
    expect(authorized?.headers['x-tessera-event-type']).toBe('payment.authorized');
    expect(authorized?.headers['x-tessera-event-id']).toBe(authorized?.body.id);

    const delivered = await c.send('GET', `${sandboxRoutes.listDeliveredWebhooks}?storeId=${storeId}`);
    expect(delivered.body.deliveries.map((d: { status: string; attempts: number }) => [d.status, d.attempts])).toEqual([
      ['delivered', 2],
      ['delivered', 1],
    ]);
    const listed = await c.api(routes.listWebhooks, { query: `?storeId=${storeId}` });
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
  });
});
