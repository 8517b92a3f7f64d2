import { request as httpRequest } from 'node:http';
import { API_PREFIX, routes } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import { servedHost } from '../src/http/served-host.js';
import { type SandboxServer, sandboxRoutes } from '../src/index.js';
import { type Client, useHttpSandbox } from './use-sandbox.js';

// Issue 34, item 2: a page on a DNS name rebound to 127.0.0.1 reaches the port, but names its own host in Host:
// every route of the server refuses it, before anything runs.

let server: SandboxServer;
let c: Client;
useHttpSandbox({ port: 0 }, (started) => ({ server, c } = started));

/** One request to 127.0.0.1 with the Host header given. */
function send(method: string, path: string, host: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port: server.port, method, path, headers: { host, ...headers } }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('the Host a sandbox server answers as', () => {
  it('refuses a foreign Host on every kind of route (API, vault, BT, page, preflight, helper, unknown path) with a 403 saying what to do', async () => {
    const bearer = { authorization: `Bearer ${server.sandbox.apiKey}` };
    const vault = { 'bt-api-key': server.sandbox.vaultKey, 'content-type': 'application/json' };
    const card = JSON.stringify({ type: 'card', data: { number: '4242424242424242', expiration_month: 12, expiration_year: 2034, cvc: '123' } });
    const requests: [string, string, Record<string, string>, string?][] = [
      ['POST', `${API_PREFIX}${routes.listPayments.path}`, { ...bearer, 'content-type': 'application/json' }, '{}'],
      ['GET', `${API_PREFIX}/payments/pay_000001`, bearer],
      ['POST', sandboxRoutes.vaultTokenizeCard, vault, card],
      ['POST', sandboxRoutes.btCreateThreeDSSession, vault, '{}'],
      ['GET', sandboxRoutes.btChallengeFramePage, {}],
      ['POST', sandboxRoutes.acsMethod, { 'content-type': 'application/x-www-form-urlencoded' }, 'threeDSMethodData=e30'],
      ['POST', sandboxRoutes.btMethodNotification.replace('{id}', 'sess'), { 'content-type': 'application/x-www-form-urlencoded' }, 'threeDSMethodData=e30'],
      ['GET', sandboxRoutes.dashboard, {}],
      ['OPTIONS', sandboxRoutes.vaultTokenizeCard, { origin: 'http://rebound.example:4010', 'access-control-request-method': 'POST' }],
      ['POST', sandboxRoutes.addWebhookEndpoint, { ...bearer, 'content-type': 'application/json' }, JSON.stringify({ url: 'https://rebound.example/hook' })],
      ['GET', '/nowhere', {}],
    ];
    const endpointsBefore = server.sandbox.records.webhookEndpoints.count;
    for (const [method, path, headers, body] of requests) {
      const refused = await send(method, path, `rebound.example:${server.port}`, headers, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'forbidden_host', message: expect.stringContaining(`Open the sandbox as http://localhost:${server.port}, or start it with --host <name>`) });
    }
    // Nothing ran: no token, no endpoint.
    expect(server.sandbox.records.vaultTokens.count).toBe(0);
    expect(server.sandbox.records.webhookEndpoints.count).toBe(endpointsBefore);
    // A name that only starts like a loopback one is foreign too.
    expect((await send('GET', '/nowhere', 'localhost.rebound.example')).status).toBe(403);
    expect((await send('GET', '/nowhere', '127.0.0.1.nip.io')).status).toBe(403);
    // A Host read as another name by `new URL` (userinfo: the adapter's origin would be rebound.example) is refused.
    for (const host of ['localhost:@rebound.example', 'localhost@rebound.example', `localhost:${server.port}/@rebound.example`]) {
      expect((await send('GET', sandboxRoutes.dashboard, host)).status, host).toBe(403);
    }
  });

  it('answers loopback names: localhost, *.localhost, 127.x.x.x and [::1], with or without the port', async () => {
    for (const host of ['localhost', `localhost:${server.port}`, `LocalHost:${server.port}`, `shop.localhost:${server.port}`, `127.0.0.1:${server.port}`, '127.1.2.3', `[::1]:${server.port}`]) {
      expect((await send('GET', '/nowhere', host)).status, host).toBe(404);
      expect((await send('GET', sandboxRoutes.dashboard, host)).status, host).toBe(200);
    }
    expect((await c.api(routes.listPayments, { body: {} })).status).toBe(200);
  });

  it('answers the host it was started with (--host), besides loopback; on every interface, any IP address', () => {
    const named = servedHost('sandbox.internal', 4010);
    expect(named.fallback).toBe('sandbox.internal:4010');
    for (const host of ['sandbox.internal:4010', 'Sandbox.Internal', 'localhost:4010', '127.0.0.1:4010']) expect(named.accepts(host), host).toBe(true);
    for (const host of ['rebound.example:4010', 'sandbox.internal.rebound.example', '10.0.0.5:4010']) expect(named.accepts(host), host).toBe(false);
    expect(named.refusal.message).toContain('http://localhost:4010 or http://sandbox.internal:4010');
    const address = servedHost('10.0.0.5', 4010);
    expect([address.accepts('10.0.0.5:4010'), address.accepts('10.0.0.6:4010'), address.accepts('rebound.example')]).toEqual([true, false, false]);
    const ipv6 = servedHost('fd00::5', 4010);
    expect([ipv6.fallback, ipv6.accepts('[fd00::5]:4010'), ipv6.accepts('[fd00::6]:4010')]).toEqual(['[fd00::5]:4010', true, false]);
    const everywhere = servedHost('0.0.0.0', 4010);
    expect(everywhere.fallback).toBe('localhost:4010');
    expect([everywhere.accepts('192.168.1.20:4010'), everywhere.accepts('[fe80::1]:4010'), everywhere.accepts('rebound.example:4010')]).toEqual([true, true, false]);
    const loopback = servedHost(undefined, 4010);
    expect([loopback.accepts(undefined), loopback.accepts('localhost'), loopback.accepts('10.0.0.5'), loopback.accepts('rebound.example')]).toEqual([true, true, false, false]);
  });
});
