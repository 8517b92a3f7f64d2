import { Script } from 'node:vm';
import { getPaymentAction } from '@tessera/core';
import { encodeChallengeRequest, routes } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import { type Sandbox, sandboxRoutes } from '../src/index.js';
import { purchase } from './fixtures.js';
import { type Client, useMswSandbox } from './use-sandbox.js';

// The actions the vendor's code runs beyond a 3DS challenge (processor_auth, Airwallex and Stripe radar, a chain),
// as the sandbox's test cards ask for them, and the routes that end them: the page, POST /radar-sessions then
// continue, the ACS. Shapes are compared field for field with core-js 3.1.0's types (`radar/types.d.ts`,
// `radar/stripe-types.d.ts`) and the plugin SDK's `usePayment` (`metadata.redirect.redirectUrl`).
const BASE = 'https://sandbox.test';
let sandbox: Sandbox;
let c: Client;
useMswSandbox(BASE, { now: Date.UTC(2030, 0, 15) }, (next) => ({ sandbox, c } = next));

const PROCESSOR_AUTH = '4000000000003089';
const AIRWALLEX_RADAR = '4000000000004954';
const STRIPE_RADAR = '4000000000004962';
const RADAR_THEN_3DS = '4000000000004970';
const STRIPE_KEY = 'pk_test_tessera_sandbox';
const AIRWALLEX_SESSION = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';

/** A customer-initiated purchase on the gateway store (its `simulated` processor runs the test cards). */
async function pending(card: string, extra: Record<string, unknown> = {}) {
  const { gateway } = sandbox.defaults;
  const instrument = await c.instrument(gateway.storeId, card);
  const answer = await c.api(routes.processPayment, { body: purchase(gateway.storeId, instrument.id, extra) });
  expect(answer.status).toBe(200);
  return answer.body.payment;
}

const saveSession = (body: Record<string, unknown>, headers?: Record<string, string>) => c.api(routes.createRadarSession, { body, ...(headers ? { headers } : {}) });
const continuePayment = async (paymentId: string) => (await c.api(routes.continuePayment, { body: { paymentId } })).body.payment;

describe('the action each test card asks for', () => {
  it('processor_auth: the processor page, named in metadata.type too, with a resumeToken', async () => {
    const payment = await pending(PROCESSOR_AUTH);
    const redirectUrl = `${BASE}/redirect/${payment.id}`;
    expect(payment).toMatchObject({ status: 'pending', subStatus: null, requireAction: 'processor_auth' });
    expect(payment.requireActionData).toEqual({ type: 'processor_auth', resumeToken: expect.stringMatching(/^rt_[0-9a-f]{32}$/), metadata: { type: 'processor_auth', redirect: { redirectUrl } } });
    expect(getPaymentAction(payment)).toEqual({ type: 'processor_auth', redirectUrl, resumeToken: payment.requireActionData.resumeToken });
  });

  it("Airwallex radar: core-js's AirwallexRadarActionData exactly", async () => {
    for (const card of [AIRWALLEX_RADAR, RADAR_THEN_3DS]) {
      const payment = await pending(card);
      expect(payment).toMatchObject({ status: 'pending', requireAction: 'radar' });
      expect(payment.requireActionData).toEqual({ type: 'radar', metadata: { provider: 'airwallex', isTest: true } });
      expect(getPaymentAction(payment)).toEqual({ type: 'radar', provider: 'airwallex', isTest: true });
    }
  });

  it("Stripe radar: core-js's StripeRadarActionData, the sandbox's publishable key and the payment's orderId when it has one", async () => {
    const plain = await pending(STRIPE_RADAR);
    expect(plain).toMatchObject({ status: 'pending', requireAction: 'radar' });
    expect(plain.requireActionData).toEqual({ type: 'stripe_radar', metadata: { type: 'stripe_radar', radar: { publishableKey: STRIPE_KEY } } });
    const ordered = await pending(STRIPE_RADAR, { orderId: 'ord_77' });
    expect(ordered.requireActionData).toEqual({ type: 'stripe_radar', metadata: { type: 'stripe_radar', radar: { publishableKey: STRIPE_KEY, orderId: 'ord_77' } } });
    expect(getPaymentAction(ordered)).toEqual({ type: 'stripe_radar', provider: 'stripe', publishableKey: STRIPE_KEY, orderId: 'ord_77' });
  });

  it('asks only a customer, on a simulated processor: merchant-initiated payments and the sandbox processor approve', async () => {
    const { gateway, storeId } = sandbox.defaults;
    for (const card of [PROCESSOR_AUTH, AIRWALLEX_RADAR, STRIPE_RADAR, RADAR_THEN_3DS]) {
      const onGateway = await c.instrument(gateway.storeId, card);
      const mit = await c.api(routes.processPayment, { body: purchase(gateway.storeId, onGateway.id, { initiatedBy: 'merchant', reasonType: 'unscheduled' }) });
      expect(mit.body.payment, card).toMatchObject({ status: 'succeeded', requireAction: 'none', requireActionData: null });
      const onSandbox = await c.instrument(storeId, card);
      expect((await c.api(routes.processPayment, { body: purchase(storeId, onSandbox.id) })).body.payment, card).toMatchObject({ status: 'succeeded', requireAction: 'none' });
    }
  });

  it('the vault says sca_required for the radar-then-3DS card, as for the challenge card', async () => {
    expect((await c.tokenize(RADAR_THEN_3DS)).raw.card.authentication).toBe('sca_required');
    expect((await c.tokenize(AIRWALLEX_RADAR)).raw.card.authentication).toBeUndefined();
  });
});

