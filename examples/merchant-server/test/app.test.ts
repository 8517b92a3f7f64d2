import { createSandbox, sandboxRoutes, type Sandbox } from '@tessera/sandbox';
import { signWebhookPayload, Tessera, WEBHOOK_SIGNATURE_HEADER } from '@tessera/server';
import { createTokenizer } from '@tessera/tokenizer';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMerchantApp, type ReceivedWebhook } from '../src/app.js';
import { CARTS } from '../src/cart.js';

const BASE_URL = 'http://127.0.0.1:4010';
let sandbox: Sandbox;
const server = setupServer();
const requests: Request[] = [];
server.events.on('request:start', ({ request }) => requests.push(request));

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

beforeEach(() => {
  sandbox = createSandbox();
  server.use(...sandbox.handlers);
  requests.length = 0;
});

const WEBHOOK_SECRET = 'whsec_starter_test';
/** The back office's bearer token (`STAFF_API_TOKEN`): `call` sends it unless a test passes its own `authorization`. */
const STAFF_TOKEN = 'staff_token_for_the_tests_0123456789';
/** What a browser sends with the page's calls: its origin, the app's own (`app.request` runs on http://localhost). */
const PAGE = { origin: 'http://localhost' };

function appFor(storeId: string, webhooks: ReceivedWebhook[] = [], webhookSecret: string | null = WEBHOOK_SECRET, staffToken: string | null = STAFF_TOKEN) {
  const tessera = new Tessera({ apiKey: sandbox.apiKey, baseUrl: BASE_URL, maxRetries: 0 });
  return createMerchantApp({ tessera, storeId, publicConfig: { environment: 'local', storeId }, onWebhook: (w) => webhooks.push(w), ...(webhookSecret ? { webhookSecret } : {}), ...(staffToken ? { staffToken } : {}) });
}

