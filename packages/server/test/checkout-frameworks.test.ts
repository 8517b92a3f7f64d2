import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckoutPaymentAnswer } from '@tessera/core';
import { computeWebhookSignature } from '@tessera/core/internal';
import { startSandboxServer, type SandboxServer } from '@tessera/sandbox';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutHandler, Tessera, TesseraSignatureVerificationError, toNodeListener, WEBHOOK_SIGNATURE_HEADER } from '../src/index.js';

// The README's recipes, run in the frameworks themselves (Express 5, Fastify 5, Hono 4) on 127.0.0.1: the checkout
// handler mounted beside the app's own JSON routes, and the webhook route reading its raw body, each as the
// framework needs it (Express: express.raw on that route; Fastify: a buffer parser in a plugin; Hono: the Fetch
// request's text). Next.js route handlers are Fetch functions: the README's own example runs in readme-examples.
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

/** What a webhook route answers: the typed event's type, or 400 with the verification error's code. */
async function webhookAnswer(rawBody: string | Uint8Array, signature: string | string[] | undefined | null): Promise<{ status: number; body: string }> {
  try {
    const event = await tessera.webhooks.constructEvent(rawBody, typeof signature === 'string' ? signature : null, SECRET);
    return { status: 200, body: event.type };
  } catch (error) {
    if (error instanceof TesseraSignatureVerificationError) return { status: 400, body: error.code };
    throw error;
  }
}

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
  unsigned: { status: 400, body: 'missing_signature' },
  own: { status: 200, body: { hello: 'world' } },
};

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the checkout handler and the webhook route in each framework', () => {
  it('Express 5: the handler mounted before express.json(), the webhook route on express.raw', async () => {
    const app = express();
    // Before any body parser: the handler reads (and caps) the body itself.
    app.use('/api/tessera', toNodeListener(handler));
    app.post('/webhooks', express.raw({ type: 'application/json' }), (req, res) => {
      void webhookAnswer(req.body as Buffer, req.headers[WEBHOOK_SIGNATURE_HEADER]).then(({ status, body }) => res.status(status).send(body));
    });
    app.use(express.json());
    app.post('/api/echo', (req, res) => res.json(req.body));
    const server = createServer(app);
    try {
      expect(await exercise(await listen(server))).toMatchObject(expected);
    } finally {
      server.close();
    }
  });

  it('Fastify 5: the handler in a plugin whose body is left unread, the webhook route with a buffer parser', async () => {
    const fastify = Fastify();
    const checkout = toNodeListener(handler);
    await fastify.register((scope, _options, done) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.all('/api/tessera/*', async (request, reply) => {
        reply.hijack();
        await checkout(request.raw, reply.raw);
      });
      done();
    });
    await fastify.register((scope, _options, done) => {
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      scope.post('/webhooks', async (request, reply) => {
        const { status, body } = await webhookAnswer(request.body as Buffer, request.headers[WEBHOOK_SIGNATURE_HEADER]);
        return reply.code(status).send(body);
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

  it("Hono 4: app.all('/api/tessera/*') hands the Fetch request over, the webhook route reads c.req.text()", async () => {
    const app = new Hono();
    app.all('/api/tessera/*', (c) => handler(c.req.raw));
    app.post('/webhooks', async (c) => {
      const { status, body } = await webhookAnswer(await c.req.text(), c.req.header(WEBHOOK_SIGNATURE_HEADER));
      return c.text(body, status as 200 | 400);
    });
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
