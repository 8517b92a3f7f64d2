import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sandboxRoutes, startSandboxServer, type SandboxServer } from '@tessera/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tessera, WEBHOOK_SIGNATURE_HEADER } from '../src/index.js';

// What `tessera-sandbox listen --forward-to` sets up (an endpoint for every event type, here with a fixed secret),
// `trigger` and `resend` over the sandbox's helper routes: every delivery passes constructEvent with that secret.

let sandboxServer: SandboxServer;
let receiver: Server;
let receiverUrl = '';
let tessera: Tessera;
const deliveries: { raw: string; signature: string }[] = [];
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

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({ raw: Buffer.concat(chunks).toString('utf8'), signature: String(request.headers[WEBHOOK_SIGNATURE_HEADER]) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  sandboxServer = await startSandboxServer({ port: 0, sandboxOptions: { webhooks: { retryDelayMs: 1, attemptTimeoutMs: 2000 } } });
  tessera = new Tessera({ apiKey: sandboxServer.sandbox.apiKey, baseUrl: sandboxServer.url, maxRetries: 0, timeoutMs: 5000 });
});
afterAll(async () => {
  await sandboxServer.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('forwarded sandbox deliveries (listen, trigger, resend) and constructEvent', () => {
  it('every triggered event arrives signed with the fixed secret, and a resend keeps its id', async () => {
    const added = await helper(sandboxRoutes.addWebhookEndpoint, { url: receiverUrl, secret });
    expect(added.endpoint.secret).toBe(secret);
    const types = ['payment/succeeded', 'payment/declined', 'payment/refunded', 'order/paid', 'subscription/created', 'subscription/renewed'];
    for (const type of types) await helper(sandboxRoutes.triggerEvent, { type });
    await sandboxServer.sandbox.webhooksIdle();
    const events = await Promise.all(deliveries.map((delivery) => tessera.webhooks.constructEvent(delivery.raw, delivery.signature, secret)));
    for (const type of types) expect(events.map((event) => event.type)).toContain(type);

    const first = events[0]!;
    await helper(sandboxRoutes.resendWebhookEvent.replace('{id}', first.id), { endpointId: added.endpoint.id });
    await sandboxServer.sandbox.webhooksIdle();
    const resent = deliveries.at(-1)!;
    expect((await tessera.webhooks.constructEvent(resent.raw, resent.signature, secret)).id).toBe(first.id);
    await expect(tessera.webhooks.constructEvent(resent.raw, resent.signature, `whsec_${'0'.repeat(32)}`)).rejects.toThrow();
  });
});
