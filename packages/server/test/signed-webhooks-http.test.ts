import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sandboxRoutes, startSandboxServer, type SandboxServer } from '@tessera/sandbox';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newInstrument, storeInput } from './fixtures.js';
import { Tessera, TesseraSignatureVerificationError, WEBHOOK_SIGNATURE_HEADER, type WebhookEndpoint } from '../src/index.js';
import { constructWebhookEvent } from '../src/internal.js';

// A real signed delivery: the sandbox over HTTP POSTs an event to a node:http receiver on 127.0.0.1, which keeps the
// raw bytes and headers; constructEvent verifies it with the secret POST /webhooks gave, and refuses it tampered,
// under another secret, and replayed later.

interface Delivery {
  raw: Buffer;
  headers: IncomingHttpHeaders;
}

let sandboxServer: SandboxServer;
let receiver: Server;
let receiverUrl = '';
let tessera: Tessera;
const deliveries: Delivery[] = [];
let waiting: (() => void) | undefined;

/** Resolves once `count` deliveries have arrived, or fails after `ms`. */
async function delivered(count: number, ms = 5000): Promise<Delivery[]> {
  const deadline = Date.now() + ms;
  while (deliveries.length < count) {
    if (Date.now() > deadline) throw new Error(`only ${deliveries.length} of ${count} deliveries in ${ms} ms`);
    await new Promise<void>((resolve) => {
      waiting = resolve;
      setTimeout(resolve, 50);
    });
  }
  return deliveries.slice(0, count);
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({ raw: Buffer.concat(chunks), headers: request.headers });
      response.writeHead(204).end();
      waiting?.();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});
// Each test has a sandbox of its own, and sees only its own deliveries.
beforeEach(async () => {
  deliveries.length = 0;
  sandboxServer = await startSandboxServer({ port: 0, sandboxOptions: { webhooks: { retryDelayMs: 1, attemptTimeoutMs: 2000 } } });
  tessera = new Tessera({ apiKey: sandboxServer.sandbox.apiKey, baseUrl: sandboxServer.url, maxRetries: 0, timeoutMs: 5000 });
});
afterEach(async () => {
  await sandboxServer.close();
});

describe('a signed delivery from the sandbox over HTTP', () => {
  let endpoint: WebhookEndpoint;
  let delivery: Delivery;

  /** What the first test checks: an endpoint for payment/succeeded, and the signed delivery of a purchase of 1234. */
  async function signedDelivery(): Promise<{ endpoint: WebhookEndpoint; delivery: Delivery }> {
    const { storeId } = sandboxServer.sandbox.defaults;
    const created = await tessera.webhooks.createEndpoint({ storeId, url: receiverUrl, eventTypes: ['payment/succeeded'], description: 'test receiver' });
    const { paymentInstrument } = await newInstrument(tessera, { baseUrl: sandboxServer.url, vaultKey: sandboxServer.sandbox.vaultKey }, storeId);
    await tessera.payments.purchase({ amount: 1234, currency: 'USD', storeId, paymentInstrumentId: paymentInstrument.id, initiatedBy: 'customer' });
    const [received] = (await delivered(1)) as [Delivery];
    await sandboxServer.sandbox.webhooksIdle();
    return { endpoint: created, delivery: received };
  }

  it('registers an endpoint with POST /webhooks and receives a signed payment/succeeded', { timeout: 10_000 }, async () => {
    const { storeId } = sandboxServer.sandbox.defaults;
    endpoint = await tessera.webhooks.createEndpoint({ storeId, url: receiverUrl, eventTypes: ['payment/succeeded'], description: 'test receiver' });
    expect(endpoint).toMatchObject({ url: receiverUrl, eventTypes: ['payment/succeeded'], enabled: true, secret: expect.stringMatching(/^whsec_/) });

    const { paymentInstrument } = await newInstrument(tessera, { baseUrl: sandboxServer.url, vaultKey: sandboxServer.sandbox.vaultKey }, storeId);
    const payment = await tessera.payments.purchase({ amount: 1234, currency: 'USD', storeId, paymentInstrumentId: paymentInstrument.id, initiatedBy: 'customer' });

    [delivery] = (await delivered(1)) as [Delivery];
    const signature = delivery.headers[WEBHOOK_SIGNATURE_HEADER];
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = await tessera.webhooks.constructEvent(delivery.raw, signature, endpoint.secret);
    expect(event).toMatchObject({ type: 'payment/succeeded', storeId, data: { id: payment.id, status: 'succeeded', amount: 1234 } });
    // The endpoint subscribed to payment/succeeded only: nothing else came.
    await sandboxServer.sandbox.webhooksIdle();
    expect(deliveries).toHaveLength(1);
  });

  it('refuses the delivery with its body tampered', async () => {
    ({ endpoint, delivery } = await signedDelivery());
    const tampered = Buffer.from(delivery.raw.toString('utf8').replace('"amount":1234', '"amount":1'));
    expect(tampered.equals(delivery.raw)).toBe(false);
    const error = await constructWebhookEvent(tampered, delivery.headers[WEBHOOK_SIGNATURE_HEADER], endpoint.secret).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TesseraSignatureVerificationError);
    expect(error).toMatchObject({ code: 'invalid_signature' });
  });

  it('refuses the delivery verified with another endpoint’s secret', async () => {
    ({ endpoint, delivery } = await signedDelivery());
    const other = await tessera.webhooks.createEndpoint({ storeId: sandboxServer.sandbox.defaults.storeId, url: `${receiverUrl}/other`, eventTypes: ['order/paid'] });
    expect(other.secret).not.toBe(endpoint.secret);
    const error = await constructWebhookEvent(delivery.raw, delivery.headers[WEBHOOK_SIGNATURE_HEADER], other.secret).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'invalid_signature' });
    expect(String((error as Error).message)).not.toContain(other.secret);
  });

  it('refuses the same delivery replayed six minutes later', async () => {
    ({ endpoint, delivery } = await signedDelivery());
    const signature = String(delivery.headers[WEBHOOK_SIGNATURE_HEADER]);
    const signedAt = Number(/^t=(\d+)/.exec(signature)?.[1]);
    const replayedAt = new Date((signedAt + 360) * 1000);
    const error = await constructWebhookEvent(delivery.raw, signature, endpoint.secret, { receivedAt: replayedAt }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'timestamp_outside_tolerance' });
    // Within the tolerance the same bytes still verify.
    await expect(constructWebhookEvent(delivery.raw, signature, endpoint.secret, { receivedAt: new Date((signedAt + 30) * 1000) })).resolves.toMatchObject({ type: 'payment/succeeded' });
  });
});

