import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { CHECKOUT_PAYMENT_TOKEN_HEADER, type CheckoutErrorAnswer, type CheckoutPaymentAnswer } from '@tessera/core';
import { startSandboxServer, type SandboxServer } from '@tessera/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutHandler, Tessera, toNodeListener } from '../src/index.js';

// The checkout handler behind node:http, as Express (`app.use('/api/tessera', listener)`: `originalUrl` keeps the
// mount path) and Fastify (`request.raw`, `reply.raw`) hand it their requests; over real HTTP on 127.0.0.1.
let sandbox: SandboxServer;
let shop: Server;
let origin: string;
const resolved: string[] = [];

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0 });
  const tessera = new Tessera({ apiKey: sandbox.sandbox.apiKey, baseUrl: sandbox.url });
  const handler = createCheckoutHandler({
    tessera,
    maxBodyBytes: 4096,
    order: (orderRef) => {
      resolved.push(orderRef);
      return orderRef === 'order_1' ? { amount: 3300, currency: 'USD', storeId: sandbox.sandbox.defaults.storeId } : undefined;
    },
  });
  const listener = toNodeListener(handler);
  shop = createServer((req: IncomingMessage, res: ServerResponse) => {
    // Mounted as Express mounts it: below /api/tessera, `url` loses the mount path and `originalUrl` keeps it.
    const full = req.url ?? '/';
    const mounted = Object.assign(req, { originalUrl: full });
    req.url = full.replace(/^\/api\/tessera/, '') || '/';
    void listener(mounted, res);
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => shop.close(resolve));
  await sandbox.close();
});

describe('toNodeListener', () => {
  it('pays, reads and continues through node:http with the page’s headers, and answers the handler’s status, headers and body', async () => {
    const body = { orderRef: 'order_1', serviceToken: await sandbox.sandbox.createServiceToken('visa'), attempt: 'attempt_node_1' };
    const paid = await fetch(`${origin}/api/tessera/payments`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(paid.status).toBe(201);
    expect(paid.headers.get('cache-control')).toBe('no-store');
    const answer = (await paid.json()) as CheckoutPaymentAnswer;
    expect(answer.payment).toMatchObject({ amount: 3300, status: 'succeeded' });
    const read = await fetch(`${origin}/api/tessera/payments/${answer.payment.id}`, { headers: { [CHECKOUT_PAYMENT_TOKEN_HEADER]: answer.paymentToken } });
    expect(read.status).toBe(200);
    const wrong = await fetch(`${origin}/api/tessera/payments`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it('refuses another origin, and a streamed body over the limit with a 413 before it is parsed', async () => {
    const foreign = await fetch(`${origin}/api/tessera/payments`, { method: 'POST', headers: { origin: 'https://evil.test' }, body: '{}' });
    expect(foreign.status).toBe(403);
    const before = resolved.length;
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (++sent > 64) return controller.close();
        controller.enqueue(new TextEncoder().encode('{"orderRef":"order_1","padding":"'.padEnd(1024, 'x')));
      },
    });
    const big = await fetch(`${origin}/api/tessera/payments`, { method: 'POST', headers: { origin }, body: stream, duplex: 'half' } as RequestInit);
    expect(big.status).toBe(413);
    expect(((await big.json()) as CheckoutErrorAnswer).error.code).toBe('body_too_large');
    expect(resolved.length).toBe(before);
  });

  it('answers a request it cannot turn into a Fetch request (TRACE, a bad Host, a bad path) with a 400, never a rejection that would end the process', async () => {
    const { port } = shop.address() as AddressInfo;
    /** The status line a raw request is answered with (the README's recipe does `void listener(req, res)`). */
    const statusOf = async (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(text));
        let received = '';
        socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
        socket.on('error', reject);
        socket.on('close', () => resolve(received.split('\r\n')[0] ?? ''));
        socket.setTimeout(2000, () => socket.destroy());
      });
    const answers: Record<string, string> = {
      'TRACE /api/tessera/payments HTTP/1.1\r\nHost: shop.test': 'HTTP/1.1 400 Bad Request',
      'GET /api/tessera/payments/pay_1 HTTP/1.1\r\nHost: [': 'HTTP/1.1 400 Bad Request',
      // A path that is no URL relative to the origin (`//host`): read as a path, which no route has.
      'GET //[ HTTP/1.1\r\nHost: shop.test': 'HTTP/1.1 404 Not Found',
    };
    for (const [head, status] of Object.entries(answers)) expect(await statusOf(`${head}\r\nConnection: close\r\n\r\n`), head).toBe(status);
    // The request target in absolute form names no origin of its own: the check compares the page with this one.
    const absolute = `POST http://evil.test/api/tessera/payments HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://evil.test\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`;
    expect(await statusOf(absolute)).toBe('HTTP/1.1 403 Forbidden');
  });
});
