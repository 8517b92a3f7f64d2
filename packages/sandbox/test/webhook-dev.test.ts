import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routes } from '@tessera/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, sandboxRoutes, startSandboxServer } from '../src/index.js';
import { client } from './support.js';

/** One delivery as a receiver saw it. */
interface Seen {
  id: string;
  type: string;
  signature: string;
  raw: string;
}

/** A receiver on loopback that records every POST and answers `status` (or hangs when `hang`). */
async function receiver(options: { status?: number; hang?: boolean } = {}) {
  const seen: Seen[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(raw) as { id: string; type: string };
      seen.push({ id: body.id, type: body.type, signature: String(request.headers['x-tessera-signature']), raw });
      if (!options.hang) response.writeHead(options.status ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  const close = async (): Promise<void> => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url, seen, close };
}

let sandboxServer: SandboxServer;
let c: ReturnType<typeof client>;

beforeAll(async () => {
  sandboxServer = await startSandboxServer({ port: 0, sandboxOptions: { webhooks: { retryDelayMs: 5, maxAttempts: 3, attemptTimeoutMs: 400 } } });
  c = client(sandboxServer.url, sandboxServer.sandbox);
});
afterAll(async () => {
  await sandboxServer.close();
});

/** A new store (its own endpoints and events), with an endpoint for every event type at `url`. */
async function storeWithEndpoint(url: string, extra: Record<string, unknown> = {}) {
  const store = await c.api(routes.createStore, { body: { name: 'Hooks', baseCurrency: 'USD', presentmentCurrencies: ['USD'], chargeCurrencies: ['USD'] } });
  const storeId = store.body.id as string;
  const added = await c.send('POST', sandboxRoutes.addWebhookEndpoint, { storeId, url, ...extra });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return { storeId, endpoint: added.body.endpoint as { id: string; secret: string; mode: { kind: string } } };
}

const triggerOn = async (storeId: string, type: string) => c.send('POST', sandboxRoutes.triggerEvent, { type, storeId });
const verify = (secret: string, seen: Seen): boolean => {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(seen.signature) ?? [];
  return t !== undefined && createHmac('sha256', secret).update(`${t}.${seen.raw}`).digest('hex') === v1;
};

describe('webhooks for development: fixed secret, trigger, resend, delivery log, modes, faults', () => {
  it('a fixed secret is kept by the endpoint, also when registered again; a malformed one is refused', async () => {
    const hook = await receiver();
    try {
      const secret = `whsec_${'ab12'.repeat(8)}`;
      const { storeId, endpoint } = await storeWithEndpoint(hook.url, { secret });
      expect(endpoint.secret).toBe(secret);
      const other = `whsec_${'cd34'.repeat(8)}`;
      const again = await c.send('POST', sandboxRoutes.addWebhookEndpoint, { storeId, url: hook.url, secret: other });
      expect(again.body.endpoint).toMatchObject({ id: endpoint.id, secret: other });
      expect((await c.send('POST', sandboxRoutes.addWebhookEndpoint, { storeId, url: hook.url, secret: 'sk_nope' })).status).toBe(400);
      await triggerOn(storeId, 'payment/succeeded');
      await sandboxServer.sandbox.webhooksIdle();
      expect(hook.seen.length).toBeGreaterThan(0);
      for (const seen of hook.seen) expect(verify(other, seen)).toBe(true);
    } finally {
      await hook.close();
    }
  });

  it('trigger causes each supported type, answers the ids and events; an unknown type lists the supported ones', async () => {
    const hook = await receiver();
    try {
      const { storeId } = await storeWithEndpoint(hook.url);
      for (const type of ['payment/succeeded', 'payment/declined', 'payment/refunded', 'order/paid', 'subscription/created', 'subscription/renewed']) {
        const answer = await triggerOn(storeId, type);
        expect(answer.status, `${type}: ${JSON.stringify(answer.body)}`).toBe(201);
        expect(answer.body.events.map((event: { type: string }) => event.type)).toContain(type);
        expect(answer.body.ids).toMatchObject({ customerId: expect.stringMatching(/^cus_/) });
      }
      await sandboxServer.sandbox.webhooksIdle();
      for (const type of ['payment/succeeded', 'payment/declined', 'payment/refunded', 'order/paid', 'subscription/created', 'subscription/renewed']) {
        expect(hook.seen.map((seen) => seen.type)).toContain(type);
      }
      const refunded = await triggerOn(storeId, 'payment/refunded');
      expect(refunded.body.ids).toMatchObject({ paymentId: expect.stringMatching(/^pay_/), refundId: expect.stringMatching(/^ref_/) });
      const unknown = await triggerOn(storeId, 'payment/exploded');
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.message).toContain('payment/succeeded, payment/declined');
    } finally {
      await hook.close();
    }
  });

  it('resend delivers the same event id again, signed anew; to one endpoint or to every subscribed one; 404s', async () => {
    const hook = await receiver();
    try {
      const { storeId, endpoint } = await storeWithEndpoint(hook.url);
      const fired = await triggerOn(storeId, 'payment/succeeded');
      const eventId = fired.body.events.find((event: { type: string }) => event.type === 'payment/succeeded').id as string;
      await sandboxServer.sandbox.webhooksIdle();
      const resent = await c.send('POST', sandboxRoutes.resendWebhookEvent.replace('{id}', eventId), { endpointId: endpoint.id });
      expect(resent.status).toBe(202);
      expect(resent.body).toEqual({ eventId, deliveries: [{ endpointId: endpoint.id, url: hook.url }] });
      expect((await c.send('POST', sandboxRoutes.resendWebhookEvent.replace('{id}', eventId))).body.deliveries).toHaveLength(1);
      await sandboxServer.sandbox.webhooksIdle();
      const copies = hook.seen.filter((seen) => seen.id === eventId);
      expect(copies).toHaveLength(3);
      expect(new Set(copies.map((copy) => copy.raw)).size).toBe(1);
      for (const copy of copies) expect(verify(endpoint.secret, copy)).toBe(true);
      const log = await c.send('GET', `${sandboxRoutes.listWebhookDeliveries}?eventId=${eventId}`);
      expect(log.body.deliveries.map((delivery: { reason?: string }) => delivery.reason ?? 'event')).toEqual(['event', 'resend', 'resend']);
      expect((await c.send('POST', sandboxRoutes.resendWebhookEvent.replace('{id}', 'evt_404'))).status).toBe(404);
      expect((await c.send('POST', sandboxRoutes.resendWebhookEvent.replace('{id}', eventId), { endpointId: 'wh_404' })).status).toBe(404);
    } finally {
      await hook.close();
    }
  });

  it('the delivery log: each attempt with status, time, duration; filtered by endpoint, paged by index', async () => {
    const hook = await receiver({ status: 503 });
    try {
      const { storeId, endpoint } = await storeWithEndpoint(hook.url);
      await triggerOn(storeId, 'subscription/created');
      await sandboxServer.sandbox.webhooksIdle();
      const log = await c.send('GET', `${sandboxRoutes.listWebhookDeliveries}?endpointId=${endpoint.id}`);
      expect(log.status).toBe(200);
      const [first] = log.body.deliveries;
      expect(first).toMatchObject({ index: expect.any(Number), endpointId: endpoint.id, status: 'failed', attempts: 3 });
      expect(first.history).toEqual([1, 2, 3].map((attempt) => ({ attempt, at: expect.any(String), status: 503, durationMs: expect.any(Number), signature: expect.stringMatching(/v1=/) })));
      const later = await c.send('GET', `${sandboxRoutes.listWebhookDeliveries}?endpointId=${endpoint.id}&since=${first.index + 1}`);
      expect(later.body.deliveries.every((delivery: { index: number }) => delivery.index > first.index)).toBe(true);
    } finally {
      await hook.close();
    }
  });

  it('mode duplicates: each event twice', async () => {
    const hook = await receiver();
    try {
      const { storeId, endpoint } = await storeWithEndpoint(hook.url, { mode: { kind: 'duplicates' } });
      expect(endpoint.mode).toEqual({ kind: 'duplicates' });
      const fired = await triggerOn(storeId, 'subscription/created');
      await sandboxServer.sandbox.webhooksIdle();
      const eventId = fired.body.events[0].id as string;
      expect(hook.seen.filter((seen) => seen.id === eventId)).toHaveLength(2);
    } finally {
      await hook.close();
    }
  });

  it('mode out-of-order: a batch arrives newest first', async () => {
    const hook = await receiver();
    try {
      // A purchase fires payment/succeeded; the subscription with a payment fires subscription/created, payment/succeeded, order/created, order/paid.
      const { storeId } = await storeWithEndpoint(hook.url, { mode: { kind: 'out-of-order' } });
      const fired = await triggerOn(storeId, 'order/paid');
      await sandboxServer.sandbox.webhooksIdle();
      const sent = (fired.body.events as { id: string }[]).map((event) => event.id);
      expect(sent.length).toBeGreaterThanOrEqual(3);
      const arrived = hook.seen.map((seen) => seen.id);
      expect(arrived.toSorted()).toEqual(sent.toSorted());
      // The first batch (three events) arrives reversed.
      expect(arrived.slice(0, 3)).toEqual(sent.slice(0, 3).reverse());
    } finally {
      await hook.close();
    }
  });

  it('mode delay: the delivery starts that much later, and the API answers at once', async () => {
    const hook = await receiver();
    try {
      const { storeId } = await storeWithEndpoint(hook.url, { mode: { kind: 'delay', ms: 300 } });
      const before = Date.now();
      await triggerOn(storeId, 'subscription/created');
      expect(Date.now() - before).toBeLessThan(250);
      expect(hook.seen).toHaveLength(0);
      await sandboxServer.sandbox.webhooksIdle();
      expect(Date.now() - before).toBeGreaterThanOrEqual(300);
      expect(hook.seen).toHaveLength(1);
      expect((await c.send('POST', sandboxRoutes.addWebhookEndpoint, { storeId, url: hook.url, mode: { kind: 'delay', ms: 10_000_000 } })).status).toBe(400);
    } finally {
      await hook.close();
    }
  });

  it('mode fail-first: the receiver gets each event n + 1 times, the first n recorded as failed', async () => {
    const hook = await receiver();
    try {
      // Three forced failures with three attempts per delivery: the delivery gets a fourth attempt.
      const { storeId, endpoint } = await storeWithEndpoint(hook.url, { mode: { kind: 'fail-first', attempts: 3 } });
      const fired = await triggerOn(storeId, 'subscription/created');
      await sandboxServer.sandbox.webhooksIdle();
      const eventId = fired.body.events[0].id as string;
      expect(hook.seen.filter((seen) => seen.id === eventId)).toHaveLength(4);
      const log = await c.send('GET', `${sandboxRoutes.listWebhookDeliveries}?endpointId=${endpoint.id}`);
      expect(log.body.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 4 });
      expect(log.body.deliveries[0].history.map((attempt: { status: number; error?: string }) => [attempt.status, attempt.error ?? null])).toEqual([
        [204, 'fail_first'],
        [204, 'fail_first'],
        [204, 'fail_first'],
        [204, null],
      ]);
    } finally {
      await hook.close();
    }
  });

  it('a refusing and a hanging receiver: the POST answers at once; retried, bounded, shown in the log', async () => {
    const hanging = await receiver({ hang: true });
    const refusing = await receiver();
    await refusing.close();
    try {
      const { storeId, endpoint: hung } = await storeWithEndpoint(hanging.url);
      const refused = (await c.send('POST', sandboxRoutes.addWebhookEndpoint, { storeId, url: refusing.url })).body.endpoint as { id: string };
      const pi = await c.instrument(storeId);
      const before = Date.now();
      const paid = await c.api(routes.processPayment, { body: { mode: 'purchase', amount: 500, currency: 'USD', storeId, paymentInstrumentId: pi.id, initiatedBy: 'customer' } });
      expect(paid.status).toBe(200);
      // Far below one attempt's time limit (400 ms): the answer does not wait for the receivers.
      expect(Date.now() - before).toBeLessThan(200);
      const started = Date.now();
      await sandboxServer.sandbox.webhooksIdle();
      // 3 attempts of at most 400 ms, waits of 5 and 10 ms: bounded.
      expect(Date.now() - started).toBeLessThan(3000);
      const log = await c.send('GET', `${sandboxRoutes.listWebhookDeliveries}?eventId=${(await c.api(routes.listWebhookEvents, { query: `?storeId=${storeId}` })).body.data[0].id}`);
      const byEndpoint = Object.fromEntries(log.body.deliveries.map((delivery: { endpointId: string }) => [delivery.endpointId, delivery]));
      expect(byEndpoint[hung.id]).toMatchObject({ status: 'failed', attempts: 3 });
      expect(byEndpoint[hung.id].history.map((attempt: { error: string }) => attempt.error)).toEqual(['timeout', 'timeout', 'timeout']);
      expect(byEndpoint[refused.id]).toMatchObject({ status: 'failed', attempts: 3 });
      expect(byEndpoint[refused.id].history[0]).toMatchObject({ status: null, error: 'connection_error', detail: 'ECONNREFUSED' });
    } finally {
      await hanging.close();
    }
  });
});
