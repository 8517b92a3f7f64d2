import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { EdgeVM } from '@edge-runtime/vm';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The SDK bundled from source as a script, then run inside an Edge Runtime VM: only web globals (fetch, Request,
// Response, Headers, URL, AbortController, crypto, TextEncoder…), no `process`, no Node modules.
let bundle: string;
let server: Server;
let origin: string;
const received: Array<{ method: string; url: string; headers: IncomingHttpHeaders }> = [];

beforeAll(async () => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'TesseraSDK',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['@tessera/source', 'import', 'default'],
    target: 'es2022',
  });
  bundle = result.outputFiles[0]!.text;
  server = createServer((request, response) => {
    received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    if (request.url?.endsWith('/payments/missing')) {
      response.writeHead(404, { 'content-type': 'application/json', 'x-request-id': 'req_404' });
      response.end(JSON.stringify({ error: { code: 'not_found', message: 'No such payment' } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ payment: { id: 'pay_edge', amount: 100, currency: 'USD', status: 'succeeded' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('fetch-only runtime (Edge Runtime VM)', () => {
  it('has no Node globals, and the SDK processes a payment and maps errors with the runtime’s own fetch', async () => {
    const vm = new EdgeVM();
    expect(vm.evaluate<string>('typeof process + typeof require + typeof Buffer')).toBe('undefinedundefinedundefined');
    vm.evaluate(bundle);
    const outcome = await vm.evaluate<Promise<{ payment: unknown; error: unknown }>>(`(async () => {
      const { Tessera, TesseraNotFoundError } = TesseraSDK;
      const tessera = new Tessera({ apiKey: 'sk_edge_secret', baseUrl: ${JSON.stringify(origin)}, maxRetries: 0 });
      const payment = await tessera.payments.purchase({
        amount: 100, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'customer',
      });
      const error = await tessera.payments.retrieve('missing').catch((e) => ({
        isNotFound: e instanceof TesseraNotFoundError, name: e.name, code: e.code, status: e.status, requestId: e.requestId,
      }));
      return { payment, error };
    })()`);
    expect(outcome.payment).toEqual({ id: 'pay_edge', amount: 100, currency: 'USD', status: 'succeeded' });
    expect(outcome.error).toEqual({ isNotFound: true, name: 'TesseraNotFoundError', code: 'not_found', status: 404, requestId: 'req_404' });
    const [post, get] = received;
    expect(post).toMatchObject({ method: 'POST', url: '/api/public/v1/payments/process' });
    expect(post!.headers.authorization).toBe('Bearer sk_edge_secret');
    expect(post!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(post!.headers['x-tessera-client']).toMatch(/^tessera-server\/\d+\.\d+\.\d+ edge-runtime\//);
    expect(get).toMatchObject({ method: 'GET', url: '/api/public/v1/payments/missing' });
  });

  it('verifies a webhook signature with Web Crypto alone (constructEvent), and refuses a tampered body', async () => {
    const vm = new EdgeVM();
    vm.evaluate(bundle);
    const body = JSON.stringify({ id: 'evt_edge', type: 'order/paid', data: { id: 'ord_1' } });
    const t = Math.floor(Date.now() / 1000);
    const signature = `t=${t},v1=${createHmac('sha256', 'whsec_edge').update(`${t}.${body}`).digest('hex')}`;
    const outcome = await vm.evaluate<Promise<{ type: string; refused: string }>>(`(async () => {
      const { Tessera } = TesseraSDK;
      const tessera = new Tessera({ apiKey: 'sk_edge_secret', baseUrl: ${JSON.stringify(origin)} });
      const body = ${JSON.stringify(body)};
      const event = await tessera.webhooks.constructEvent(new TextEncoder().encode(body), ${JSON.stringify(signature)}, 'whsec_edge');
      const refused = await tessera.webhooks.constructEvent(body.replace('ord_1', 'ord_2'), ${JSON.stringify(signature)}, 'whsec_edge').catch((e) => e.code);
      return { type: event.type, refused };
    })()`);
    expect(outcome).toEqual({ type: 'order/paid', refused: 'invalid_signature' });
  });
});