describe('POST /radar-sessions, then continue', () => {
  it('continuing before a session was saved answers the payment still pending on its radar action, unchanged', async () => {
    const payment = await pending(AIRWALLEX_RADAR);
    const before = structuredClone(sandbox.records.payments.get(payment.id));
    expect(await continuePayment(payment.id)).toEqual(payment);
    expect(sandbox.records.payments.get(payment.id)).toEqual(before);
    // A session of the other provider does not answer it either.
    expect((await saveSession({ paymentId: payment.id, stripeRadarSessionId: 'rse_x', stripeRadarSessionData: { id: 'rse_x' } })).status).toBe(200);
    expect(await continuePayment(payment.id)).toMatchObject({ status: 'pending', requireAction: 'radar' });
    expect(sandbox.countCharges(payment.id)).toBe(0);
  });

  it("Airwallex: saved by paymentId, answered as the vendor types it; continue settles (purchase succeeded, auth authorized)", async () => {
    const payment = await pending(AIRWALLEX_RADAR);
    const saved = await saveSession({ paymentId: payment.id, airwallexRadarSessionId: AIRWALLEX_SESSION });
    expect(saved).toMatchObject({ status: 200, body: { success: true, radarSessionId: expect.stringMatching(/^rs_/) } });
    expect(Object.keys(saved.body).sort()).toEqual(['radarSessionId', 'success']);
    expect(sandbox.records.radarSessions.get(saved.body.radarSessionId)).toMatchObject({
      provider: 'airwallex',
      paymentId: payment.id,
      orderId: null,
      providerSessionId: AIRWALLEX_SESSION,
      stripeRadarSessionData: null,
      collected: false,
    });
    expect(sandbox.records.payments.get(payment.id)?.status).toBe('pending');
    expect(await continuePayment(payment.id)).toMatchObject({ id: payment.id, status: 'succeeded', subStatus: 'approved', requireAction: 'none' });
    expect(sandbox.countCharges(payment.id)).toBe(1);

    const authorization = await pending(AIRWALLEX_RADAR, { mode: 'auth' });
    await saveSession({ paymentId: authorization.id, airwallexRadarSessionId: AIRWALLEX_SESSION });
    expect(await continuePayment(authorization.id)).toMatchObject({ status: 'authorized', subStatus: 'authorized' });
    expect(sandbox.countCharges(authorization.id)).toBe(0);
  });

  it('Stripe: saved by paymentId, or by orderId alone for the payment with that order', async () => {
    const byPayment = await pending(STRIPE_RADAR);
    await saveSession({ paymentId: byPayment.id, stripeRadarSessionId: 'rse_1', stripeRadarSessionData: { id: 'rse_1', object: 'radar.session' } });
    expect(await continuePayment(byPayment.id)).toMatchObject({ status: 'succeeded' });

    const byOrder = await pending(STRIPE_RADAR, { orderId: 'ord_9' });
    const other = await pending(STRIPE_RADAR, { orderId: 'ord_10' });
    const saved = await saveSession({ orderId: 'ord_9', stripeRadarSessionId: 'rse_2', stripeRadarSessionData: { id: 'rse_2' } });
    expect(sandbox.records.radarSessions.get(saved.body.radarSessionId)).toMatchObject({ provider: 'stripe', paymentId: null, orderId: 'ord_9', stripeRadarSessionData: { id: 'rse_2' } });
    expect(await continuePayment(other.id)).toMatchObject({ status: 'pending', requireAction: 'radar' });
    expect(await continuePayment(byOrder.id)).toMatchObject({ status: 'succeeded' });
  });

  it('the radar-then-3DS card asks for a real challenge once continued, which the ACS settles', async () => {
    const payment = await pending(RADAR_THEN_3DS);
    await saveSession({ paymentId: payment.id, airwallexRadarSessionId: AIRWALLEX_SESSION });
    const challenged = await continuePayment(payment.id);
    expect(challenged).toMatchObject({ id: payment.id, status: 'pending', requireAction: 'threeds_auth' });
    const challenge = getPaymentAction(challenged);
    expect(challenge).toEqual({
      type: 'threeds_auth',
      challenge: { sessionId: expect.any(String), acsChallengeUrl: `${BASE}/acs/challenge`, acsTransactionId: expect.any(String), threeDSVersion: '2.2.0' },
    });
    if (challenge.type !== 'threeds_auth') throw new Error('no challenge');
    // Continuing again while the challenge waits changes nothing.
    expect(await continuePayment(payment.id)).toEqual(challenged);

    const creq = encodeChallengeRequest({ threeDSServerTransID: 'srv_1', acsTransID: challenge.challenge.acsTransactionId, messageType: 'CReq', messageVersion: '2.2.0', challengeWindowSize: '02' });
    expect((await c.form(sandboxRoutes.acsChallenge, { creq })).body).toContain('id="approve"');
    const done = await c.form(sandboxRoutes.acsComplete, { acsTransID: challenge.challenge.acsTransactionId, threeDSServerTransID: 'srv_1', outcome: 'approve' });
    expect(done.body).toContain(`"id":"${challenge.challenge.sessionId}","isCompleted":true,"authenticationStatus":"successful"`);
    expect(await continuePayment(payment.id)).toMatchObject({ status: 'succeeded', subStatus: 'approved', requireAction: 'none' });
    expect(sandbox.countCharges(payment.id)).toBe(1);
  });

  it('never charges twice: the same session saved twice is one record, continuing twice is one charge, a replayed key the same answer', async () => {
    const payment = await pending(AIRWALLEX_RADAR);
    const body = { paymentId: payment.id, airwallexRadarSessionId: AIRWALLEX_SESSION };
    const first = await saveSession(body, { 'idempotency-key': 'save-1' });
    const replayed = await saveSession(body, { 'idempotency-key': 'save-1' });
    const again = await saveSession(body);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect([replayed.body, again.body]).toEqual([first.body, first.body]);
    expect(sandbox.records.radarSessions.count).toBe(1);
    const answers = await Promise.all([continuePayment(payment.id), continuePayment(payment.id)]);
    expect(answers.map((answer) => answer.status)).toEqual(['succeeded', 'succeeded']);
    expect(await continuePayment(payment.id)).toMatchObject({ status: 'succeeded' });
    expect(sandbox.records.ledger.list().filter((entry) => entry.paymentId === payment.id).map((entry) => entry.kind)).toEqual(['charge']);
    // A save after the payment settled is kept and changes nothing.
    expect((await saveSession({ ...body, airwallexRadarSessionId: 'another' })).status).toBe(200);
    expect(sandbox.countCharges(payment.id)).toBe(1);
  });

  it('answers 404 for a payment or an order it does not know, 400 naming the field for a body that is neither provider', async () => {
    const missing = await saveSession({ paymentId: 'pay_missing', airwallexRadarSessionId: AIRWALLEX_SESSION });
    expect(missing).toMatchObject({ status: 404, body: { code: 'PAYMENT_NOT_FOUND' } });
    expect((await saveSession({ orderId: 'ord_missing', stripeRadarSessionId: 'rse_1', stripeRadarSessionData: {} })).status).toBe(404);
    const neither = await saveSession({ stripeRadarSessionId: 'rse_1', stripeRadarSessionData: {} });
    expect(neither.status).toBe(400);
    expect(neither.body.error.fields).toEqual([{ field: 'paymentId', code: 'required', message: 'give paymentId or orderId' }]);
    expect(sandbox.records.radarSessions.count).toBe(0);
  });
});

