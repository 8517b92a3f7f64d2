import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TesseraValidationError } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHttpSandbox } from '../../test/use-sandbox.js';
import type { SandboxServer } from '../server.js';
import { connectSandbox } from './connect.js';

// The helpers a running sandbox had over HTTP only, typed by `connectSandbox`: webhooks (trigger, endpoint,
// resend, the delivery log), checkout completion and the radar sessions.
let server: SandboxServer;
const received: string[] = [];
const hook = createServer((request, response) => {
  let raw = '';
  request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  request.on('end', () => {
    received.push((JSON.parse(raw) as { id: string }).id);
    response.writeHead(200).end();
  });
});
let hookUrl: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  hook.closeAllConnections();
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});
// After the receiver's hooks: the sandbox starts after it listens and closes before it does.
useHttpSandbox({ port: 0 }, (started) => ({ server } = started));

describe('connectSandbox: webhooks, checkout and radar of a running sandbox', () => {
  it('registers an endpoint, triggers an event delivered to it, reads the log and resends', async () => {
    const remote = connectSandbox(server.url);
    const secret = `whsec_${'a1'.repeat(12)}`;
    const added = await remote.webhooks.addEndpoint({ url: hookUrl, storeId: 'store_000002', secret });
    expect(added.endpoint).toMatchObject({ url: hookUrl, storeId: 'store_000002', secret, mode: { kind: 'normal' } });
    const triggered = await remote.webhooks.trigger('payment/succeeded', { storeId: 'store_000002' });
    expect(triggered.ids.paymentId).toMatch(/^pay_/);
    const event = triggered.events.find((one) => one.type === 'payment/succeeded')!;
    await server.sandbox.webhooksIdle();
    expect(received).toContain(event.id);
    const log = await remote.webhooks.deliveries({ endpointId: added.endpoint.id });
    expect(log.deliveries.map((delivery) => [delivery.eventId, delivery.status])).toContainEqual([event.id, 'delivered']);
    expect((await remote.webhooks.events({ storeId: 'store_000002' })).data.map((one) => one.id)).toContain(event.id);
    const resent = await remote.webhooks.resend(event.id, { endpointId: added.endpoint.id });
    expect(resent.deliveries).toEqual([{ endpointId: added.endpoint.id, url: hookUrl }]);
    await server.sandbox.webhooksIdle();
    expect(received.filter((id) => id === event.id)).toHaveLength(2);
  });

  it('refuses an unknown event type, a missing id and an unknown session, typed', async () => {
    const remote = connectSandbox(server.url);
    await expect(remote.webhooks.trigger('payment/explode' as never)).rejects.toMatchObject({ name: 'TesseraValidationError', fields: [expect.objectContaining({ field: 'type' })] });
    await expect(remote.webhooks.resend('')).rejects.toThrow(TesseraValidationError);
    await expect(remote.webhooks.resend('evt_unknown')).rejects.toMatchObject({ name: 'TesseraSandboxControlError', status: 404 });
    await expect(remote.checkout.completeSession('', { paymentInstrumentId: '' })).rejects.toMatchObject({ fields: [expect.objectContaining({ field: 'checkoutSessionId' }), expect.objectContaining({ field: 'paymentInstrumentId' })] });
    await expect(remote.checkout.completeSession('cs_404', { paymentInstrumentId: 'pi_1' })).rejects.toMatchObject({ name: 'TesseraSandboxControlError', status: 404 });
    expect(await remote.radar.sessions()).toEqual({ radarSessions: [], deviceSessions: [] });
  });
});