async function call(app: ReturnType<typeof appFor>, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await app.request(path, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${STAFF_TOKEN}`, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function serviceToken(cardNumber: string): Promise<string> {
  return createTokenizer({ environment: 'local' }).tokenizeCard({ cardNumber, expiryDate: '12/30', cvc: '123' });
}

describe('merchant-server example', () => {
  it('never hands the API key to the browser', async () => {
    const app = appFor(sandbox.defaults.storeId);
    const config = await call(app, 'GET', '/api/config');
    expect(config.status).toBe(200);
    expect(JSON.stringify(config.body)).not.toContain(sandbox.apiKey);
  });

  it('turns a token into an instrument, charges it, reports status, refunds in part then in full', async () => {
    const app = appFor(sandbox.defaults.storeId);
    const instrument = await call(app, 'POST', '/api/instruments', { serviceToken: await serviceToken('4242424242424242'), email: 'ada@example.com' });
    expect(instrument.status).toBe(201);
    expect(instrument.body.paymentInstrument).toMatchObject({ type: 'card', card: { last4: '4242' } });

    const payment = await call(app, 'POST', '/api/payments', { paymentInstrumentId: instrument.body.paymentInstrument.id, amount: 2500, currency: 'USD' }, { 'idempotency-key': 'click-1' });
    expect(payment.body).toMatchObject({ status: 'succeeded', amount: 2500, currency: 'USD', challenge: null });
    const sent = requests.find((r) => r.url.endsWith('/payments/process'))!;
    expect(sent.headers.get('idempotency-key')).toBe('click-1');
    expect(sent.headers.get('authorization')).toBe(`Bearer ${sandbox.apiKey}`);

    expect((await call(app, 'GET', `/api/payments/${payment.body.id}`)).body.status).toBe('succeeded');
    expect((await call(app, 'POST', `/api/payments/${payment.body.id}/refund`, { amount: 1000 })).body.status).toBe('partially_refunded');
    expect((await call(app, 'POST', `/api/payments/${payment.body.id}/refund`, {})).body.status).toBe('refunded');
    expect(sandbox.countCharges(payment.body.id)).toBe(1);
  });

  it('charges once when the browser submits the same click twice', async () => {
    const app = appFor(sandbox.defaults.storeId);
    const instrument = await call(app, 'POST', '/api/instruments', { serviceToken: await serviceToken('4242424242424242'), email: 'ada@example.com' });
    const body = { paymentInstrumentId: instrument.body.paymentInstrument.id, amount: 990, currency: 'USD' };
    const [first, second] = await Promise.all([
      call(app, 'POST', '/api/payments', body, { 'idempotency-key': 'double-click' }),
      call(app, 'POST', '/api/payments', body, { 'idempotency-key': 'double-click' }),
    ]);
    const succeeded = [first, second].filter((r) => r.status === 201);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    expect(sandbox.countCharges()).toBe(1);
  });

  it('authorizes, then captures; authorizes, then voids', async () => {
    const app = appFor(sandbox.defaults.storeId);
    const instrument = await call(app, 'POST', '/api/instruments', { serviceToken: await serviceToken('4242424242424242'), email: 'ada@example.com' });
    const base = { paymentInstrumentId: instrument.body.paymentInstrument.id, amount: 5000, currency: 'USD', mode: 'auth' };
    const auth = await call(app, 'POST', '/api/payments', base);
    expect(auth.body.status).toBe('authorized');
    expect((await call(app, 'POST', `/api/payments/${auth.body.id}/capture`, {})).body.status).toBe('succeeded');
    const second = await call(app, 'POST', '/api/payments', base);
    expect((await call(app, 'POST', `/api/payments/${second.body.id}/void`, {})).body.status).toBe('voided');
  });

  it('persists a 3DS session and hands the challenge to the page, then reports the final status', async () => {
    const storeId = sandbox.defaults.gateway.storeId;
    const app = appFor(storeId);
    const instrument = await call(app, 'POST', '/api/instruments', { serviceToken: await serviceToken('4000000000003220'), email: 'ada@example.com' });
    const paymentInstrumentId = instrument.body.paymentInstrument.id as string;
    const session = await call(app, 'POST', '/api/threeds-sessions', { provider: 'basis_theory', paymentInstrumentId, sessionData: { sessionId: 'ext_1', metadata: {} } });
    expect(session.status).toBe(201);
    const payment = await call(app, 'POST', '/api/payments', { paymentInstrumentId, amount: 1999, currency: 'USD', threedsSessionId: session.body.id });
    expect(payment.body).toMatchObject({ status: 'requires_action', serviceStatus: 'pending', payment: { id: payment.body.id, status: 'pending', requireAction: 'threeds_auth' } });
    const challenge = payment.body.challenge as { acsChallengeUrl: string; acsTransactionId: string; sessionId: string };
    expect(challenge.acsChallengeUrl).toMatch(/\/acs\/challenge$/);
    // What the customer's "Approve" click in the ACS page posts.
    await fetch(new URL(sandboxRoutes.acsComplete, challenge.acsChallengeUrl), {
      method: 'POST',
      body: new URLSearchParams({ acsTransID: challenge.acsTransactionId, threeDSServerTransID: challenge.sessionId, outcome: 'approve' }),
    });
    expect((await call(app, 'GET', `/api/payments/${payment.body.id}`)).body).toMatchObject({ status: 'succeeded', payment: { status: 'succeeded', requireAction: 'none' } });
  });

  it('pays a cart through the checkout handler at the price set here, whatever the page adds', async () => {
    const app = appFor(sandbox.defaults.storeId);
    const pay = await call(app, 'POST', '/api/tessera/payments', { orderRef: 'tshirt', serviceToken: await serviceToken('4242424242424242'), attempt: 'attempt-0001', customer: { email: 'ada@example.com' }, amount: 1 }, PAGE);
    expect(pay.status).toBe(201);
    expect(pay.body.payment).toMatchObject({ status: 'succeeded', amount: CARTS.tshirt!.amount, currency: 'USD' });
    expect(sandbox.countCharges(pay.body.payment.id)).toBe(1);
    // A cart the shop does not know, and a page of another site, are refused before any service call.
    const before = requests.length;
    expect((await call(app, 'POST', '/api/tessera/payments', { orderRef: 'hoodie', serviceToken: await serviceToken('4242424242424242'), attempt: 'attempt-0002' }, PAGE)).body.error.code).toBe('unknown_order');
    expect((await call(app, 'POST', '/api/tessera/payments', { orderRef: 'tshirt', serviceToken: 'tok', attempt: 'attempt-0003' }, { origin: 'https://evil.example' })).status).toBe(403);
    expect(requests.length - before).toBe(1); // the second serviceToken's vault call only
  });

  it('saves the radar session the page collected through the handler, then continues the payment: succeeded, charged once', async () => {
    const app = appFor(sandbox.defaults.gateway.storeId);
    const pay = await call(app, 'POST', '/api/tessera/payments', { orderRef: 'tshirt', serviceToken: await serviceToken('4000000000004954'), attempt: 'attempt-radar1' }, PAGE);
    expect(pay.body.payment).toMatchObject({ status: 'pending', requireAction: 'radar', requireActionData: { type: 'radar', metadata: { provider: 'airwallex' } } });
    const id = pay.body.payment.id as string;
    // The header the browser client sends it in (`CHECKOUT_PAYMENT_TOKEN_HEADER` of @tessera/core).
    const token = { ...PAGE, 'tessera-payment-token': pay.body.paymentToken as string };
    // Continuing before the session is saved leaves it waiting on the check.
    expect((await call(app, 'POST', `/api/tessera/payments/${id}/continue`, {}, token)).body.payment).toMatchObject({ requireAction: 'radar' });
    const saved = await call(app, 'POST', '/api/tessera/radar-sessions', { paymentId: id, airwallexRadarSessionId: '0b7f0b9e-7c6a-4a53-9d1e-1f0f6f2c1a11' }, token);
    expect(saved.status).toBe(200);
    expect(requests.find((r) => r.url.endsWith('/radar-sessions'))).toBeDefined();
    expect((await call(app, 'POST', `/api/tessera/payments/${id}/continue`, {}, token)).body.payment).toMatchObject({ status: 'succeeded' });
    expect(sandbox.countCharges(id)).toBe(1);
    // Without the payment token the handler gave the page, nothing is read or continued.
    const before = requests.length;
    expect((await call(app, 'POST', `/api/tessera/payments/${id}/continue`, {}, PAGE)).status).toBeGreaterThanOrEqual(400);
    expect(requests).toHaveLength(before);
  });

  it('rejects a bad body before calling the service, and maps service errors', async () => {
    const app = appFor(sandbox.defaults.storeId);
    const bad = await call(app, 'POST', '/api/payments', { paymentInstrumentId: 'pi_1', amount: 19.99, currency: 'USD' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual([expect.objectContaining({ field: 'amount' })]);
    expect(requests).toHaveLength(0);
    const missing = await call(app, 'GET', '/api/payments/pay_missing');
    expect(missing.status).toBe(404);
  });

  it('receives a signed webhook, verified with the endpoint secret, and lists it', async () => {
    const webhooks: ReceivedWebhook[] = [];
    const app = appFor(sandbox.defaults.storeId, webhooks);
    const body = JSON.stringify({ id: 'evt_1', type: 'payment/succeeded', data: { id: 'pay_1' } });
    const response = await app.request('/webhooks', { method: 'POST', body, headers: { [WEBHOOK_SIGNATURE_HEADER]: await signWebhookPayload(body, WEBHOOK_SECRET) } });
    expect(response.status).toBe(204);
    expect(webhooks.map((w) => w.type)).toEqual(['payment/succeeded']);
    expect((await call(app, 'GET', '/api/webhooks')).body.data).toHaveLength(1);
  });

  it('acts once on a delivery the service sends twice (a retry after a lost answer): answered 204 both times', async () => {
    const webhooks: ReceivedWebhook[] = [];
    const app = appFor(sandbox.defaults.storeId, webhooks);
    const body = JSON.stringify({ id: 'evt_twice', type: 'payment/succeeded', data: { id: 'pay_1' } });
    const deliver = async () => (await app.request('/webhooks', { method: 'POST', body, headers: { [WEBHOOK_SIGNATURE_HEADER]: await signWebhookPayload(body, WEBHOOK_SECRET) } })).status;
    expect([await deliver(), await deliver()]).toEqual([204, 204]);
    expect(webhooks.map((w) => w.id)).toEqual(['evt_twice']);
    expect((await call(app, 'GET', '/api/webhooks')).body.data).toHaveLength(1);
  });

  it('refuses a webhook that is unsigned, tampered, signed with another secret or replayed, with 400 and its code', async () => {
    const webhooks: ReceivedWebhook[] = [];
    const app = appFor(sandbox.defaults.storeId, webhooks);
    const body = JSON.stringify({ id: 'evt_1', type: 'payment/succeeded' });
    const post = async (payload: string, signature?: string) => {
      const response = await app.request('/webhooks', { method: 'POST', body: payload, headers: signature ? { [WEBHOOK_SIGNATURE_HEADER]: signature } : {} });
      return { status: response.status, code: ((await response.json()) as { error: { code: string } }).error.code };
    };
    expect(await post(body)).toEqual({ status: 400, code: 'missing_signature' });
    expect(await post(body.replace('succeeded', 'refunded'), await signWebhookPayload(body, WEBHOOK_SECRET))).toEqual({ status: 400, code: 'invalid_signature' });
    expect(await post(body, await signWebhookPayload(body, 'whsec_someone_else'))).toEqual({ status: 400, code: 'invalid_signature' });
    expect(await post(body, await signWebhookPayload(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600))).toEqual({ status: 400, code: 'timestamp_outside_tolerance' });
    expect(webhooks).toEqual([]);
    expect((await call(appFor(sandbox.defaults.storeId, webhooks, null), 'POST', '/webhooks', {})).status).toBe(503);
  });
});
