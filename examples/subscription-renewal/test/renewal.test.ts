import { createSandbox, type Sandbox } from '@tessera/sandbox';
import { Tessera } from '@tessera/server';
import { createTokenizer } from '@tessera/tokenizer';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renewDue, renewSubscription, type Subscription } from '../src/renewal.js';

const BASE_URL = 'http://127.0.0.1:4010';
const server = setupServer();
const processBodies: unknown[] = [];
server.events.on('request:start', ({ request }) => {
  if (request.url.endsWith('/payments/process')) void request.clone().json().then((body) => processBodies.push(body));
});
let sandbox: Sandbox;
let tessera: Tessera;
let storeId: string;

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(async () => {
  sandbox = createSandbox();
  server.use(...sandbox.handlers);
  processBodies.length = 0;
  tessera = new Tessera({ apiKey: sandbox.apiKey, baseUrl: BASE_URL, maxRetries: 1 });
  // The sandbox's seeded gateway store (test cards; renewals are merchant-initiated, so no 3DS) without its
  // approve-everything fallback processor, so that a declined card stays declined.
  await tessera.processors.archive([sandbox.defaults.gateway.fallbackProcessorId]);
  storeId = sandbox.defaults.gateway.storeId;
});

async function subscription(id: string, cardNumber: string, attempts = 0): Promise<Subscription> {
  const serviceToken = await createTokenizer({ environment: 'local' }).tokenizeCard({ cardNumber, expiryDate: '12/30', cvc: '123' });
  const { paymentInstrument } = await tessera.paymentInstruments.createFromToken({ serviceToken, storeId, customerData: { email: 'a@example.com' } });
  return { id, paymentInstrumentId: paymentInstrument.id, amount: 999, currency: 'USD', period: '2026-12', attempts };
}

describe('subscription-renewal example', () => {
  it('renews as a merchant-initiated recurring payment and schedules a retry for a decline', async () => {
    const outcomes = await renewDue(tessera, storeId, [await subscription('sub_ok', '4242424242424242'), await subscription('sub_no', '4000000000000002')]);
    expect(outcomes.get('sub_ok')).toMatchObject({ kind: 'renewed', payment: { status: 'succeeded', amount: 999 } });
    expect(outcomes.get('sub_no')).toMatchObject({ kind: 'retry_later', reason: 'declined', retryInDays: 1 });
    expect(processBodies).toEqual([
      expect.objectContaining({ mode: 'purchase', initiatedBy: 'merchant', reasonType: 'recurring', amount: 999 }),
      expect.objectContaining({ mode: 'purchase', initiatedBy: 'merchant', reasonType: 'recurring', amount: 999 }),
    ]);
  });

  it('gives up after the last retry', async () => {
    expect(await renewSubscription(tessera, storeId, await subscription('sub_no', '4000000000000002', 3))).toMatchObject({ kind: 'gave_up', reason: 'declined' });
  });

  it('never charges a period twice when the job runs again', async () => {
    const sub = await subscription('sub_ok', '4242424242424242');
    const first = await renewSubscription(tessera, storeId, sub);
    const again = await renewSubscription(tessera, storeId, sub);
    expect(first.kind === 'renewed' && again.kind === 'renewed' && again.payment.id === first.payment.id).toBe(true);
    expect(sandbox.countCharges()).toBe(1);
  });

  it('gives up, never retries later, when the idempotency key was used with another body', async () => {
    const sub = await subscription('sub_ok', '4242424242424242');
    expect(await renewSubscription(tessera, storeId, sub)).toMatchObject({ kind: 'renewed' });
    // The same period and attempt run again with another price: the sandbox refuses the reused key.
    expect(await renewSubscription(tessera, storeId, { ...sub, amount: 1299 })).toEqual({ kind: 'gave_up', reason: 'idempotency_key_reused' });
    expect(sandbox.countCharges()).toBe(1);
  });

  it('retries later when the service is down, and gives up on a request the service rejects', async () => {
    const sub = await subscription('sub_ok', '4242424242424242');
    server.use(http.post('*/api/public/v1/payments/process', () => HttpResponse.json({ error: { code: 'service_unavailable', message: 'down' } }, { status: 503 })));
    expect(await renewSubscription(tessera, storeId, sub)).toMatchObject({ kind: 'retry_later', retryInDays: 1 });
    server.use(http.post('*/api/public/v1/payments/process', () => HttpResponse.json({ error: { code: 'not_found', message: 'gone' } }, { status: 404 })));
    expect(await renewSubscription(tessera, storeId, sub)).toMatchObject({ kind: 'gave_up', reason: 'not_found' });
  });

  it('reports an unknown outcome with the key to reuse, never a later attempt with a new key', async () => {
    const sub = await subscription('sub_ok', '4242424242424242');
    // The real service's default: POSTs whose outcome is unknown are not retried (no loopback origin, no network).
    const offline = new Tessera({ apiKey: sandbox.apiKey, baseUrl: 'https://api.example.test', fetch: () => Promise.reject(new TypeError('fetch failed')) });
    expect(await renewSubscription(offline, storeId, sub)).toEqual({ kind: 'unknown', reason: 'TesseraOutcomeUnknownError', idempotencyKey: 'renewal-sub_ok-2026-12-0' });
    server.use(http.post('*/api/public/v1/payments/process', () => HttpResponse.json({ error: { code: 'internal_error', message: 'boom' } }, { status: 500 })));
    expect(await renewSubscription(tessera, storeId, sub)).toMatchObject({ kind: 'unknown', idempotencyKey: 'renewal-sub_ok-2026-12-0' });
  });
});
