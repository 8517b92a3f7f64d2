import { createSandbox, type Sandbox } from '@tessera/sandbox';
import { Tessera } from '@tessera/server';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMerchantApp } from '../src/app.js';

// The back-office routes move money or read customer data: anyone on the internet reaches them once the server is
// deployed, so each one wants the staff's bearer token, compared in constant time, before any call to the service.
const STAFF_TOKEN = 'staff_token_for_the_tests_0123456789';
const server = setupServer();
const requests: Request[] = [];
server.events.on('request:start', ({ request }) => requests.push(request));
let sandbox: Sandbox;

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  sandbox = createSandbox();
  server.use(...sandbox.handlers);
  requests.length = 0;
});

function appWith(staffToken?: string) {
  const tessera = new Tessera({ apiKey: sandbox.apiKey, baseUrl: 'http://127.0.0.1:4010', maxRetries: 0 });
  const storeId = sandbox.defaults.storeId;
  return createMerchantApp({ tessera, storeId, publicConfig: { environment: 'local', storeId }, ...(staffToken ? { staffToken } : {}) });
}

const STAFF_ROUTES: Array<[method: string, path: string, body?: unknown]> = [
  ['POST', '/api/payments/pay_1/refund', {}],
  ['POST', '/api/payments/pay_1/capture', {}],
  ['POST', '/api/payments/pay_1/void', {}],
  ['GET', '/api/payments/pay_1'],
  ['POST', '/api/payments', { paymentInstrumentId: 'pi_1', amount: 1, currency: 'USD' }],
  ['POST', '/api/instruments', { serviceToken: 'tok', email: 'a@example.com' }],
  ['POST', '/api/threeds-sessions', { paymentInstrumentId: 'pi_1', sessionData: {} }],
  ['GET', '/api/webhooks'],
];

async function send(app: ReturnType<typeof appWith>, [method, path, body]: (typeof STAFF_ROUTES)[number], authorization?: string) {
  const response = await app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...(authorization === undefined ? {} : { authorization }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string } } };
}

describe('the back-office routes (staff only)', () => {
  it.each(STAFF_ROUTES)('%s %s: 401 without the staff token or with another one, nothing sent to the service', async (...route) => {
    const app = appWith(STAFF_TOKEN);
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${STAFF_TOKEN}x`, STAFF_TOKEN, `Basic ${STAFF_TOKEN}`]) {
      const answer = await send(app, route, authorization);
      expect(answer.status).toBe(401);
      expect(answer.body.error).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('STAFF_API_TOKEN') });
      expect(JSON.stringify(answer.body)).not.toContain(STAFF_TOKEN);
    }
    expect(requests).toHaveLength(0);
  });

  it.each(STAFF_ROUTES)('%s %s: 503 while no staff token is configured (closed, not open), nothing sent', async (...route) => {
    const answer = await send(appWith(), route, 'Bearer ');
    expect(answer.status).toBe(503);
    expect(answer.body.error).toMatchObject({ code: 'staff_routes_disabled', message: expect.stringContaining('STAFF_API_TOKEN') });
    expect(requests).toHaveLength(0);
  });

  it('lets the staff token through', async () => {
    expect((await send(appWith(STAFF_TOKEN), ['GET', '/api/webhooks'], `Bearer ${STAFF_TOKEN}`)).status).toBe(200);
  });

  it('leaves the page’s routes open: the config and the checkout handler (which checks the origin and the payment token)', async () => {
    const app = appWith(STAFF_TOKEN);
    expect((await app.request('/api/config')).status).toBe(200);
    const pay = await app.request('/api/tessera/payments', { method: 'POST', headers: { origin: 'http://localhost', 'content-type': 'application/json' }, body: JSON.stringify({ orderRef: 'hoodie', serviceToken: 'tok', attempt: 'attempt-0001' }) });
    expect(pay.status).toBe(404);
  });
});
