import { createSandbox, type Sandbox } from '@tessera/sandbox';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as refundPayment } from '@/app/api/payments/[id]/refund/route';
import { GET, POST } from '@/app/api/tessera/[...path]/route';
import { cart } from '@/lib/cart';

// The app's routes called as Next calls them (a web Request; `params` as a promise for `[id]`), against the
// sandbox's msw handlers in this process: no port, no running sandbox, no Next server. The catch-all route is the
// checkout handler of @tessera/server: these requests are the ones the page's `createTessera().pay()` sends.
const SITE = 'http://shop.test';
/** The header the page sends each payment's token in (`CHECKOUT_PAYMENT_TOKEN_HEADER`). */
const TOKEN_HEADER = 'tessera-payment-token';
const server = setupServer();
const sent: Array<{ url: string; body: Promise<string> }> = [];
server.events.on('request:start', ({ request }) => sent.push({ url: request.url, body: request.clone().text() }));
let sandbox: Sandbox;
let attempts = 0;

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  sandbox = createSandbox();
  server.use(...sandbox.handlers);
  vi.stubEnv('TESSERA_API_KEY', sandbox.apiKey);
  vi.stubEnv('TESSERA_BASE_URL', 'http://127.0.0.1:4010');
  vi.stubEnv('SHOP_ORIGIN', SITE);
  // The sandbox's gateway store: a processor with the 3DS and radar test cards.
  vi.stubEnv('TESSERA_STORE_ID', sandbox.defaults.gateway.storeId);
  sent.length = 0;
});
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** Calls a route with the page's origin; answers its status and JSON body, and checks the secret key is in neither. */
async function call(handler: (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const request = new Request(`${SITE}${path}`, {
    method,
    headers: { origin: SITE, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const response = await handler(request, { params: Promise.resolve({ id: path.split('/')[3] ?? '' }) });
  const text = await response.text();
  expect(text).not.toContain(sandbox.apiKey);
  return { status: response.status, body: JSON.parse(text) as Record<string, any> };
}

/** What `pay()` sends for a test card: the cart's reference, a service token, one attempt id per pay() call. */
async function payBody(card: Parameters<Sandbox['createServiceToken']>[0], extra: Record<string, unknown> = {}) {
  return { orderRef: cart.id, serviceToken: await sandbox.createServiceToken(card), attempt: `attempt_${++attempts}_${Date.now()}`, customer: { email: 'ada@example.com' }, ...extra };
}

describe('the checkout route (createCheckoutHandler) and the refund route against the sandbox', () => {
  it('charges the cart at the server’s price (an amount sent by the page is ignored), then refunds in part and in full', async () => {
    const paid = await call(POST, 'POST', '/api/tessera/payments', await payBody('4242424242424242', { amount: 1, currency: 'EUR' }));
    expect(paid).toMatchObject({ status: 201, body: { payment: { status: 'succeeded', amount: cart.amount, currency: cart.currency }, paymentToken: expect.any(String) } });
    const process = sent.find((request) => request.url.endsWith('/payments/process'))!;
    expect(JSON.parse(await process.body)).toMatchObject({ amount: 1999, currency: 'USD', initiatedBy: 'customer', returnUrl: `${SITE}/payment-return` });

    const id = paid.body.payment.id as string;
    const read = await call(GET, 'GET', `/api/tessera/payments/${id}`, undefined, { [TOKEN_HEADER]: paid.body.paymentToken });
    expect(read.body.payment).toMatchObject({ id, status: 'succeeded' });
    expect((await call(refundPayment, 'POST', `/api/payments/${id}/refund`, { amount: 500 })).body).toMatchObject({ status: 'partially_refunded', amount: 1999 });
    expect((await call(refundPayment, 'POST', `/api/payments/${id}/refund`, {})).body.status).toBe('refunded');
    expect(sandbox.countCharges(id)).toBe(1);
  });

  it('charges once when the page sends the same attempt twice (a lost answer, a double click)', async () => {
    const body = await payBody('4242424242424242');
    const [first, second] = await Promise.all([call(POST, 'POST', '/api/tessera/payments', body), call(POST, 'POST', '/api/tessera/payments', body)]);
    expect([first.status, second.status]).toContain(201);
    expect(sandbox.countCharges()).toBe(1);
  });

  it('a 3DS card with the page’s 3DS session: the challenge asked for, approved, continued to succeeded', async () => {
    const paid = await call(POST, 'POST', '/api/tessera/payments', await payBody('4000000000003220', { threedsSession: { id: 'bt_3ds_session_1' } }));
    expect(paid.body.payment).toMatchObject({ status: 'pending', requireAction: 'threeds_auth' });
    const id = paid.body.payment.id as string;
    const headers = { [TOKEN_HEADER]: paid.body.paymentToken };
    // Before the customer acts, continuing answers the payment as it is.
    expect((await call(POST, 'POST', `/api/tessera/payments/${id}/continue`, {}, headers)).body.payment.status).toBe('pending');
    sandbox.challenges.approve(id); // the customer's "Approve" on the ACS page
    expect((await call(POST, 'POST', `/api/tessera/payments/${id}/continue`, {}, headers)).body.payment).toMatchObject({ id, status: 'succeeded' });
    expect(sandbox.countCharges(id)).toBe(1);
  });

  it('saves the radar session the page collected, then continue settles the payment, charged once', async () => {
    const paid = await call(POST, 'POST', '/api/tessera/payments', await payBody('4000000000004954'));
    expect(paid.body.payment).toMatchObject({ requireAction: 'radar' });
    const id = paid.body.payment.id as string;
    const headers = { [TOKEN_HEADER]: paid.body.paymentToken };
    const saved = await call(POST, 'POST', '/api/tessera/radar-sessions', { paymentId: id, airwallexRadarSessionId: '0b7f0b9e-7c6a-4a53-9d1e-1f0f6f2c1a11' }, headers);
    expect(saved).toMatchObject({ status: 200, body: { radarSessionId: expect.stringMatching(/^rs_/) } });
    expect((await call(POST, 'POST', `/api/tessera/payments/${id}/continue`, {}, headers)).body.payment.status).toBe('succeeded');
    expect(sandbox.countCharges(id)).toBe(1);
  });

  it('refuses an unknown order, another origin, a payment without its token and bad input, before any payment', async () => {
    expect(await call(POST, 'POST', '/api/tessera/payments', await payBody('4242424242424242', { orderRef: 'cart_someone_else' }))).toMatchObject({ status: 404, body: { error: { code: 'unknown_order' } } });
    expect(await call(POST, 'POST', '/api/tessera/payments', await payBody('4242424242424242'), { origin: 'https://evil.test' })).toMatchObject({ status: 403, body: { error: { code: 'forbidden_origin' } } });
    expect(await call(GET, 'GET', '/api/tessera/payments/pay_000001')).toMatchObject({ status: 403, body: { error: { code: 'forbidden_payment' } } });
    expect(await call(POST, 'POST', '/api/tessera/payments', 'not json')).toMatchObject({ status: 400, body: { error: { code: 'invalid_request' } } });
    expect(await call(refundPayment, 'POST', '/api/payments/pay_1/refund', { amount: 19.99 })).toMatchObject({ status: 400, body: { error: { fields: [{ field: 'amount' }] } } });
    expect(sent.filter((request) => !request.url.includes('/sandbox/'))).toHaveLength(0);
    expect(sandbox.countCharges()).toBe(0);
  });

  it('keeps the refund route closed in a production build (no staff sign-in ships with it): 403, nothing sent', async () => {
    const paid = await call(POST, 'POST', '/api/tessera/payments', await payBody('4242424242424242'));
    const before = sent.length;
    vi.stubEnv('NODE_ENV', 'production');
    const refused = await call(refundPayment, 'POST', `/api/payments/${paid.body.payment.id}/refund`, {});
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'staff_only', message: expect.stringContaining('README') } } });
    expect(sent).toHaveLength(before);
    expect(sandbox.records.payments.get(paid.body.payment.id)).toMatchObject({ status: 'succeeded' });
  });

  it('answers the page a typed error without internals when the service fails, and the refund route passes a 404 on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sandbox.faults.add({ route: 'processPayment', kind: 'server_error', status: 500 });
    const failed = await call(POST, 'POST', '/api/tessera/payments', await payBody('4242424242424242'));
    expect(failed).toMatchObject({ status: 502, body: { error: { code: 'service_error' } } });
    expect(JSON.stringify(failed.body)).not.toMatch(/4242424242424242|sk_/);
    expect(await call(refundPayment, 'POST', '/api/payments/pay_missing/refund', {})).toMatchObject({ status: 404, body: { error: { code: expect.any(String) } } });
  });
});
