import { API_PREFIX, routes } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import { type Sandbox } from '../src/index.js';
import { purchase } from './fixtures.js';
import { type Client, useMswSandbox } from './use-sandbox.js';

const BASE = 'https://sandbox.test';
let sandbox: Sandbox;
let c: Client;
useMswSandbox(BASE, { now: Date.UTC(2030, 0, 15) }, (next) => ({ sandbox, c } = next));

describe('auth and errors', () => {
  it('answers 401 with a JSON error body without the key or with a wrong one', async () => {
    for (const authorization of ['', 'Bearer nope', `Bearer ${sandbox.vaultKey}`]) {
      const answer = await c.api(routes.retrievePayment, { params: { id: 'pay_1' }, headers: { authorization } });
      expect(answer.status).toBe(401);
      expect(answer.body.error).toMatchObject({ code: 'unauthorized' });
      expect(answer.body.error.requestId).toBe(answer.headers.get('x-request-id'));
    }
  });

  it('answers 400 naming each bad field, via core schemas', async () => {
    const answer = await c.api(routes.processPayment, { body: { mode: 'purchase', amount: -1, currency: 'usd', initiatedBy: 'customer' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_error');
    const fields = answer.body.error.fields.map((f: { field: string }) => f.field).sort();
    expect(fields).toEqual(['amount', 'currency', 'paymentInstrumentId', 'storeId']);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const answer = await c.send('POST', `${API_PREFIX}${routes.processPayment.path}`, undefined, { 'content-type': 'application/json' });
    expect(answer.status).toBe(400);
  });

  it('answers 404 for unknown ids and unknown API routes, with no CORS headers', async () => {
    const missing = await c.api(routes.retrievePayment, { params: { id: 'pay_missing' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    expect(missing.headers.get('access-control-allow-origin')).toBeNull();
    const unknown = await c.send('GET', `${API_PREFIX}/nothing-here`);
    expect(unknown.status).toBe(404);
  });
});

describe('instruments, customers, 3DS sessions', () => {
  it('creates an instrument and a customer from a service token, retrieves and lists', async () => {
    const { serviceToken } = await c.tokenize();
    const created = await c.api(routes.createPaymentInstrumentFromToken, {
      body: { serviceToken, storeId: sandbox.defaults.storeId, customerData: { email: 'ada@example.com' } },
    });
    expect(created.status).toBe(200);
    expect(created.body.paymentInstrument).toMatchObject({ type: 'card', card: { last4: '4242', brand: 'visa', expMonth: 12, expYear: 2034 } });
    expect(created.body.customer).toEqual({ id: created.body.paymentInstrument.customerId, email: 'ada@example.com', firstName: null, lastName: null, createdAt: expect.any(String), storeId: sandbox.defaults.storeId });

    const second = await c.api(routes.createPaymentInstrumentFromToken, {
      body: { serviceToken: (await c.tokenize('4000000000000002')).serviceToken, storeId: sandbox.defaults.storeId, customerId: created.body.customer.id },
    });
    expect(second.status).toBe(200);

    const retrieved = await c.api(routes.retrievePaymentInstrument, { params: { id: created.body.paymentInstrument.id } });
    expect(retrieved.body).toMatchObject(created.body.paymentInstrument);
    const list = await c.api(routes.listCustomerPaymentInstruments, { params: { id: created.body.customer.id } });
    expect(list.body.instruments.map((i: { id: string }) => i.id)).toEqual([created.body.paymentInstrument.id, second.body.paymentInstrument.id]);
    expect(list.body.data).toEqual(list.body.instruments);
    expect(JSON.stringify(Object.values(sandbox.records).map((view) => view.list()))).not.toContain('4242424242424242');
  });

  it('needs exactly one of customerData and customerId, a valid token, known store and customer', async () => {
    const { serviceToken } = await c.tokenize();
    const storeId = sandbox.defaults.storeId;
    const both = await c.api(routes.createPaymentInstrumentFromToken, { body: { serviceToken, storeId, customerId: 'cus_1', customerData: { email: 'a@b.co' } } });
    expect(both.status).toBe(400);
    const neither = await c.api(routes.createPaymentInstrumentFromToken, { body: { serviceToken, storeId } });
    expect(neither.status).toBe(400);
    const badToken = await c.api(routes.createPaymentInstrumentFromToken, { body: { serviceToken: 'not-a-token', storeId, customerId: 'cus_1' } });
    expect(badToken.body.error.fields[0]).toMatchObject({ field: 'serviceToken', code: 'invalid_service_token' });
    const noCustomer = await c.api(routes.createPaymentInstrumentFromToken, { body: { serviceToken, storeId, customerId: 'cus_404' } });
    expect(noCustomer.status).toBe(404);
    const noStore = await c.api(routes.createPaymentInstrumentFromToken, { body: { serviceToken, storeId: 'store_404', customerData: { email: 'a@b.co' } } });
    expect(noStore.status).toBe(404);
    const noList = await c.api(routes.listCustomerPaymentInstruments, { params: { id: 'cus_404' } });
    expect(noList.status).toBe(404);
  });

  it('persists a 3DS session with status created', async () => {
    const instrument = await c.instrument(sandbox.defaults.gateway.storeId, '4000000000003220');
    const session = await c.api(routes.createThreeDSSession, {
      body: { provider: 'basis_theory', storeId: sandbox.defaults.gateway.storeId, paymentInstrumentId: instrument.id, sessionData: { sessionId: 'ext_1', metadata: {} } },
    });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ externalSessionId: 'ext_1', provider: 'basis_theory', status: 'created', paymentInstrumentId: instrument.id });
    const missing = await c.api(routes.createThreeDSSession, {
      body: { provider: 'x', storeId: sandbox.defaults.storeId, paymentInstrumentId: 'pi_404', sessionData: { sessionId: 'e', metadata: {} } },
    });
    expect(missing.status).toBe(404);
  });
});

describe('payments', () => {
  it('purchase on a sandbox processor succeeds at once and can be retrieved', async () => {
    const pi = await c.instrument(sandbox.defaults.storeId, '4000000000000002');
    const answer = await c.api(routes.processPayment, { body: purchase(sandbox.defaults.storeId, pi.id) });
    expect(answer.status).toBe(200);
    expect(answer.body.payment).toMatchObject({ status: 'succeeded', requireAction: 'none', amount: 1000, capturedAmount: 1000, customerId: pi.customerId });
    const again = await c.api(routes.retrievePayment, { params: { id: answer.body.payment.id } });
    // GET adds what the published GET example shows (customer, paymentInstrument, transactions) to the same payment.
    expect(again.body).toEqual({ ...answer.body.payment, customer: expect.any(Object), paymentInstrument: expect.any(Object), transactions: [expect.objectContaining({ type: 'purchase', amount: 1000 })] });
    expect(sandbox.countCharges(answer.body.payment.id)).toBe(1);
  });

  it('a sandbox processor skips 3DS even for the 3DS test card (section 3.4)', async () => {
    const pi = await c.instrument(sandbox.defaults.storeId, '4000000000003220');
    const answer = await c.api(routes.processPayment, { body: purchase(sandbox.defaults.storeId, pi.id) });
    expect(answer.body.payment).toMatchObject({ status: 'succeeded', requireAction: 'none' });
    expect(answer.body.payment.requireActionData ?? undefined).toBeUndefined();
  });

  it('auth then capture once; not above the authorized amount; void only an authorization', async () => {
    const storeId = sandbox.defaults.storeId;
    const pi = await c.instrument(storeId);
    const auth = await c.api(routes.processPayment, { body: purchase(storeId, pi.id, { mode: 'auth' }) });
    expect(auth.body.payment.status).toBe('authorized');
    const id = auth.body.payment.id;
    const tooMuch = await c.api(routes.processPayment, { body: { mode: 'capture', paymentId: id, amount: 1001 } });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.code).toBe('amount_exceeds_capturable');
    const captured = await c.api(routes.processPayment, { body: { mode: 'capture', paymentId: id, amount: 600 } });
    expect(captured.body.payment).toMatchObject({ status: 'succeeded', capturedAmount: 600 });
    const twice = await c.api(routes.processPayment, { body: { mode: 'capture', paymentId: id } });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('invalid_state');
    const voided = await c.api(routes.voidPayment, { body: { paymentId: id, storeId } });
    expect(voided.status).toBe(409);

    const auth2 = await c.api(routes.processPayment, { body: purchase(storeId, pi.id, { mode: 'auth' }) });
    const void2 = await c.api(routes.voidPayment, { body: { paymentId: auth2.body.payment.id, storeId } });
    expect(void2.body).toMatchObject({ status: 'failed', subStatus: 'voided' });
    const capture2 = await c.api(routes.processPayment, { body: { mode: 'capture', paymentId: auth2.body.payment.id } });
    expect(capture2.status).toBe(409);
    const unknown = await c.api(routes.processPayment, { body: { mode: 'capture', paymentId: 'pay_404' } });
    expect(unknown.status).toBe(404);
    expect(sandbox.countCharges()).toBe(1);
  });

  it('refunds in part and in full, summed, never above what was captured', async () => {
    const storeId = sandbox.defaults.storeId;
    const pi = await c.instrument(storeId);
    const paid = await c.api(routes.processPayment, { body: purchase(storeId, pi.id) });
    const paymentId = paid.body.payment.id;
    const part = await c.api(routes.refundPayment, { body: { paymentId, storeId, amount: 300 } });
    expect(part.body.payment).toMatchObject({ status: 'partially_refunded', refundedAmount: 300 });
    const over = await c.api(routes.refundPayment, { body: { paymentId, storeId, amount: 701 } });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe('amount_exceeds_refundable');
    const rest = await c.api(routes.refundPayment, { body: { paymentId, storeId } });
    expect(rest.body.payment).toMatchObject({ status: 'refunded', refundedAmount: 1000 });
    const more = await c.api(routes.refundPayment, { body: { paymentId, storeId, amount: 1 } });
    expect(more.status).toBe(409);
    const wrongStore = await c.api(routes.refundPayment, { body: { paymentId, storeId: sandbox.defaults.gateway.storeId } });
    expect(wrongStore.status).toBe(404);

    const auth = await c.api(routes.processPayment, { body: purchase(storeId, pi.id, { mode: 'auth' }) });
    const refundAuth = await c.api(routes.refundPayment, { body: { paymentId: auth.body.payment.id, storeId } });
    expect(refundAuth.status).toBe(409);
  });

  it('merchant-initiated payments need reasonType', async () => {
    const storeId = sandbox.defaults.storeId;
    const pi = await c.instrument(storeId);
    const missing = await c.api(routes.processPayment, { body: purchase(storeId, pi.id, { initiatedBy: 'merchant' }) });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.map((f: { field: string }) => f.field)).toContain('reasonType');
    const ok = await c.api(routes.processPayment, { body: purchase(storeId, pi.id, { initiatedBy: 'merchant', reasonType: 'unscheduled' }) });
    expect(ok.body.payment).toMatchObject({ status: 'succeeded', initiatedBy: 'merchant', reasonType: 'unscheduled' });
  });

  it('redirect test card: pending on a redirect page that settles the payment and sends the customer to its returnUrl', async () => {
    const { gateway } = sandbox.defaults;
    const card = await c.instrument(gateway.storeId, '4000000000003063');
    const pending = await c.api(routes.processPayment, { body: purchase(gateway.storeId, card.id, { returnUrl: 'https://shop.example/done?order=7' }) });
    const payment = pending.body.payment;
    expect(payment).toMatchObject({ status: 'pending', requireAction: 'redirect', returnUrl: 'https://shop.example/done?order=7' });
    const redirectUrl = `${BASE}/redirect/${payment.id}`;
    expect(payment.requireActionData).toEqual({ type: 'redirect', resumeToken: expect.stringMatching(/^rt_[0-9a-f]{32}$/), metadata: { redirect: { redirectUrl } } });
    const continued = await c.api(routes.continuePayment, { body: { paymentId: payment.id } });
    expect(continued.body.payment).toMatchObject({ status: 'pending', requireAction: 'redirect' });

    const shown = await fetch(redirectUrl);
    const html = await shown.text();
    expect(html).toContain('$10.00');
    expect(html).toContain('id="approve"');
    const done = await c.form(`/redirect/${payment.id}/complete`, { outcome: 'approve' });
    expect(done.body).toContain(`https://shop.example/done?order=7&amp;paymentId=${payment.id}`);
    expect((await c.api(routes.continuePayment, { body: { paymentId: payment.id } })).body.payment).toMatchObject({ status: 'succeeded', requireAction: 'none' });
    // Once only: a second completion changes nothing.
    await c.form(`/redirect/${payment.id}/complete`, { outcome: 'decline' });
    expect(sandbox.records.payments.get(payment.id)?.status).toBe('succeeded');

    const declining = await c.api(routes.processPayment, { body: purchase(gateway.storeId, card.id) });
    const declined = await c.form(`/redirect/${declining.body.payment.id}/complete`, { outcome: 'decline' });
    expect(declined.body).toContain('You can close this window');
    expect(sandbox.records.payments.get(declining.body.payment.id)?.status).toBe('failed');
    expect((await fetch(`${BASE}/redirect/pay_missing`)).status).toBe(404);
  });

  it('simulated gateway: test cards, 3DS challenge through the ACS, decline cascade to the fallback', async () => {
    const { gateway } = sandbox.defaults;
    const declined = await c.instrument(gateway.storeId, '4000000000000002');
    const cascaded = await c.api(routes.processPayment, { body: purchase(gateway.storeId, declined.id) });
    expect(cascaded.body.payment.status).toBe('succeeded');
    expect(cascaded.body.payment.attempts).toEqual([
      { processorId: gateway.processorId, processorType: 'simulated', outcome: 'declined' },
      { processorId: gateway.fallbackProcessorId, processorType: 'sandbox', outcome: 'approved' },
    ]);
    expect(cascaded.body.payment.processorId).toBe(gateway.fallbackProcessorId);

    const failing = await c.instrument(gateway.storeId, '4000000000000119');
    const failed = await c.api(routes.processPayment, { body: purchase(gateway.storeId, failing.id) });
    expect(failed.body.payment.status).toBe('failed');
    expect(sandbox.countCharges(failed.body.payment.id)).toBe(0);

    const approving = await c.instrument(gateway.storeId, '4242424242424242');
    expect((await c.api(routes.processPayment, { body: purchase(gateway.storeId, approving.id) })).body.payment.status).toBe('succeeded');

    const threeDs = await c.instrument(gateway.storeId, '4000000000003220');
    // The page's web-threeds created a BT session (public key); the merchant server persisted it.
    const btSession = await c.bt('/3ds/sessions', { token_id: threeDs.tokenId, device: 'browser', device_info: { browser_language: 'en' }, web_challenge_mode: 'iframe' });
    expect(btSession.status).toBe(201);
    const session = await c.api(routes.createThreeDSSession, {
      body: { provider: 'basis_theory', storeId: gateway.storeId, paymentInstrumentId: threeDs.id, sessionData: { sessionId: btSession.body.id, metadata: {} } },
    });
    const pending = await c.api(routes.processPayment, { body: purchase(gateway.storeId, threeDs.id, { threedsSessionId: session.body.id }) });
    expect(pending.body.payment).toMatchObject({ status: 'pending', requireAction: 'threeds_auth' });
    const challenge = pending.body.payment.requireActionData.metadata.threedsSession;
    expect(challenge).toMatchObject({ externalSessionId: btSession.body.id, acsChallengeUrl: `${BASE}/acs/challenge`, messageVersion: '2.2.0' });
    expect(sandbox.countCharges(pending.body.payment.id)).toBe(0);

    const { encodeChallengeRequest } = await import('@tessera/core/internal');
    const creq = encodeChallengeRequest({ threeDSServerTransID: btSession.body.id, acsTransID: challenge.acsTransID, messageType: 'CReq', messageVersion: '2.2.0', challengeWindowSize: '02' });
    const pageAnswer = await c.form('/acs/challenge', { creq });
    expect(pageAnswer.status).toBe(200);
    expect(pageAnswer.body).toContain('id="approve"');
    expect(pageAnswer.body).toContain('id="fail"');
    const done = await c.form('/acs/complete', { acsTransID: challenge.acsTransID, threeDSServerTransID: btSession.body.id, outcome: 'approve' });
    expect(done.body).toContain(`{"type":"challenge","id":"${btSession.body.id}","isCompleted":true,"authenticationStatus":"successful"}`);
    expect(done.body).toContain("window.parent.postMessage(");
    const final = await c.api(routes.retrievePayment, { params: { id: pending.body.payment.id } });
    expect(final.body).toMatchObject({ status: 'succeeded', requireAction: 'none' });
    expect(sandbox.records.threedsSessions.get(session.body.id)?.status).toBe('authenticated');
    expect(sandbox.countCharges(pending.body.payment.id)).toBe(1);

    // Failing the challenge of an authorization → failed; MIT on a 3DS card is not challenged.
    const authPending = await c.api(routes.processPayment, { body: purchase(gateway.storeId, threeDs.id, { mode: 'auth' }) });
    const acsTransID = authPending.body.payment.requireActionData.metadata.threedsSession.acsTransID;
    const failedPage = await c.form('/acs/complete', { acsTransID, threeDSServerTransID: 'srv_2', outcome: 'fail' });
    expect(failedPage.body).toContain('"authenticationStatus":"failed"');
    expect((await c.api(routes.retrievePayment, { params: { id: authPending.body.payment.id } })).body.status).toBe('failed');
    const mit = await c.api(routes.processPayment, { body: purchase(gateway.storeId, threeDs.id, { initiatedBy: 'merchant', reasonType: 'recurring' }) });
    expect(mit.body.payment.status).toBe('succeeded');

    expect((await c.form('/acs/challenge', { creq: 'garbage' })).status).toBe(400);
    expect((await c.form('/acs/complete', { acsTransID: 'acs_404', outcome: 'approve' })).status).toBe(404);
  });

  it('approves an auth challenge to authorized', async () => {
    const { gateway } = sandbox.defaults;
    const threeDs = await c.instrument(gateway.storeId, '4000000000003220');
    const pending = await c.api(routes.processPayment, { body: purchase(gateway.storeId, threeDs.id, { mode: 'auth' }) });
    const acsTransID = pending.body.payment.requireActionData.metadata.threedsSession.acsTransID;
    await c.form('/acs/complete', { acsTransID, threeDSServerTransID: 's', outcome: 'approve' });
    expect((await c.api(routes.retrievePayment, { params: { id: pending.body.payment.id } })).body.status).toBe('authorized');
  });

  it('two captures at once: exactly one wins', async () => {
    const storeId = sandbox.defaults.storeId;
    const pi = await c.instrument(storeId);
    const auth = await c.api(routes.processPayment, { body: purchase(storeId, pi.id, { mode: 'auth' }) });
    const capture = () => c.api(routes.processPayment, { body: { mode: 'capture', paymentId: auth.body.payment.id } });
    const answers = await Promise.all([capture(), capture(), capture()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(sandbox.countCharges(auth.body.payment.id)).toBe(1);
  });

  it('concurrent partial refunds never sum above what was captured', async () => {
    const storeId = sandbox.defaults.storeId;
    const pi = await c.instrument(storeId);
    const paid = await c.api(routes.processPayment, { body: purchase(storeId, pi.id) });
    const refund = () => c.api(routes.refundPayment, { body: { paymentId: paid.body.payment.id, storeId, amount: 400 } });
    const answers = await Promise.all([refund(), refund(), refund()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 422]);
    expect(sandbox.records.payments.get(paid.body.payment.id)).toMatchObject({ refundedAmount: 800, status: 'partially_refunded' });
  });
});
