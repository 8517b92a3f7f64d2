import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckoutPaymentAnswer } from '@tessera/core';
import { computeWebhookSignature } from '@tessera/core/internal';
import { startSandboxServer, type SandboxServer } from '@tessera/sandbox';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutHandler, createWebhookHandler, Tessera, toNodeListener, WEBHOOK_SIGNATURE_HEADER } from '../src/index.js';

// The README's recipes, run in the frameworks themselves (Express 5, Fastify 5, Hono 4) on 127.0.0.1: the checkout
// handler and the webhook handler mounted beside the app's own JSON routes, each reading its raw body as the
// framework lets it (Express: before express.json(); Fastify: in a plugin whose body is left unread; Hono: the Fetch
// request). Next.js route handlers are Fetch functions: the README's own example runs in readme-examples.
const SECRET = 'whsec_frameworks_test';
let sandbox: SandboxServer;
let tessera: Tessera;
let handler: ReturnType<typeof createCheckoutHandler>;

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0, host: '127.0.0.1' });
  tessera = new Tessera({ apiKey: sandbox.sandbox.apiKey, baseUrl: sandbox.url });
  handler = createCheckoutHandler({
    tessera,
    // Default allowedOrigins: each request's own origin (each framework runs on its own port, and the test sends it).
    order: (orderRef) => (orderRef === 'cart_42' ? { amount: 4200, currency: 'USD', storeId: sandbox.sandbox.defaults.storeId } : undefined),
  });
});
afterAll(() => sandbox.close());

/** The webhook handler: each verified event's type, as text. */
const webhooks = createWebhookHandler({ secret: SECRET, onEvent: (event) => new Response(event.type) });

/** Pays `cart_42` through the app at `origin`, posts a signed and an unsigned webhook, and calls its own JSON route. */
async function exercise(origin: string) {
  const body = JSON.stringify({ orderRef: 'cart_42', serviceToken: await sandbox.sandbox.createServiceToken('visa'), attempt: `attempt_${origin.slice(-5)}`, amount: 1 });
  const paid = await fetch(`${origin}/api/tessera/payments`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body });
  const event = JSON.stringify({ id: 'evt_1', type: 'payment/succeeded', data: { id: 'pay_1', amount: 4200, currency: 'USD', status: 'succeeded' } });
  const t = Math.floor(Date.now() / 1000);
  const hex = Array.from(await computeWebhookSignature(new TextEncoder().encode(event), SECRET, t), (byte) => byte.toString(16).padStart(2, '0')).join('');
  const signed = await fetch(`${origin}/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: `t=${t},v1=${hex}` }, body: event });
  const unsigned = await fetch(`${origin}/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: event });
  const own = await fetch(`${origin}/api/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hello: 'world' }) });
  return {
    paid: { status: paid.status, payment: ((await paid.json()) as CheckoutPaymentAnswer).payment },
    signed: { status: signed.status, body: await signed.text() },
    unsigned: { status: unsigned.status, body: await unsigned.text() },
    own: { status: own.status, body: (await own.json()) as unknown },
  };
}

const expected = {
  paid: { status: 201, payment: { amount: 4200, currency: 'USD', status: 'succeeded' } },
  signed: { status: 200, body: 'payment/succeeded' },
  unsigned: { status: 400, body: expect.stringContaining('"code":"missing_signature"') as string },
  own: { status: 200, body: { hello: 'world' } },
};

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the checkout handler and the webhook route in each framework', () => {
  it('Express 5: both handlers mounted before express.json()', async () => {
    const app = express();
    // Before any body parser: each handler reads (and caps) the raw body itself.
    app.use('/api/tessera', toNodeListener(handler));
    app.post('/webhooks', toNodeListener(webhooks));
    app.use(express.json());
    app.post('/api/echo', (req, res) => res.json(req.body));
    const server = createServer(app);
    try {
      expect(await exercise(await listen(server))).toMatchObject(expected);
    } finally {
      server.close();
    }
  });

  it('Fastify 5: both handlers in a plugin whose body is left unread', async () => {
    const fastify = Fastify();
    const checkout = toNodeListener(handler);
    const webhookListener = toNodeListener(webhooks);
    await fastify.register((scope, _options, done) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.all('/api/tessera/*', async (request, reply) => {
        reply.hijack();
        await checkout(request.raw, reply.raw);
      });
      scope.post('/webhooks', async (request, reply) => {
        reply.hijack();
        await webhookListener(request.raw, reply.raw);
      });
      done();
    });
    fastify.post('/api/echo', (request, reply) => reply.send(request.body));
    const origin = await fastify.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect(await exercise(origin)).toMatchObject(expected);
    } finally {
      await fastify.close();
    }
  });

  it('Hono 4: both handlers take the Fetch request as it is', async () => {
    const app = new Hono();
    app.all('/api/tessera/*', (c) => handler(c.req.raw));
    app.post('/webhooks', (c) => webhooks(c.req.raw));
    app.post('/api/echo', async (c) => c.json(await c.req.json<unknown>()));
    // Hono answers Fetch requests; node:http carries them here (as @hono/node-server would).
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const headers = Object.entries(req.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value] as [string, string]] : []));
        const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, ...(req.method === 'GET' ? {} : { body: Buffer.concat(chunks) }) });
        void Promise.resolve(app.fetch(request)).then(async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          res.end(Buffer.from(await response.arrayBuffer()));
        });
      });
    });
    try {
      expect(await exercise(await listen(server))).toMatchObject(expected);
    } finally {
      server.close();
    }
  });
});
