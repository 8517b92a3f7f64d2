import { createSandbox, sandboxRoutes, type Sandbox } from '@tessera/sandbox';
import { createTokenizer } from '@tessera/tokenizer';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as createInstrument } from '@/app/api/instruments/route';
import { GET as getPayment } from '@/app/api/payments/[id]/route';
import { POST as continuePayment } from '@/app/api/payments/[id]/continue/route';
import { POST as refundPayment } from '@/app/api/payments/[id]/refund/route';
import { POST as createPayment } from '@/app/api/payments/route';
import { POST as saveRadarSession } from '@/app/api/radar-sessions/route';
import { POST as createThreeDSSession } from '@/app/api/threeds-sessions/route';
import { cart } from '@/lib/cart';

// The route handlers called as Next calls them (a web Request, and `params` as a promise for `[id]`), against the
// sandbox's msw handlers in this process: no port, no running sandbox, no Next server.
const SITE = 'http://shop.test';
const server = setupServer();
const sent: Array<{ url: string; headers: Headers; body: Promise<string> }> = [];
server.events.on('request:start', ({ request }) => sent.push({ url: request.url, headers: request.headers, body: request.clone().text() }));
let sandbox: Sandbox;

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  sandbox = createSandbox();
  server.use(...sandbox.handlers);
  vi.stubEnv('TESSERA_API_KEY', sandbox.apiKey);
  vi.stubEnv('TESSERA_BASE_URL', 'http://127.0.0.1:4010');
  vi.stubEnv('TESSERA_STORE_ID', sandbox.defaults.storeId);
  sent.length = 0;
});
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