describe('the page of a redirect or processor_auth action', () => {
  it('approves, then returns to the returnUrl of the page URL (http(s) only, escaped), else the payment\'s, with paymentId', async () => {
    const payment = await pending(PROCESSOR_AUTH, { returnUrl: 'https://shop.example/payment-return' });
    const { redirectUrl } = payment.requireActionData.metadata.redirect;
    // The vendor's example app appends the return URL: `${redirectUrl}?returnUrl=${encodeURIComponent(returnUrl)}`.
    const returnUrl = 'https://shop.example/back?order=7&x="><b>';
    const shown = await fetch(`${redirectUrl}?returnUrl=${encodeURIComponent(returnUrl)}`);
    expect(shown.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await shown.text();
    expect(html).toContain('Tessera Sandbox Processor Authentication');
    expect(html).toContain('id="approve"');
    expect(html).toContain('<input type="hidden" name="returnUrl" value="https://shop.example/back?order=7&amp;x=%22%3E%3Cb%3E">');
    expect(html).not.toContain('"><b>');

    const done = await c.form(`/redirect/${payment.id}/complete`, { outcome: 'approve', returnUrl: new URL(returnUrl).href });
    expect(done.body).toContain(`<a id="return" href="https://shop.example/back?order=7&amp;x=%22%3E%3Cb%3E&amp;paymentId=${payment.id}">`);
    expect(sandbox.records.payments.get(payment.id)).toMatchObject({ status: 'succeeded', requireAction: 'none' });
    expect(sandbox.countCharges(payment.id)).toBe(1);
    // Once only.
    await c.form(`/redirect/${payment.id}/complete`, { outcome: 'decline' });
    expect(sandbox.records.payments.get(payment.id)?.status).toBe('succeeded');
    expect(sandbox.countCharges(payment.id)).toBe(1);
  });

  it("ignores a returnUrl on another origin than the payment's own (no open redirect after approving)", async () => {
    const payment = await pending(PROCESSOR_AUTH, { returnUrl: 'https://shop.example/payment-return' });
    const html = await (await fetch(`${BASE}/redirect/${payment.id}?returnUrl=${encodeURIComponent('https://evil.example/phish')}`)).text();
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('name="returnUrl"');
    // The page says why, so a developer whose confirmPayment returnUrl differs from process's sees it.
    expect(html).toContain("<p id=\"return-url-ignored\">The returnUrl of this page's address is ignored: it is not an http(s) URL on the origin of the payment's returnUrl.");
    const done = (await c.form(`/redirect/${payment.id}/complete`, { outcome: 'approve', returnUrl: 'https://evil.example/phish' })).body;
    expect(done).not.toContain('evil.example');
    expect(done).toContain(`href="https://shop.example/payment-return?paymentId=${payment.id}"`);
  });

  it('takes a returnUrl on the origin of the payment\'s own, another path and query included, and notes nothing', async () => {
    const payment = await pending(PROCESSOR_AUTH, { returnUrl: 'https://shop.example/payment-return' });
    const html = await (await fetch(`${BASE}/redirect/${payment.id}?returnUrl=${encodeURIComponent('https://shop.example/other?step=2')}`)).text();
    expect(html).toContain('<input type="hidden" name="returnUrl" value="https://shop.example/other?step=2">');
    expect(html).not.toContain('return-url-ignored');
    const done = (await c.form(`/redirect/${payment.id}/complete`, { outcome: 'approve', returnUrl: 'https://shop.example/other?step=2' })).body;
    expect(done).toContain(`href="https://shop.example/other?step=2&amp;paymentId=${payment.id}"`);
    // Another port or scheme is another origin.
    for (const other of ['https://shop.example:8443/payment-return', 'http://shop.example/payment-return']) {
      const page = await (await fetch(`${BASE}/redirect/${payment.id}?returnUrl=${encodeURIComponent(other)}`)).text();
      expect(page).not.toContain('name="returnUrl"');
    }
  });

  it('ignores the returnUrl query parameter of a payment without its own: nothing to check it against (no open redirect)', async () => {
    const payment = await pending(PROCESSOR_AUTH);
    const html = await (await fetch(`${BASE}/redirect/${payment.id}?returnUrl=${encodeURIComponent('https://evil.example/phish')}`)).text();
    expect(html).not.toContain('evil.example');
    expect(html).toContain('the payment has no returnUrl (give one to payments/process)');
    const done = (await c.form(`/redirect/${payment.id}/complete`, { outcome: 'approve', returnUrl: 'https://evil.example/phish' })).body;
    expect(done).not.toContain('evil.example');
    expect(done).toContain('You can close this window.');
    expect(sandbox.records.payments.get(payment.id)?.status).toBe('succeeded');
  });

  it("declines; a returnUrl that is not http(s) is ignored for the payment's", async () => {
    const payment = await pending(PROCESSOR_AUTH, { returnUrl: 'https://shop.example/payment-return' });
    const html = await (await fetch(`${BASE}/redirect/${payment.id}?returnUrl=${encodeURIComponent('javascript:alert(1)')}`)).text();
    expect(html).not.toContain('name="returnUrl"');
    const done = await c.form(`/redirect/${payment.id}/complete`, { outcome: 'decline', returnUrl: 'javascript:alert(1)' });
    expect(done.body).toContain('Payment declined');
    expect(done.body).toContain(`href="https://shop.example/payment-return?paymentId=${payment.id}"`);
    expect(done.body).not.toContain('javascript:');
    expect(sandbox.records.payments.get(payment.id)).toMatchObject({ status: 'failed', subStatus: 'failed' });
    // Neither page is served for a payment that asks for no page.
    const radar = await pending(AIRWALLEX_RADAR);
    expect((await fetch(`${BASE}/redirect/${radar.id}`)).status).toBe(404);
  });
});

describe('the radar providers\' stand-in scripts', () => {
  it.each([
    ['Airwallex', sandboxRoutes.airwallexFingerprintScript, `${BASE}/airwallex/webapp/fraud/device-fingerprint/index.js`],
    ['Stripe.js', sandboxRoutes.stripeJsScript, `${BASE}/stripe-js/v3/`],
  ])('%s: served without a key as text/javascript, a script that parses', async (_name, path, url) => {
    expect(`${BASE}${path}`).toBe(url);
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const text = await answer.text();
    expect(() => new Script(text)).not.toThrow();
    expect(text).not.toMatch(/\beval\(|new Function|\bon\w+\s*=/);
  });

  it('the routes they call answer a CORS preflight and their answers carry CORS headers', async () => {
    for (const path of [sandboxRoutes.reportAirwallexFingerprint, sandboxRoutes.createStripeRadarSession]) {
      const preflight = await fetch(`${BASE}${path}`, { method: 'OPTIONS', headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
    }
    const reported = await c.send('POST', sandboxRoutes.reportAirwallexFingerprint, { sessionId: AIRWALLEX_SESSION }, { authorization: '' });
    expect(reported).toMatchObject({ status: 200, body: { id: AIRWALLEX_SESSION, provider: 'airwallex' } });
    expect(reported.headers.get('access-control-allow-origin')).toBe('*');
    expect((await c.send('POST', sandboxRoutes.reportAirwallexFingerprint, {}, { authorization: '' })).status).toBe(400);
  });

  it('the fingerprint route (any page may call it, with no key) keeps no session id over 256 characters: a 400 naming sessionId', async () => {
    const longest = await c.send('POST', sandboxRoutes.reportAirwallexFingerprint, { sessionId: 'a'.repeat(256) }, { authorization: '' });
    expect(longest.status).toBe(200);
    const refused = await c.send('POST', sandboxRoutes.reportAirwallexFingerprint, { sessionId: 'b'.repeat(900_000) }, { authorization: '' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual([expect.objectContaining({ field: 'sessionId', code: 'too_big' })]);
    expect(sandbox.records.radarDeviceSessions.list().map((session) => session.id)).toEqual(['a'.repeat(256)]);
  });

  it('the fingerprint marks the saved Airwallex session collected, whichever comes first; a save without it is accepted', async () => {
    const early = await pending(AIRWALLEX_RADAR);
    await c.send('POST', sandboxRoutes.reportAirwallexFingerprint, { sessionId: 'early-id' }, { authorization: '' });
    const earlySave = await saveSession({ paymentId: early.id, airwallexRadarSessionId: 'early-id' });
    expect(sandbox.records.radarSessions.get(earlySave.body.radarSessionId)?.collected).toBe(true);

    const late = await pending(AIRWALLEX_RADAR);
    const lateSave = await saveSession({ paymentId: late.id, airwallexRadarSessionId: 'late-id' });
    expect(sandbox.records.radarSessions.get(lateSave.body.radarSessionId)?.collected).toBe(false);
    await c.send('POST', sandboxRoutes.reportAirwallexFingerprint, { sessionId: 'late-id' }, { authorization: '' });
    expect(sandbox.records.radarSessions.get(lateSave.body.radarSessionId)?.collected).toBe(true);
    expect(sandbox.records.radarDeviceSessions.list().map((session) => session.id)).toEqual(['early-id', 'late-id']);
  });

  it("Stripe's session route: a Radar session for the sandbox's key, Stripe's error (without the key) for another", async () => {
    const created = await c.send('POST', sandboxRoutes.createStripeRadarSession, { publishableKey: STRIPE_KEY }, { authorization: '' });
    expect(created).toMatchObject({ status: 200, body: { radarSession: { id: expect.stringMatching(/^rse_/), object: 'radar.session', livemode: false } } });
    const payment = await pending(STRIPE_RADAR);
    const { id } = created.body.radarSession;
    const saved = await saveSession({ paymentId: payment.id, stripeRadarSessionId: id, stripeRadarSessionData: created.body.radarSession });
    expect(sandbox.records.radarSessions.get(saved.body.radarSessionId)).toMatchObject({ collected: true, stripeRadarSessionData: created.body.radarSession });

    const refused = await c.send('POST', sandboxRoutes.createStripeRadarSession, { publishableKey: 'pk_test_someone_else' }, { authorization: '' });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: { type: 'invalid_request_error', message: expect.any(String) } });
    expect(JSON.stringify(refused.body)).not.toContain('someone_else');
  });
});