// What `tessera-sandbox listen --forward-to` sets up (an endpoint for every event type, here with a fixed secret),
// `trigger` and `resend`, over the sandbox's helper routes, on a store of its own.
describe('forwarded deliveries (listen, trigger, resend) pass constructEvent', () => {
  const secret = `whsec_${'5eed'.repeat(8)}`;
  async function helper(path: string, body: unknown): Promise<any> {
    const response = await fetch(`${sandboxServer.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandboxServer.sandbox.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, path).toBeLessThan(300);
    return response.json();
  }

  it('every triggered event arrives signed with the fixed secret, and a resend keeps its id', { timeout: 10_000 }, async () => {
    const storeId = (await tessera.stores.create(storeInput())).store!.id;
    const added = await helper(sandboxRoutes.addWebhookEndpoint, { storeId, url: `${receiverUrl}/forwarded`, secret });
    expect(added.endpoint.secret).toBe(secret);
    const from = deliveries.length;
    const types = ['payment/succeeded', 'payment/declined', 'payment/refunded', 'order/paid', 'subscription/created', 'subscription/renewed'];
    for (const type of types) await helper(sandboxRoutes.triggerEvent, { type, storeId });
    await sandboxServer.sandbox.webhooksIdle();
    const forwarded = deliveries.slice(from);
    const events = await Promise.all(forwarded.map((delivery) => constructWebhookEvent(delivery.raw, String(delivery.headers[WEBHOOK_SIGNATURE_HEADER]), secret)));
    for (const type of types) expect(events.map((event) => event.type)).toContain(type);

    const first = events[0]!;
    await helper(sandboxRoutes.resendWebhookEvent.replace('{id}', first.id), { endpointId: added.endpoint.id });
    await sandboxServer.sandbox.webhooksIdle();
    const resent = deliveries.at(-1)!;
    const signature = String(resent.headers[WEBHOOK_SIGNATURE_HEADER]);
    expect((await tessera.webhooks.constructEvent(resent.raw, signature, secret)).id).toBe(first.id);
    await expect(constructWebhookEvent(resent.raw, signature, `whsec_${'0'.repeat(32)}`)).rejects.toThrow(TesseraSignatureVerificationError);
  });
});