type Handler = (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;

/** Calls a route handler; answers its status and JSON body, and checks the secret key is in neither. */
async function call(handler: Handler, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const request = new Request(`${SITE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const id = path.split('/')[3] ?? '';
  const response = await handler(request, { params: Promise.resolve({ id }) });
  const text = await response.text();
  expect(text).not.toContain(sandbox.apiKey);
  return { status: response.status, body: JSON.parse(text) as Record<string, any> };
}

const serviceToken = (cardNumber: string) => createTokenizer({ environment: 'local' }).tokenizeCard({ cardNumber, expiryDate: '12/30', cvc: '123' });

async function instrumentFor(cardNumber: string): Promise<string> {
  const instrument = await call(createInstrument, 'POST', '/api/instruments', { serviceToken: await serviceToken(cardNumber), email: 'ada@example.com' });
  expect(instrument.status).toBe(201);
  return instrument.body.paymentInstrument.id as string;
}

describe('route handlers against the sandbox', () => {
  it('makes an instrument, charges the cart (its amount, not the browser’s), reports the status, refunds in part then in full', async () => {
    const instrument = await call(createInstrument, 'POST', '/api/instruments', { serviceToken: await serviceToken('4242424242424242'), email: 'ada@example.com' });
    expect(instrument.body).toMatchObject({ paymentInstrument: { type: 'card', card: { last4: '4242' } }, customer: { id: expect.any(String) } });

    const payment = await call(createPayment, 'POST', '/api/payments', { paymentInstrumentId: instrument.body.paymentInstrument.id, amount: 1 }, { 'idempotency-key': 'click-1' });
    expect(payment).toMatchObject({ status: 201, body: { status: 'succeeded', amount: cart.amount, currency: cart.currency, payment: { status: 'succeeded' } } });
    const process = sent.find((request) => request.url.endsWith('/payments/process'))!;
    expect(process.headers.get('idempotency-key')).toBe('click-1');
    expect(JSON.parse(await process.body)).toMatchObject({ amount: 1999, currency: 'USD', initiatedBy: 'customer', returnUrl: `${SITE}/payment-return` });

    const id = payment.body.id as string;
    expect((await call(getPayment, 'GET', `/api/payments/${id}`)).body.status).toBe('succeeded');
    expect((await call(refundPayment, 'POST', `/api/payments/${id}/refund`, { amount: 500 })).body).toMatchObject({ status: 'partially_refunded', amount: 1999 });
    expect((await call(refundPayment, 'POST', `/api/payments/${id}/refund`, {})).body.status).toBe('refunded');
    expect(sandbox.countCharges(id)).toBe(1);
  });

  it('charges once when the page sends the same step twice (same Idempotency-Key)', async () => {
    const paymentInstrumentId = await instrumentFor('4242424242424242');
    const [first, second] = await Promise.all([
      call(createPayment, 'POST', '/api/payments', { paymentInstrumentId }, { 'idempotency-key': 'double-click' }),
      call(createPayment, 'POST', '/api/payments', { paymentInstrumentId }, { 'idempotency-key': 'double-click' }),
    ]);
    expect([first, second].some((answer) => answer.status === 201)).toBe(true);
    expect(sandbox.countCharges()).toBe(1);
  });

  it('persists the 3DS session, the payment asks for the challenge, and continue answers the final status once approved', async () => {
    vi.stubEnv('TESSERA_STORE_ID', sandbox.defaults.gateway.storeId);
    const paymentInstrumentId = await instrumentFor('4000000000003220');
    const session = await call(createThreeDSSession, 'POST', '/api/threeds-sessions', { provider: 'basis_theory', paymentInstrumentId, sessionData: { sessionId: 'ext_1', metadata: {} } });
    expect(session).toMatchObject({ status: 201, body: { id: expect.any(String) } });

    const payment = await call(createPayment, 'POST', '/api/payments', { paymentInstrumentId, threedsSessionId: session.body.id });
    expect(payment.body).toMatchObject({ status: 'requires_action', payment: { status: 'pending', requireAction: 'threeds_auth' } });
    const id = payment.body.id as string;
    // Before the customer acts, continuing answers the payment as it is.
    expect((await call(continuePayment, 'POST', `/api/payments/${id}/continue`, {})).body.status).toBe('requires_action');

    // What the customer's "Approve" in the ACS page posts.
    const threedsSession = payment.body.payment.requireActionData.metadata.threedsSession as { acsChallengeUrl: string; acsTransID: string; externalSessionId: string };
    await fetch(new URL(sandboxRoutes.acsComplete, threedsSession.acsChallengeUrl), {
      method: 'POST',
      body: new URLSearchParams({ acsTransID: threedsSession.acsTransID, threeDSServerTransID: threedsSession.externalSessionId, outcome: 'approve' }),
    });
    expect((await call(continuePayment, 'POST', `/api/payments/${id}/continue`, {})).body).toMatchObject({ status: 'succeeded', payment: { status: 'succeeded' } });
    expect((await call(getPayment, 'GET', `/api/payments/${id}`)).body.status).toBe('succeeded');
  });

  it('saves the radar session the page collected, then continue settles the payment, charged once', async () => {
    vi.stubEnv('TESSERA_STORE_ID', sandbox.defaults.gateway.storeId);
    const paymentInstrumentId = await instrumentFor('4000000000004954');
    const payment = await call(createPayment, 'POST', '/api/payments', { paymentInstrumentId });
    expect(payment.body).toMatchObject({ status: 'requires_action', payment: { requireAction: 'radar' } });
    const id = payment.body.id as string;
    const saved = await call(saveRadarSession, 'POST', '/api/radar-sessions', { paymentId: id, airwallexRadarSessionId: '0b7f0b9e-7c6a-4a53-9d1e-1f0f6f2c1a11' });
    expect(saved).toMatchObject({ status: 201, body: { radarSessionId: expect.stringMatching(/^rs_/) } });
    expect((await call(continuePayment, 'POST', `/api/payments/${id}/continue`, {})).body.status).toBe('succeeded');
    expect(sandbox.countCharges(id)).toBe(1);
    // Neither vendor body: refused with the field, nothing sent.
    sent.length = 0;
    expect(await call(saveRadarSession, 'POST', '/api/radar-sessions', { paymentId: id })).toMatchObject({ status: 400 });
    expect(sent).toHaveLength(0);
  });

  it('refuses bad input with 400 and the field, before calling the service', async () => {
    expect(await call(createPayment, 'POST', '/api/payments', {})).toMatchObject({ status: 400, body: { error: { code: 'validation_error', fields: [{ field: 'paymentInstrumentId' }] } } });
    expect(await call(createPayment, 'POST', '/api/payments', 'not json')).toMatchObject({ status: 400, body: { error: { fields: [{ code: 'invalid_json' }] } } });
    expect(await call(createInstrument, 'POST', '/api/instruments', { serviceToken: 'x' })).toMatchObject({ status: 400, body: { error: { fields: [{ field: 'email' }] } } });
    expect(await call(createThreeDSSession, 'POST', '/api/threeds-sessions', { paymentInstrumentId: 'pi_1', sessionData: 'x' })).toMatchObject({ status: 400, body: { error: { fields: [{ field: 'sessionData' }] } } });
    expect(await call(refundPayment, 'POST', '/api/payments/pay_1/refund', { amount: 19.99 })).toMatchObject({ status: 400, body: { error: { fields: [{ field: 'amount' }] } } });
    expect(sent).toHaveLength(0);
  });

  it('passes the service’s 404 on, and answers 502 without internals when the service fails', async () => {
    expect(await call(getPayment, 'GET', '/api/payments/pay_missing')).toMatchObject({ status: 404, body: { error: { code: expect.any(String) } } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sandbox.faults.add({ route: 'retrievePayment', kind: 'server_error', status: 500 });
    const failed = await call(getPayment, 'GET', '/api/payments/pay_000001');
    expect(failed).toEqual({ status: 502, body: { error: { code: expect.any(String), message: 'The payment service could not be reached. Try again.' } } });
    expect(logged.mock.calls.flat().join(' ')).not.toContain(sandbox.apiKey);
  });

  it('answers 502 and names no secret when the server has no API key', async () => {
    vi.stubEnv('TESSERA_API_KEY', '');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await call(getPayment, 'GET', '/api/payments/pay_000001')).toMatchObject({ status: 502, body: { error: { code: 'internal_error' } } });
    expect(sent).toHaveLength(0);
  });
});
