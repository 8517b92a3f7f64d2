import { request as httpRequest } from 'node:http';
import { API_PREFIX, apiErrorBody, encodeChallengeRequest, routePath, routes } from '@tessera/core/internal';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { type SandboxServer, sandboxRoutes } from '../src/index.js';
import { purchase as purchaseOf } from './fixtures.js';
import { type Client, useHttpSandbox } from './use-sandbox.js';

const purchase = (storeId: string, paymentInstrumentId: string, extra: Record<string, unknown> = {}) => purchaseOf(storeId, paymentInstrumentId, { amount: 2500, ...extra });

let server: SandboxServer;
let c: Client;
useHttpSandbox({ port: 0 }, (started) => ({ server, c } = started));

describe('startSandboxServer', () => {
  it('serves http://localhost:<port>, answering on 127.0.0.1 and on ::1 (where localhost may resolve first)', async () => {
    expect(server.url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(server.port).toBeGreaterThan(0);
    const { lookup } = await import('node:dns/promises');
    const addresses = (await lookup('localhost', { all: true })).map((entry) => entry.address);
    for (const address of addresses) {
      const host = address.includes(':') ? `[${address}]` : address;
      const answer = await fetch(`http://${host}:${server.port}/nowhere`);
      expect(answer.status, address).toBe(404);
    }
    expect((await fetch(`${server.url}/nowhere`)).status).toBe(404);
  });

  it('serves auth errors, 404s and unknown paths as JSON', async () => {
    const unauthorized = await c.api(routes.retrievePayment, { params: { id: 'pay_1' }, headers: { authorization: '' } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.body.error.code).toBe('unauthorized');
    expect((await c.api(routes.retrievePayment, { params: { id: 'pay_404' } })).status).toBe(404);
    const nowhere = await c.send('GET', '/nowhere');
    expect(nowhere.status).toBe(404);
    expect(nowhere.body.error.code).toBe('not_found');
    // The server's own answers have the one error body too, with a request id of their own.
    expect(z.safeParse(apiErrorBody, nowhere.body).success).toBe(true);
    expect(nowhere.body).toMatchObject({ code: 'not_found', data: { requestId: nowhere.headers.get('x-request-id') } });
  });

  it('tokenizes in the vault with CORS and refuses the secret key there', async () => {
    const preflight = await fetch(`${server.url}${sandboxRoutes.vaultTokenizeCard}`, {
      method: 'OPTIONS',
      headers: { origin: 'http://shop.localhost', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,bt-api-key' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const secret = await c.vault(sandboxRoutes.vaultTokenizeCard, { type: 'card', data: { number: '4242424242424242', expiration_month: 1, expiration_year: 2034, cvc: '123' } }, {
      'bt-api-key': server.sandbox.apiKey,
    });
    expect(secret.status).toBe(403);
    const { raw } = await c.tokenize('4000000000003220');
    expect(raw).toMatchObject({ type: 'card', data: { number: '400000XXXXXX3220' }, card: { last4: '3220', authentication: 'sca_required' } });
    expect(JSON.stringify(raw)).not.toContain('123');
  });

  it('takes the origin of its links from the Host header as a URL reads it, routes any path, and refuses a malformed Host (403)', async () => {
    // fetch cannot set Host: node:http sends exactly what is given.
    const send = (method: string, path: string, host: string, body?: unknown) =>
      new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const outgoing = httpRequest(
          { host: '127.0.0.1', port: server.port, method, path, headers: { host, authorization: `Bearer ${server.sandbox.apiKey}`, ...(payload ? { 'content-type': 'application/json' } : {}) } },
          (incoming) => {
            const chunks: Buffer[] = [];
            incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
            incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> }));
          },
        );
        outgoing.on('error', reject);
        outgoing.end(payload);
      });
    const { gateway } = server.sandbox.defaults;
    const pi = await c.instrument(gateway.storeId, '4000000000003220');
    const processPath = `${API_PREFIX}${routes.processPayment.path}`;
    const pending = await send('POST', processPath, 'Shop.LocalHost:80', purchase(gateway.storeId, pi.id));
    expect(pending.status).toBe(200);
    const { payment } = pending.body as { payment: { id: string; requireActionData: { metadata: { threedsSession: { acsChallengeUrl: string } } } } };
    // Lower case, the default port dropped: what `new URL` makes of the header.
    expect(payment.requireActionData.metadata.threedsSession.acsChallengeUrl).toBe('http://shop.localhost/acs/challenge');
    // A path with a query or percent-encoding is read as a URL: the same route.
    const retrievePath = `${API_PREFIX}${routePath(routes.retrievePayment, { id: payment.id })}`;
    expect((await send('GET', `${retrievePath}?expand=none`, 'localhost')).body).toMatchObject({ id: payment.id });
    expect((await send('GET', retrievePath.replace(payment.id, payment.id.replace('_', '%5F')), 'localhost')).body).toMatchObject({ id: payment.id });
    // A Host that is no URL's host names no host this server answers as: refused before anything runs.
    const malformed = await send('POST', processPath, 'localhost:99999', purchase(gateway.storeId, pi.id));
    expect(malformed).toMatchObject({ status: 403, body: { code: 'forbidden_host' } });
  });

  it('runs the 3DS challenge through the ACS forms over HTTP', async () => {
    const { gateway } = server.sandbox.defaults;
    const pi = await c.instrument(gateway.storeId, '4000000000003220');
    const pending = await c.api(routes.processPayment, { body: purchase(gateway.storeId, pi.id) });
    expect(pending.body.payment.status).toBe('pending');
    const challenge = pending.body.payment.requireActionData.metadata.threedsSession;
    expect(challenge.acsChallengeUrl).toBe(`${server.url}/acs/challenge`);
    const creq = encodeChallengeRequest({ threeDSServerTransID: 'srv', acsTransID: challenge.acsTransID, messageType: 'CReq', messageVersion: '2.2.0', challengeWindowSize: '05' });
    const page = await fetch(challenge.acsChallengeUrl, { method: 'POST', body: new URLSearchParams({ creq }) });
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    const action = /<form method="post" action="([^"]+)">(.*?)<button id="approve"/.exec(html);
    expect(action?.[1]).toBe('/acs/complete');
    const fields = Object.fromEntries([...(action?.[2] ?? '').matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    // The page posts core's names (ThreeDSChallenge's acsTransactionId and sessionId); the CReq's are still read.
    expect(fields).toEqual({ acsTransactionId: challenge.acsTransID, sessionId: 'srv', outcome: 'approve' });
    const done = await fetch(new URL(action?.[1] ?? '', server.url), { method: 'POST', body: new URLSearchParams(fields as Record<string, string>) });
    expect(await done.text()).toContain('"authenticationStatus":"successful"');
    const final = await c.api(routes.retrievePayment, { params: { id: pending.body.payment.id } });
    expect(final.body.status).toBe('succeeded');
  });

  it('answers a body over 1 MB with the 413 JSON error, not a reset connection, and keeps serving', async () => {
    const { storeId } = server.sandbox.defaults;
    const body = JSON.stringify({ ...purchase(storeId, 'pi_x'), metadata: { blob: 'x'.repeat(1_500_000) } });
    const payments = server.sandbox.records.payments.count;
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await fetch(`${server.url}/api/public/v1${routes.processPayment.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.sandbox.apiKey}`, 'content-type': 'application/json' },
        body,
      });
      expect(answer.status).toBe(413);
      expect(answer.headers.get('content-type')).toContain('application/json');
      const json = await answer.json();
      expect(z.safeParse(apiErrorBody, json).success).toBe(true);
      expect(json).toMatchObject({ code: 'payload_too_large', data: { requestId: answer.headers.get('x-request-id') }, error: { code: 'payload_too_large' } });
    }
    expect(server.sandbox.records.payments.count).toBe(payments);
    expect((await c.api(routes.retrievePayment, { params: { id: 'pay_404' } })).status).toBe(404);
  });

  it('two concurrent captures over HTTP: exactly one wins', async () => {
    const storeId = server.sandbox.defaults.storeId;
    const pi = await c.instrument(storeId);
    const auth = await c.api(routes.processPayment, { body: purchase(storeId, pi.id, { mode: 'auth' }) });
    const capture = () => c.api(routes.processPayment, { body: { mode: 'capture', paymentId: auth.body.payment.id } });
    const answers = await Promise.all([capture(), capture()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(server.sandbox.countCharges(auth.body.payment.id)).toBe(1);
  });

  it('drops the connection after commit; a retry with the same Idempotency-Key replays, charging once', async () => {
    const storeId = server.sandbox.defaults.storeId;
    const pi = await c.instrument(storeId);
    const paymentsBefore = server.sandbox.records.payments.count;
    const ruleId = server.sandbox.faults.add({ route: 'processPayment', kind: 'drop_after_commit', times: 1 });
    const body = purchase(storeId, pi.id);
    const headers = { 'idempotency-key': 'idem-http-1' };
    await expect(c.api(routes.processPayment, { body, headers })).rejects.toThrow(/fetch failed/);
    const retry = await c.api(routes.processPayment, { body, headers });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(server.sandbox.countCharges(retry.body.payment.id)).toBe(1);
    expect(server.sandbox.records.payments.count).toBe(paymentsBefore + 1);
    server.sandbox.faults.remove(ruleId);
  });

  it('drops the connection before commit: nothing is charged', async () => {
    const storeId = server.sandbox.defaults.storeId;
    const pi = await c.instrument(storeId);
    server.sandbox.faults.add({ route: 'processPayment', kind: 'drop_before_commit', times: 1 });
    const before = server.sandbox.countCharges();
    await expect(c.api(routes.processPayment, { body: purchase(storeId, pi.id, { amount: 777 }) })).rejects.toThrow(/fetch failed/);
    expect(server.sandbox.countCharges()).toBe(before);
  });
});
