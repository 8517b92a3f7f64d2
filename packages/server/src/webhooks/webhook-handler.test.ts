import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebhookHandler, isKnownWebhookEvent, signWebhookPayload, toNodeListener, type WebhookHandlerOptions } from '../index.js';

const secret = 'whsec_test_handler_5b1d';
const event = { id: 'evt_1', type: 'payment/succeeded', storeId: 'store_1', createdAt: '2026-01-01T00:00:00.000Z', data: { id: 'pay_1', status: 'succeeded', amount: 1999, currency: 'USD' } };
const body = JSON.stringify(event);

async function delivery(payload = body, init: { signature?: string | null; method?: string; headers?: Record<string, string> } = {}): Promise<Request> {
  const signature = init.signature === undefined ? await signWebhookPayload(payload, secret) : init.signature;
  const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers };
  if (signature !== null) headers['x-tessera-signature'] = signature;
  const method = init.method ?? 'POST';
  return new Request('https://shop.example/api/webhooks', { method, headers, ...(method === 'GET' ? {} : { body: payload }) });
}

const ignore = (): void => undefined;

const handlerWith = (extra: Partial<WebhookHandlerOptions> = {}) => {
  const onEvent = vi.fn<WebhookHandlerOptions['onEvent']>();
  const onError = vi.fn();
  return { handler: createWebhookHandler({ secret, onEvent, onError, ...extra }), onEvent, onError };
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createWebhookHandler', () => {
  it('verifies the raw body and hands onEvent the typed event, answering 204', async () => {
    const { handler, onEvent } = handlerWith();
    const request = await delivery();
    const response = await handler(request);
    expect(response.status).toBe(204);
    expect(onEvent).toHaveBeenCalledOnce();
    const [received, passed] = onEvent.mock.calls[0]!;
    expect(received).toEqual(event);
    expect(passed).toBe(request);
    expect(isKnownWebhookEvent(received)).toBe(true);
  });

  it("answers onEvent's own Response when it gives one", async () => {
    const { handler } = handlerWith({ onEvent: (received) => Response.json({ received: received.id }) });
    const response = await handler(await delivery());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: 'evt_1' });
  });

  it.each([
    ['no signature', null, 'missing_signature'],
    ['another secret', 'OTHER', 'invalid_signature'],
    ['a garbled header', 't=1,v1=zz', 'invalid_signature'],
  ])('refuses %s with 400 and its code, never calling onEvent', async (_name, signature, code) => {
    const { handler, onEvent } = handlerWith();
    const header = signature === 'OTHER' ? await signWebhookPayload(body, 'whsec_someone_else') : signature;
    const response = await handler(await delivery(body, { signature: header }));
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: { code: string; message: string } };
    expect(answer.error.code).toBe(code);
    expect(JSON.stringify(answer)).not.toContain(secret);
    expect(onEvent).not.toHaveBeenCalled();
  });

  it('refuses a changed body and a replayed delivery', async () => {
    const { handler, onEvent } = handlerWith();
    const signature = await signWebhookPayload(body, secret);
    const changed = await handler(await delivery(body.replace('1999', '1'), { signature }));
    expect((await changed.json()) as unknown).toMatchObject({ error: { code: 'invalid_signature' } });
    const old = await signWebhookPayload(body, secret, Math.floor(Date.now() / 1000) - 3600);
    const replayed = await handler(await delivery(body, { signature: old }));
    expect((await replayed.json()) as unknown).toMatchObject({ error: { code: 'timestamp_outside_tolerance' } });
    expect(onEvent).not.toHaveBeenCalled();
  });

  it('takes the signature from the header it is told', async () => {
    const { handler, onEvent } = handlerWith({ signatureHeader: 'x-webhook-signature' });
    const signature = await signWebhookPayload(body, secret);
    const response = await handler(await delivery(body, { signature: null, headers: { 'x-webhook-signature': signature } }));
    expect(response.status).toBe(204);
    expect(onEvent).toHaveBeenCalledOnce();
  });

  it('answers 405 with Allow: POST to any other method', async () => {
    const { handler } = handlerWith();
    const response = await handler(await delivery(body, { method: 'GET' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('refuses a body over maxBodyBytes with 413, by Content-Length or as it streams', async () => {
    const { handler, onEvent } = handlerWith({ maxBodyBytes: 1024 });
    const big = JSON.stringify({ ...event, padding: 'x'.repeat(2000) });
    expect((await handler(await delivery(big))).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = new Request('https://shop.example/api/webhooks', { method: 'POST', body: stream, duplex: 'half', headers: { 'x-tessera-signature': await signWebhookPayload(big, secret) } } as RequestInit);
    expect((await handler(streamed)).status).toBe(413);
    expect(onEvent).not.toHaveBeenCalled();
  });

  it('answers 503 while the secret function gives nothing, then verifies once it does', async () => {
    const current: { secret?: string } = {};
    const { handler, onEvent } = handlerWith({ secret: () => current.secret });
    const missing = await handler(await delivery());
    expect(missing.status).toBe(503);
    expect((await missing.json()) as unknown).toMatchObject({ error: { code: 'webhook_secret_missing' } });
    current.secret = secret;
    expect((await handler(await delivery())).status).toBe(204);
    expect(onEvent).toHaveBeenCalledOnce();
  });

  it('answers 500 server_error when onEvent throws, telling onError and not the service', async () => {
    const thrown = new Error('database down at db.internal:5432');
    const { handler, onError } = handlerWith({ onEvent: () => Promise.reject(thrown) });
    const response = await handler(await delivery());
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ error: { code: 'server_error' } });
    expect(text).not.toContain('db.internal');
    expect(onError).toHaveBeenCalledWith(thrown);
  });

  it.each([
    ['no onEvent', { secret }],
    ['an empty secret', { secret: '', onEvent: ignore }],
    ['maxBodyBytes below 1024', { secret, onEvent: ignore, maxBodyBytes: 10 }],
    ['toleranceSeconds of 0', { secret, onEvent: ignore, toleranceSeconds: 0 }],
  ] as [string, Partial<WebhookHandlerOptions>][])('throws a TypeError at creation for %s', (_name, options) => {
    expect(() => createWebhookHandler(options as WebhookHandlerOptions)).toThrow(TypeError);
  });

  describe('behind toNodeListener (node:http, as Express and Fastify mount it)', () => {
    let server: Server | undefined;
    afterEach(async () => {
      await new Promise((resolve) => server?.close(resolve));
      server = undefined;
    });

    it('verifies the raw bytes Node received', async () => {
      const { handler, onEvent } = handlerWith();
      const listener = toNodeListener(handler);
      server = createServer((req, res) => void listener(req, res));
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      // Bytes a JSON parser and re-serializer would change (spacing, key order, an escaped character).
      const raw = `{ "type": "payment/succeeded", "id": "evt_2",  "data": {"id":"pay_2","status":"succeeded","note":"caf\\u00e9"} }`;
      const response = await fetch(`http://127.0.0.1:${port}/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-tessera-signature': await signWebhookPayload(raw, secret) }, body: raw });
      expect(response.status).toBe(204);
      expect(onEvent.mock.calls[0]![0]).toMatchObject({ id: 'evt_2', data: { note: 'café' } });
    });
  });
});
