import { encodeChallengeRequest, routes } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import { type Sandbox } from '../src/index.js';
import { type Client, useMswSandbox } from './use-sandbox.js';

const BASE = 'http://localhost:4010';
let sandbox: Sandbox;
let c: Client;
useMswSandbox(BASE, { now: new Date('2030-06-01T00:00:00Z') }, (next) => ({ sandbox, c } = next));

// The request web-threeds 1.3.5 sends (snake_case, from its createSession).
const browserSession = (tokenId: string) => ({
  token_id: tokenId,
  device: 'browser',
  device_info: { browser_color_depth: '24', browser_javascript_enabled: true, browser_java_enabled: false, browser_language: 'en-US', browser_screen_height: '1080', browser_screen_width: '1920', browser_tz: '0', browser_user_agent: 'test' },
  web_challenge_mode: 'iframe',
});

describe('Basis Theory 3DS emulation', () => {
  it('creates a session with the public key, with CORS and a trace id, and refuses the secret key', async () => {
    const { tokenId } = await c.instrument(sandbox.defaults.gateway.storeId, '4000000000003220');
    const created = await c.bt('/3ds/sessions', browserSession(tokenId));
    expect(created.status).toBe(201);
    // BT's session ids are random UUIDs, so a frame on the page cannot guess one (sequential ids could be).
    expect(created.body).toEqual({ id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/), type: 'customer', card_brand: 'Visa', recommended_version: '2.2.0' });
    expect(created.headers.get('access-control-allow-origin')).toBe('*');
    expect(created.headers.get('access-control-expose-headers')).toContain('bt-trace-id');
    expect(created.headers.get('bt-trace-id')).toMatch(/^req_/);
    expect(sandbox.records.btThreeDSSessions.get(created.body.id)).toMatchObject({ tokenId, authenticationStatus: 'pending' });

    expect((await c.bt('/3ds/sessions', browserSession(tokenId), sandbox.apiKey)).status).toBe(403);
    expect((await c.bt('/3ds/sessions', browserSession(tokenId), 'key_wrong')).status).toBe(401);
    const preflight = await fetch(`${BASE}/3ds/sessions`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('bt-api-key');
  });

  it('answers BT problem details for a bad session request', async () => {
    const missing = await c.bt('/3ds/sessions', { device: 'browser', device_info: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ title: 'One or more validation errors occurred.', status: 400, errors: { token_id: [expect.any(String)] } });
    const unknown = await c.bt('/3ds/sessions', browserSession('tok_404'));
    // The id given is not echoed: a card number sent as token_id would be.
    expect(unknown.body.errors.token_id[0]).toBe('names no token of this vault: tokenize the card first (POST /tokens)');
    const noDevice = await c.bt('/3ds/sessions', { token_id: 'tok_404', type: 'customer' });
    expect(noDevice.status).toBe(400);
  });

  it('authenticates (challenge), completes the challenge and reports the result to the secret key', async () => {
    const { tokenId } = await c.instrument(sandbox.defaults.gateway.storeId, '4000000000003220');
    const { body: session } = await c.bt('/3ds/sessions', browserSession(tokenId));
    expect((await c.bt(`/3ds/sessions/${session.id}/challenge-result`, undefined, sandbox.apiKey, 'GET')).status).toBe(409);
    expect((await c.bt(`/3ds/sessions/${session.id}/authenticate`, {})).status).toBe(403);
    const authenticated = await c.bt(`/3ds/sessions/${session.id}/authenticate`, { authentication_category: 'payment', authentication_type: 'payment-transaction' }, sandbox.apiKey);
    expect(authenticated.status).toBe(200);
    expect(authenticated.body).toMatchObject({
      pan_token_id: tokenId,
      threeds_version: '2.2.0',
      authentication_status: 'challenge',
      acs_challenge_url: `${BASE}/acs/challenge`,
      acs_transaction_id: expect.stringMatching(/^acs_/),
    });
    const creq = encodeChallengeRequest({ threeDSServerTransID: session.id, acsTransID: authenticated.body.acs_transaction_id, messageType: 'CReq', messageVersion: '2.2.0', challengeWindowSize: '03' });
    // No payment waits on this challenge, yet it is this ACS's: it serves it (one Basis Theory, not two). A CReq that
    // names another session for this transaction is not.
    expect((await c.form('/acs/challenge', { creq })).status).toBe(200);
    const foreign = encodeChallengeRequest({ threeDSServerTransID: 'another-session', acsTransID: authenticated.body.acs_transaction_id, messageType: 'CReq', messageVersion: '2.2.0', challengeWindowSize: '03' });
    expect((await c.form('/acs/challenge', { creq: foreign })).status).toBe(404);
    const approved = await c.form('/acs/complete', { acsTransID: authenticated.body.acs_transaction_id, threeDSServerTransID: session.id, outcome: 'approve' });
    expect(approved.status).toBe(200);
    expect((await c.bt(`/3ds/sessions/${session.id}/challenge-result`, undefined, sandbox.apiKey, 'GET')).body).toMatchObject({ authentication_status: 'successful' });
    expect((await c.bt('/3ds/sessions/3ds_404/authenticate', {}, sandbox.apiKey)).status).toBe(404);
  });

  it('refuses the private-key routes to a page (an Origin header): 403, nothing changed; a server still calls them', async () => {
    const { tokenId } = await c.instrument(sandbox.defaults.gateway.storeId, '4000000000003220');
    // The public-key route, from a page on another origin: as web-threeds calls it.
    const page = { origin: 'https://hostile.example' };
    const created = await c.send('POST', '/3ds/sessions', browserSession(tokenId), { authorization: '', 'bt-api-key': sandbox.vaultKey, ...page });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    const before = structuredClone(sandbox.records.btThreeDSSessions.get(id));
    const authenticate = { authentication_category: 'payment', authentication_type: 'payment-transaction' };
    // The sandbox's private key is a documented constant: a page can send it, but not have it honoured.
    for (const origin of ['https://hostile.example', BASE, 'null']) {
      const headers = { authorization: '', 'bt-api-key': sandbox.apiKey, origin };
      const refused = await c.send('POST', `/3ds/sessions/${id}/authenticate`, authenticate, { ...headers, 'idempotency-key': `page-${origin}` });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ status: 403, title: 'forbidden', detail: expect.stringContaining('call this from your server') });
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      const result = await c.send('GET', `/3ds/sessions/${id}/challenge-result`, undefined, headers);
      expect(result.status).toBe(403);
      expect(result.body.detail).toContain('call this from your server');
    }
    expect(sandbox.records.btThreeDSSessions.get(id)).toEqual(before);
    expect(sandbox.records.btThreeDSSessions.get(id)).toMatchObject({ authenticationStatus: 'pending' });
    // Their preflight does not let a page send BT-API-KEY (the public routes' still does).
    for (const path of [`/3ds/sessions/${id}/authenticate`, `/3ds/sessions/${id}/challenge-result`]) {
      const preflight = await fetch(`${BASE}${path}`, { method: 'OPTIONS', headers: { origin: 'https://hostile.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'bt-api-key' } });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
    }
    expect((await fetch(`${BASE}/3ds/sessions`, { method: 'OPTIONS' })).headers.get('access-control-allow-headers')).toContain('bt-api-key');

    // The same calls from a server (no Origin): the session is authenticated, and its result read.
    const authenticated = await c.bt(`/3ds/sessions/${id}/authenticate`, authenticate, sandbox.apiKey);
    expect(authenticated.status).toBe(200);
    expect(authenticated.body).toMatchObject({ authentication_status: 'challenge' });
    expect((await c.bt(`/3ds/sessions/${id}/challenge-result`, undefined, sandbox.apiKey, 'GET')).body).toMatchObject({ authentication_status: 'challenge' });
  });

  it('runs a payment through the BT session: pending with the BT session id, settled by the ACS (approve and fail)', async () => {
    const { storeId } = sandbox.defaults.gateway;
    for (const outcome of ['approve', 'fail'] as const) {
      const instrument = await c.instrument(storeId, '4000000000003220');
      const { body: bt } = await c.bt('/3ds/sessions', browserSession(instrument.tokenId));
      const persisted = await c.api(routes.createThreeDSSession, {
        body: { provider: 'basis_theory', storeId, paymentInstrumentId: instrument.id, sessionData: { sessionId: bt.id, metadata: { cardBrand: 'Visa' } } },
      });
      const { body } = await c.api(routes.processPayment, {
        body: { amount: 1999, currency: 'USD', storeId, paymentInstrumentId: instrument.id, initiatedBy: 'customer', mode: 'purchase', threedsSessionId: persisted.body.id },
      });
      const threedsSession = body.payment.requireActionData.metadata.threedsSession;
      expect(body.payment.status).toBe('pending');
      expect(threedsSession).toEqual({ externalSessionId: bt.id, acsChallengeUrl: `${BASE}/acs/challenge`, acsTransID: expect.stringMatching(/^acs_/), messageVersion: '2.2.0' });

      // What web-threeds posts into the ACS (its CReq, base64url without padding), then a Node script's click.
      const creq = Buffer.from(JSON.stringify({ messageType: 'CReq', messageVersion: '2.2.0', threeDSServerTransID: bt.id, acsTransID: threedsSession.acsTransID, challengeWindowSize: '03' }))
        .toString('base64url');
      const acsPage = await c.form('/acs/challenge', { creq });
      expect(acsPage.body).toContain('$19.99');
      const done = await c.form('/acs/complete', { acsTransID: threedsSession.acsTransID, threeDSServerTransID: bt.id, outcome });
      const status = outcome === 'approve' ? 'successful' : 'failed';
      expect(done.body).toContain(`window.parent.postMessage({"type":"challenge","id":"${bt.id}","isCompleted":true,"authenticationStatus":"${status}"}, '*')`);
      expect((await c.api(routes.retrievePayment, { params: { id: body.payment.id } })).body.status).toBe(outcome === 'approve' ? 'succeeded' : 'failed');
      const result = await c.bt(`/3ds/sessions/${bt.id}/challenge-result`, undefined, sandbox.apiKey, 'GET');
      expect(result.body).toMatchObject({ authentication_status: status, authentication_status_code: outcome === 'approve' ? 'Y' : 'N' });
    }
  });

  it("runs the 3DS method of a card whose issuer has one: the ACS's page, its notification for that session only, then the challenge as before", async () => {
    const { tokenId } = await c.instrument(sandbox.defaults.gateway.storeId, '4000000000003238');
    const { body: session } = await c.bt('/3ds/sessions', browserSession(tokenId));
    const notificationUrl = `${BASE}/3ds/sessions/${session.id}/method-notification`;
    // The two fields web-threeds 1.3.5 reads (`method_url`, `method_notification_url`), besides the usual ones.
    expect(session).toEqual({ id: expect.any(String), type: 'customer', card_brand: 'Visa', recommended_version: '2.2.0', method_url: `${BASE}/acs/method`, method_notification_url: notificationUrl });
    expect(sandbox.records.btThreeDSSessions.get(session.id)).toMatchObject({ method: 'pending' });

    // What web-threeds' method page posts to method_url: `threeDSMethodData`, base64url JSON without padding.
    const methodData = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
    const acsPage = await c.form('/acs/method', { threeDSMethodData: methodData({ threeDSServerTransID: session.id, threeDSMethodNotificationURL: notificationUrl }) });
    expect(acsPage.status).toBe(200);
    expect(acsPage.body).toContain(`<form method="post" action="${notificationUrl}"><input type="hidden" name="threeDSMethodData" value="${methodData({ threeDSServerTransID: session.id })}"></form>`);
    expect(acsPage.body).toContain('document.forms[0].submit()');
    // Refused: malformed data, an unknown session, a session without a method (3220), another notification URL.
    const plain = await c.bt('/3ds/sessions', browserSession((await c.instrument(sandbox.defaults.gateway.storeId, '4000000000003220')).tokenId));
    expect(plain.body.method_url).toBeUndefined();
    expect((await c.form('/acs/method', { threeDSMethodData: 'not json' })).status).toBe(400);
    expect((await c.form('/acs/method', { threeDSMethodData: methodData({ threeDSServerTransID: 'unknown', threeDSMethodNotificationURL: notificationUrl }) })).status).toBe(404);
    expect((await c.form('/acs/method', { threeDSMethodData: methodData({ threeDSServerTransID: plain.body.id, threeDSMethodNotificationURL: notificationUrl }) })).status).toBe(404);
    expect((await c.form('/acs/method', { threeDSMethodData: methodData({ threeDSServerTransID: session.id, threeDSMethodNotificationURL: 'https://hostile.example/notify' }) })).status).toBe(400);

    // The notification: for the session its path names only, from data naming the same session.
    const notify = (id: string, named = id) => c.form(`/3ds/sessions/${id}/method-notification`, { threeDSMethodData: methodData({ threeDSServerTransID: named }) });
    expect((await notify('unknown')).status).toBe(404);
    expect((await notify(plain.body.id)).status).toBe(404);
    expect((await notify(session.id, plain.body.id)).status).toBe(400);
    expect(sandbox.records.btThreeDSSessions.get(session.id)).toMatchObject({ method: 'pending' });
    const notified = await notify(session.id);
    expect(notified.status).toBe(200);
    // What Basis Theory's notification page posts to its parent (the method page), the shape web-threeds reads.
    expect(notified.body).toContain(`window.parent.postMessage({"type":"method","id":"${session.id}","isCompleted":true}, '*')`);
    expect(sandbox.records.btThreeDSSessions.get(session.id)).toMatchObject({ method: 'Y' });

    // Then the flow goes on as for 3220: a challenge.
    const authenticated = await c.bt(`/3ds/sessions/${session.id}/authenticate`, { authentication_category: 'payment', authentication_type: 'payment-transaction' }, sandbox.apiKey);
    expect(authenticated.body).toMatchObject({ authentication_status: 'challenge', acs_challenge_url: `${BASE}/acs/challenge` });
    expect(sandbox.records.btThreeDSSessions.get(session.id)).toMatchObject({ method: 'Y', authenticationStatus: 'challenge' });
    // A session authenticated before its method's notification (web-threeds' timeout) went on without it: `N`.
    const late = await c.bt('/3ds/sessions', browserSession(tokenId));
    await c.bt(`/3ds/sessions/${late.body.id}/authenticate`, {}, sandbox.apiKey);
    expect(sandbox.records.btThreeDSSessions.get(late.body.id)).toMatchObject({ method: 'N', authenticationStatus: 'challenge' });
    expect((await notify(late.body.id)).status).toBe(200);
    expect(sandbox.records.btThreeDSSessions.get(late.body.id)).toMatchObject({ method: 'N' });
    // A card number sent as `pan` gets the same method.
    const byPan = await c.bt('/3ds/sessions', { ...browserSession(''), token_id: undefined, pan: '4000000000003238' });
    expect(byPan.body.method_url).toBe(`${BASE}/acs/method`);
  });

  it('serves the pages web-threeds loads from its sdkBaseUrl', async () => {
    for (const path of ['/pages/challenge.html', '/pages/method.html']) {
      const answer = await fetch(`${BASE}${path}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/html');
      const html = await answer.text();
      // The relay script (src/browser/threeds-relay.ts), called with its page's start message.
      expect(html).toContain(path.includes('challenge') ? '"start":"startChallenge"' : '"start":"startMethod"');
      expect(html).toContain('event.source === inner.contentWindow');
    }
  });
});
