import { CHECKOUT_PAYMENT_TOKEN_HEADER, type CheckoutErrorAnswer, type CheckoutPaymentAnswer } from '@tessera/core';
import { sandboxRoutes, type SandboxServer } from '@tessera/sandbox';
import { describe, expect, it, vi } from 'vitest';
import { createCheckoutHandler, Tessera, type CheckoutHandlerOptions, type CheckoutOrder } from '../src/index.js';
import { useSandboxServer } from './use-sandbox-server.js';

// The checkout handler against the sandbox over real HTTP: the page's requests made as the browser client sends them,
// with a service token the sandbox's vault made for a test card.
let server: SandboxServer;
const SHOP = 'http://shop.test';
const BASE = `${SHOP}/api/tessera`;
/** Every card number the tests use: none may show in an answer. */
const CARD_NUMBERS = ['4242424242424242', '4000000000003220', '4000000000004954', '4000000000009995'];

useSandboxServer((started) => (server = started));

let attempts = 0;
/** A new attempt id, as one `pay()` call makes. */
const newAttempt = () => `attempt_${Date.now().toString(36)}_${++attempts}`;

/** The orders the shop knows: each at its own amount in the gateway store (3DS, radar and declines). */
function orders(): Map<string, CheckoutOrder> {
  const storeId = server.sandbox.defaults.gateway.storeId;
  return new Map([
    ['order_1', { amount: 2500, currency: 'USD', storeId, customer: { email: 'ada@example.com', name: 'Ada Lovelace' } }],
    ['order_2', { amount: 4200, currency: 'USD', storeId, metadata: { cart: 'c_2' } }],
  ]);
}

interface Setup {
  handler: (request: Request) => Promise<Response>;
  resolved: string[];
  errors: unknown[];
  after: string[];
}

function setup(options: Partial<CheckoutHandlerOptions> = {}, client: Partial<ConstructorParameters<typeof Tessera>[0]> = {}): Setup {
  const known = orders();
  const resolved: string[] = [];
  const errors: unknown[] = [];
  const after: string[] = [];
  const tessera = new Tessera({ apiKey: server.sandbox.apiKey, baseUrl: server.url, ...client });
  const handler = createCheckoutHandler({
    tessera,
    order: (orderRef) => {
      resolved.push(orderRef);
      return known.get(orderRef);
    },
    afterPayment: ({ payment }) => {
      after.push(payment.id);
    },
    onError: (error) => errors.push(error),
    ...options,
  });
  return { handler, resolved, errors, after };
}

function post(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${BASE}${path}`, { method: 'POST', headers: { origin: SHOP, 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

async function payBody(card: Parameters<SandboxServer['sandbox']['createServiceToken']>[0], extra: Record<string, unknown> = {}) {
  return { orderRef: 'order_1', serviceToken: await server.sandbox.createServiceToken(card), attempt: newAttempt(), ...extra };
}

async function answer<T>(response: Response): Promise<{ status: number; body: T; text: string; headers: Headers }> {
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as T, text, headers: response.headers };
}

/** Asserts no card number, CVC or API key is in an answer's body or headers. */
function assertClean(result: { text: string; headers: Headers }): void {
  const all = `${result.text}\n${JSON.stringify([...result.headers])}`;
  for (const secret of [...CARD_NUMBERS, server.sandbox.apiKey, 'cvc', 'stack']) expect(all).not.toContain(secret);
}

describe('POST /payments', () => {
  it('pays a frictionless card: 201, succeeded, the amount the resolver gave, a payment token; the page’s amount, currency and store ignored', async () => {
    const { handler, after } = setup();
    const body = await payBody('visa', { amount: 1, currency: 'EUR', storeId: server.sandbox.defaults.storeId });
    const result = await answer<CheckoutPaymentAnswer>(await handler(post('/payments', body)));
    expect(result.status).toBe(201);
    expect(result.body.payment).toMatchObject({ amount: 2500, currency: 'USD', status: 'succeeded' });
    expect(result.body.paymentToken).toMatch(/^v1\./);
    const record = server.sandbox.records.payments.get(result.body.payment.id);
    expect(record).toMatchObject({ amount: 2500, currency: 'USD', storeId: server.sandbox.defaults.gateway.storeId });
    expect(after).toEqual([result.body.payment.id]);
    expect(server.sandbox.countCharges(result.body.payment.id)).toBe(1);
    assertClean(result);
  });

  it('keeps the order reference and attempt on the payment as metadata, beside the merchant’s', async () => {
    const { handler } = setup();
    const body = await payBody('visa', { orderRef: 'order_2' });
    const { body: paid } = await answer<CheckoutPaymentAnswer>(await handler(post('/payments', body)));
    const tessera = new Tessera({ apiKey: server.sandbox.apiKey, baseUrl: server.url });
    expect((await tessera.payments.retrieve(paid.payment.id)).metadata).toEqual({ cart: 'c_2', checkoutOrderRef: 'order_2', checkoutAttempt: body.attempt });
  });

  it('a 3DS card with the page’s 3DS session: requires_action threeds_auth, approved, continued → succeeded, charged once', async () => {
    const { handler } = setup();
    const { serviceToken, card } = await server.sandbox.createServiceTokenWithFacts('visa_3ds');
    const bt = (await (
      await fetch(`${server.url}${sandboxRoutes.btCreateThreeDSSession}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'bt-api-key': server.sandbox.vaultKey },
        body: JSON.stringify({ token_id: card.tokenId, device: 'browser', device_info: { browser_language: 'en-US' }, web_challenge_mode: 'iframe' }),
      })
    ).json()) as { id: string; card_brand: string };
    const body = { orderRef: 'order_1', serviceToken, attempt: newAttempt(), threedsSession: { id: bt.id, cardBrand: bt.card_brand } };
    const paid = await answer<CheckoutPaymentAnswer>(await handler(post('/payments', body)));
    expect(paid.status).toBe(201);
    expect(paid.body.payment).toMatchObject({ status: 'pending', requireAction: 'threeds_auth' });
    expect(paid.body.payment.requireActionData).toMatchObject({ metadata: { threedsSession: { externalSessionId: bt.id } } });
    const id = paid.body.payment.id;
    const headers = { [CHECKOUT_PAYMENT_TOKEN_HEADER]: paid.body.paymentToken };

    server.sandbox.challenges.approve(id);
    const continued = await answer<CheckoutPaymentAnswer>(await handler(post(`/payments/${id}/continue`, {}, headers)));
    expect(continued.status).toBe(200);
    expect(continued.body.payment).toMatchObject({ id, status: 'succeeded' });
    // Replayed: the same answer, no second charge.
    const replayed = await answer<CheckoutPaymentAnswer>(await handler(post(`/payments/${id}/continue`, {}, headers)));
    expect(replayed.body.payment).toMatchObject({ id, status: 'succeeded' });
    const read = await answer<CheckoutPaymentAnswer>(await handler(new Request(`${BASE}/payments/${id}`, { headers })));
    expect(read).toMatchObject({ status: 200, body: { payment: { id, status: 'succeeded' }, paymentToken: paid.body.paymentToken } });
    expect(server.sandbox.countCharges(id)).toBe(1);
    assertClean(paid);
    assertClean(continued);
  });

  it('a radar card: requires_action radar, session saved (replay idempotent), continued → succeeded', async () => {
    const { handler } = setup();
    const paid = await answer<CheckoutPaymentAnswer>(await handler(post('/payments', await payBody('visa_airwallex_radar'))));
    expect(paid.body.payment).toMatchObject({ status: 'pending', requireAction: 'radar' });
    const id = paid.body.payment.id;
    const headers = { [CHECKOUT_PAYMENT_TOKEN_HEADER]: paid.body.paymentToken };
    const session = { paymentId: id, airwallexRadarSessionId: '6f1c2b9e-4a7d-4e2b-9c1f-0a8b7c6d5e4f' };
    const saved = await answer<{ radarSessionId: string }>(await handler(post('/radar-sessions', session, headers)));
    expect(saved).toMatchObject({ status: 200, body: { radarSessionId: expect.stringMatching(/^rs_/) } });
    const again = await answer<{ radarSessionId: string }>(await handler(post('/radar-sessions', session, headers)));
    expect(again.body.radarSessionId).toBe(saved.body.radarSessionId);
    expect(server.sandbox.records.radarSessions.count).toBeGreaterThan(0);
    expect([...server.sandbox.records.radarSessions.list()].filter((record) => record.paymentId === id)).toHaveLength(1);

    const continued = await answer<CheckoutPaymentAnswer>(await handler(post(`/payments/${id}/continue`, {}, headers)));
    expect(continued.body.payment).toMatchObject({ id, status: 'succeeded' });
    expect(server.sandbox.countCharges(id)).toBe(1);
  });

  it('refuses a radar session without a paymentId (a Stripe session by orderId), and one for another payment than the token’s', async () => {
    const { handler } = setup();
    const paid = await answer<CheckoutPaymentAnswer>(await handler(post('/payments', await payBody('visa_airwallex_radar'))));
    const headers = { [CHECKOUT_PAYMENT_TOKEN_HEADER]: paid.body.paymentToken };
    const byOrder = await answer<CheckoutErrorAnswer>(await handler(post('/radar-sessions', { orderId: 'order_1', stripeRadarSessionId: 'rse_1', stripeRadarSessionData: {} }, headers)));
    expect(byOrder.status).toBe(400);
    expect(byOrder.body.error.code).toBe('invalid_request');
    const other = await answer<CheckoutErrorAnswer>(await handler(post('/radar-sessions', { paymentId: 'pay_000001', airwallexRadarSessionId: 'x' }, headers)));
    expect(other).toMatchObject({ status: 403, body: { error: { code: 'forbidden_payment' } } });
  });

  it('a declined card is a 201 with its status; a new attempt after it is a new payment', async () => {
    const { handler } = setup();
    const declined = await answer<CheckoutPaymentAnswer>(await handler(post('/payments', await payBody('visa_insufficient_funds'))));
    expect(declined.status).toBe(201);
    expect(declined.body.payment.status).toBe('declined');
    const retried = await answer<CheckoutPaymentAnswer>(await handler(post('/payments', await payBody('visa'))));
    expect(retried.body.payment).toMatchObject({ status: 'succeeded' });
    expect(retried.body.payment.id).not.toBe(declined.body.payment.id);
  });

  it('a resent request (same attempt) is the same payment, charged once', async () => {
    const { handler } = setup();
    const body = await payBody('visa');
    const charges = server.sandbox.countCharges();
    const first = await answer<CheckoutPaymentAnswer>(await handler(post('/payments', body)));
    const second = await answer<CheckoutPaymentAnswer>(await handler(post('/payments', body)));
    const [third, fourth] = await Promise.all([handler(post('/payments', body)).then(answer<CheckoutPaymentAnswer>), handler(post('/payments', body)).then(answer<CheckoutPaymentAnswer>)]);
    for (const result of [second, third, fourth]) expect(result.body.payment.id).toBe(first.body.payment.id);
    expect(server.sandbox.countCharges() - charges).toBe(1);
  });

  it('answers 404 unknown_order for an order the resolver does not know, and 409 when beforePayment refuses, before any card is used', async () => {
    const refusing = setup({ beforePayment: ({ orderRef }) => (orderRef === 'order_2' ? { refuse: 'This order is paid already.' } : undefined) });
    const instruments = server.sandbox.records.instruments.count;
    const unknown = await answer<CheckoutErrorAnswer>(await refusing.handler(post('/payments', await payBody('visa', { orderRef: 'order_9' }))));
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: 'unknown_order' } } });
    const refused = await answer<CheckoutErrorAnswer>(await refusing.handler(post('/payments', await payBody('visa', { orderRef: 'order_2' }))));
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'payment_refused', message: 'This order is paid already.' } } });
    expect(server.sandbox.records.instruments.count).toBe(instruments);
    const fine = await answer<CheckoutPaymentAnswer>(await refusing.handler(post('/payments', await payBody('visa'))));
    expect(fine.status).toBe(201);
  });

  it('answers 400 invalid_request naming every bad field', async () => {
    const { handler, resolved } = setup();
    const result = await answer<CheckoutErrorAnswer>(await handler(post('/payments', { orderRef: '', attempt: 'short', threedsSession: { id: 5 } })));
    expect(result.status).toBe(400);
    expect(result.body.error.code).toBe('invalid_request');
    expect(result.body.error.fields!.map((field) => field.field).sort()).toEqual(['attempt', 'orderRef', 'serviceToken', 'threedsSession.id']);
    const notJson = await answer<CheckoutErrorAnswer>(await handler(post('/payments', '{"orderRef":')));
    expect(notJson).toMatchObject({ status: 400, body: { error: { code: 'invalid_request' } } });
    expect(resolved).toEqual([]);
  });

  it('answers 400 naming serviceToken for one that is not a service token, and 402 card_refused for one the service does not take', async () => {
    const { handler, resolved } = setup();
    const malformed = await answer<CheckoutErrorAnswer>(await handler(post('/payments', { orderRef: 'order_1', serviceToken: 'not_a_token', attempt: newAttempt() })));
    expect(malformed).toMatchObject({ status: 400, body: { error: { code: 'invalid_request', fields: [{ field: 'serviceToken', code: 'invalid_service_token' }] } } });
    // The service refusing the card (a vault token it does not know), with internals in its answer.
    const restore = server.sandbox.override('createPaymentInstrumentFromToken', () => ({ status: 422, json: { error: { code: 'TOKEN_NOT_FOUND', message: 'vault lookup failed at bt-internal.vendor:8443' } } }));
    let refused;
    try {
      refused = await answer<CheckoutErrorAnswer>(await handler(post('/payments', await payBody('visa'))));
    } finally {
      restore();
    }
    expect(refused).toMatchObject({ status: 402, body: { error: { code: 'card_refused' } } });
    expect(Object.keys(refused.body.error)).toEqual(['code', 'message']);
    expect(refused.text).not.toMatch(/bt-internal|TOKEN_NOT_FOUND/);
    expect(resolved).toEqual(['order_1', 'order_1']);
    assertClean(refused);
  });
});

describe('origin and body limits', () => {
  it('refuses another origin (403), a POST without Origin, and a cross-site GET; takes an allowed one', async () => {
    const { handler, resolved } = setup();
    const body = await payBody('visa');
    const foreign = await answer<CheckoutErrorAnswer>(await handler(post('/payments', body, { origin: 'https://evil.test' })));
    expect(foreign).toMatchObject({ status: 403, body: { error: { code: 'forbidden_origin' } } });
    const nullOrigin = await handler(post('/payments', body, { origin: 'null' }));
    expect(nullOrigin.status).toBe(403);
    const bare = new Request(`${BASE}/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await handler(bare)).status).toBe(403);
    const crossSite = await handler(new Request(`${BASE}/payments/pay_000001`, { headers: { 'sec-fetch-site': 'cross-site' } }));
    expect(crossSite.status).toBe(403);
    expect(resolved).toEqual([]);

    const allowed = setup({ allowedOrigins: ['https://shop.example/'] });
    expect((await allowed.handler(post('/payments', body))).status).toBe(403);
    const paid = await allowed.handler(post('/payments', body, { origin: 'https://shop.example' }));
    expect(paid.status).toBe(201);
  });

  it('lets an allowed page on another origin call, with CORS headers and a preflight; none for its own origin or a refused one', async () => {
    const { handler } = setup({ allowedOrigins: ['https://shop.example', SHOP] });
    const preflight = await handler(new Request(`${BASE}/payments`, { method: 'OPTIONS', headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' } }));
    expect(preflight.status).toBe(204);
    expect(Object.fromEntries(preflight.headers)).toMatchObject({
      'access-control-allow-origin': 'https://shop.example',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': `content-type, ${CHECKOUT_PAYMENT_TOKEN_HEADER}`,
      vary: 'Origin',
    });
    const paid = await handler(post('/payments', await payBody('visa'), { origin: 'https://shop.example' }));
    expect(paid.status).toBe(201);
    expect(paid.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    const own = await handler(post('/payments', await payBody('visa')));
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
    const refusedPreflight = await handler(new Request(`${BASE}/payments`, { method: 'OPTIONS', headers: { origin: 'https://evil.test' } }));
    expect(refusedPreflight.status).toBe(403);
    expect(refusedPreflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a body over the limit (413) before parsing it, by Content-Length or by reading, and never resolves the order', async () => {
    const { handler, resolved } = setup({ maxBodyBytes: 1024 });
    const big = JSON.stringify({ ...(await payBody('visa')), padding: 'x'.repeat(2000) });
    const declared = await answer<CheckoutErrorAnswer>(await handler(post('/payments', big)));
    expect(declared).toMatchObject({ status: 413, body: { error: { code: 'body_too_large' } } });
    // Streamed without a length: read up to the limit, then cancelled.
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 100) return controller.close();
        controller.enqueue(new TextEncoder().encode('{"a":"'.padEnd(512, 'x')));
      },
    });
    const streamed = new Request(`${BASE}/payments`, { method: 'POST', headers: { origin: SHOP }, body: stream, duplex: 'half' } as RequestInit);
    const result = await answer<CheckoutErrorAnswer>(await handler(streamed));
    expect(result).toMatchObject({ status: 413, body: { error: { code: 'body_too_large' } } });
    expect(pulled).toBeLessThan(10);
    expect(resolved).toEqual([]);
  });
});

describe('payment tokens', () => {
  it('refuses a token of another payment, a tampered, expired or missing one with the same 403, whether the payment exists or not', async () => {
    const { handler } = setup();
    const first = await answer<CheckoutPaymentAnswer>(await handler(post('/payments', await payBody('visa'))));
    const second = await answer<CheckoutPaymentAnswer>(await handler(post('/payments', await payBody('visa'))));
    const id = first.body.payment.id;
    const token = first.body.paymentToken;
    const [version, named, expiry, mac] = token.split('.') as [string, string, string, string];
    const tampered = [
      second.body.paymentToken,
      `${version}.${named}.${Number(expiry) + 3600}.${mac}`,
      `${version}.${named}.${expiry}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`,
      'garbage',
    ];
    const answers: string[] = [];
    for (const candidate of [...tampered, undefined]) {
      const headers: Record<string, string> = candidate === undefined ? {} : { [CHECKOUT_PAYMENT_TOKEN_HEADER]: candidate };
      for (const paymentId of [id, 'pay_999999']) {
        for (const request of [new Request(`${BASE}/payments/${paymentId}`, { headers }), post(`/payments/${paymentId}/continue`, {}, headers)]) {
          const result = await answer<CheckoutErrorAnswer>(await handler(request));
          expect(result.status).toBe(403);
          answers.push(result.text);
        }
      }
    }
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0]!)).toMatchObject({ error: { code: 'forbidden_payment' } });

    // Expired: a handler whose clock says the token's hour has passed.
    const ok = await handler(new Request(`${BASE}/payments/${id}`, { headers: { [CHECKOUT_PAYMENT_TOKEN_HEADER]: token } }));
    expect(ok.status).toBe(200);
    const realNow = Date.now;
    Date.now = () => realNow() + 3601_000;
    try {
      const expired = await answer<CheckoutErrorAnswer>(await handler(new Request(`${BASE}/payments/${id}`, { headers: { [CHECKOUT_PAYMENT_TOKEN_HEADER]: token } })));
      expect(expired.text).toBe(answers[0]);
    } finally {
      Date.now = realNow;
    }
  });

  it('signs with a secret derived from the API key: another key’s handler refuses the token; paymentTokenSecret is used when given', async () => {
    const { handler } = setup();
    const paid = await answer<CheckoutPaymentAnswer>(await handler(post('/payments', await payBody('visa'))));
    const headers = { [CHECKOUT_PAYMENT_TOKEN_HEADER]: paid.body.paymentToken };
    const same = setup();
    expect((await same.handler(new Request(`${BASE}/payments/${paid.body.payment.id}`, { headers }))).status).toBe(200);
    const secret = setup({ paymentTokenSecret: 'a-secret-of-at-least-thirty-two-characters' });
    expect((await secret.handler(new Request(`${BASE}/payments/${paid.body.payment.id}`, { headers }))).status).toBe(403);
    expect(JSON.stringify(paid.body)).not.toContain(server.sandbox.apiKey);
  });
});

describe('routes and the service failing', () => {
  it('answers 404 for an unknown route and 405 with Allow for a wrong method', async () => {
    const { handler } = setup();
    expect(await answer(await handler(new Request(`${SHOP}/other/payments`)))).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    expect(await answer(await handler(new Request(`${BASE}/refunds`)))).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    const wrong = await handler(new Request(`${BASE}/payments`));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect((await answer<CheckoutErrorAnswer>(wrong)).body.error.code).toBe('method_not_allowed');
  });

  it('answers 502 service_error without internals when the service fails, and the same attempt retried is charged once', async () => {
    const { handler, errors } = setup({}, { maxRetries: 0 });
    const body = await payBody('visa');
    const charges = server.sandbox.countCharges();
    server.sandbox.faults.add({ route: 'processPayment', kind: 'server_error', times: 1 });
    const failed = await answer<CheckoutErrorAnswer>(await handler(post('/payments', body)));
    expect(failed).toMatchObject({ status: 502, body: { error: { code: 'service_error' } } });
    expect(Object.keys(failed.body.error)).toEqual(['code', 'message']);
    assertClean(failed);

    // Against a service known to honour idempotency keys (the sandbox), a lost answer is a 502 the page resends.
    server.sandbox.faults.add({ route: 'processPayment', kind: 'drop_after_commit', times: 1 });
    const dropped = await answer<CheckoutErrorAnswer>(await handler(post('/payments', body)));
    expect(dropped).toMatchObject({ status: 502, body: { error: { code: 'service_error' } } });
    expect(server.sandbox.countCharges() - charges).toBe(1);
    const retried = await answer<CheckoutPaymentAnswer>(await handler(post('/payments', body)));
    expect(retried).toMatchObject({ status: 201, body: { payment: { status: 'succeeded' } } });
    expect(server.sandbox.countCharges() - charges).toBe(1);
    expect(errors.length).toBe(2);
  });

  it('against a service that may ignore idempotency keys, finds the payment of a purchase whose answer was lost before answering the page', async () => {
    const { handler, errors } = setup({ reconcile: { settleMs: 0 } }, { maxRetries: 0, idempotentRetries: false });
    const charges = server.sandbox.countCharges();
    server.sandbox.faults.add({ route: 'processPayment', kind: 'drop_after_commit', times: 1 });
    const paid = await answer<CheckoutPaymentAnswer>(await handler(post('/payments', await payBody('visa'))));
    expect(paid, String(errors[0])).toMatchObject({ status: 201, body: { payment: { status: 'succeeded', amount: 2500 } } });
    expect(server.sandbox.countCharges() - charges).toBe(1);
    expect(errors).toEqual([]);

    // A purchase that never arrived: none found, a 502 the page resends, and the resend charges once.
    const body = await payBody('visa');
    server.sandbox.faults.add({ route: 'processPayment', kind: 'drop_before_commit', times: 1 });
    const lost = await answer<CheckoutErrorAnswer>(await handler(post('/payments', body)));
    expect(lost).toMatchObject({ status: 502, body: { error: { code: 'service_error' } } });
    expect(server.sandbox.countCharges() - charges).toBe(1);
    const resent = await answer<CheckoutPaymentAnswer>(await handler(post('/payments', body)));
    expect(resent).toMatchObject({ status: 201, body: { payment: { status: 'succeeded' } } });
    expect(server.sandbox.countCharges() - charges).toBe(2);
  });

  it('a purchase answered 2xx in a shape the client cannot read charged the card: it is found, never answered with a 502 the page resends', async () => {
    // A service that ignores idempotency keys (the key is stripped on the way), and answers the purchase in a shape
    // the client cannot read: the charge is made, so a resend of the same attempt would be a second one.
    let unreadable = 1;
    const fetch = async (request: Request): Promise<Response> => {
      const headers = new Headers(request.headers);
      headers.delete('idempotency-key');
      const response = await globalThis.fetch(new Request(request, { headers }));
      if (!(unreadable > 0 && response.ok && new URL(request.url).pathname.endsWith('/payments/process'))) return response;
      unreadable--;
      await response.arrayBuffer();
      return Response.json({ ok: true, result: 'queued' });
    };
    const { handler, errors } = setup({ reconcile: { settleMs: 0 } }, { maxRetries: 0, idempotentRetries: false, fetch });
    const charges = server.sandbox.countCharges();
    const paid = await answer<CheckoutPaymentAnswer>(await handler(post('/payments', await payBody('visa'))));
    expect(paid, String(errors[0])).toMatchObject({ status: 201, body: { payment: { status: 'succeeded', amount: 2500 } } });
    expect(server.sandbox.countCharges() - charges).toBe(1);

    // Not found by the search (the list fails): the page is told not to pay again, never to resend.
    unreadable = 1;
    server.sandbox.faults.add({ route: 'listPayments', kind: 'server_error', status: 500, times: 1 });
    const unknown = await answer<CheckoutErrorAnswer>(await handler(post('/payments', await payBody('visa'))));
    expect(unknown).toMatchObject({ status: 409, body: { error: { code: 'outcome_unknown' } } });
    assertClean(unknown);
    expect(server.sandbox.countCharges() - charges).toBe(2);
  });

  it('a purchase whose answer was lost, and whose search then failed, is answered 409 outcome_unknown, not a 502 the page resends', async () => {
    const { handler, errors } = setup({ reconcile: { settleMs: 0 } }, { maxRetries: 0, idempotentRetries: false });
    const charges = server.sandbox.countCharges();
    server.sandbox.faults.add({ route: 'processPayment', kind: 'drop_after_commit', times: 1 });
    server.sandbox.faults.add({ route: 'listPayments', kind: 'server_error', status: 500, times: 1 });
    const unknown = await answer<CheckoutErrorAnswer>(await handler(post('/payments', await payBody('visa'))));
    expect(unknown).toMatchObject({ status: 409, body: { error: { code: 'outcome_unknown' } } });
    assertClean(unknown);
    expect(server.sandbox.countCharges() - charges).toBe(1);
    expect(errors.length).toBeGreaterThan(0);
  });

  it('a double click (the same attempt while the first is in flight) is a 502 the page resends, never a refused card or a 500', async () => {
    // The client does not retry the service's idempotency_key_in_use itself here (idempotentRetries off).
    const { handler } = setup({}, { maxRetries: 0, idempotentRetries: false });
    const charges = server.sandbox.countCharges();
    const body = await payBody('visa');
    for (const route of ['createPaymentInstrumentFromToken', 'processPayment'] as const) {
      const attemptBody = { ...body, attempt: newAttempt() };
      server.sandbox.faults.add({ route, kind: 'latency', latencyMs: 300, times: 1 });
      const fired = server.sandbox.faults.fired.length;
      const first = handler(post('/payments', attemptBody));
      // The first holds the step's key (the latency fires once the key is claimed) when the second arrives.
      await vi.waitFor(() => expect(server.sandbox.faults.fired.length).toBeGreaterThan(fired), { interval: 5 });
      const second = await answer<CheckoutErrorAnswer>(await handler(post('/payments', attemptBody)));
      expect(second, route).toMatchObject({ status: 502, body: { error: { code: 'service_error' } } });
      const paid = await answer<CheckoutPaymentAnswer>(await first);
      expect(paid.status).toBe(201);
      const resent = await answer<CheckoutPaymentAnswer>(await handler(post('/payments', attemptBody)));
      expect(resent).toMatchObject({ status: 201, body: { payment: { id: paid.body.payment.id } } });
    }
    expect(server.sandbox.countCharges() - charges).toBe(2);
  });

  it('answers 500 server_error when the resolver throws, and never lets afterPayment turn a payment into an error', async () => {
    const throwing = setup({ order: () => { throw new Error('database down at db.internal:5432'); } });
    const failed = await answer<CheckoutErrorAnswer>(await throwing.handler(post('/payments', await payBody('visa'))));
    expect(failed).toMatchObject({ status: 500, body: { error: { code: 'server_error' } } });
    expect(failed.text).not.toContain('db.internal');
    expect(throwing.errors).toHaveLength(1);

    const after = setup({ afterPayment: () => { throw new Error('mailer down'); } });
    const paid = await answer<CheckoutPaymentAnswer>(await after.handler(post('/payments', await payBody('visa'))));
    expect(paid).toMatchObject({ status: 201, body: { payment: { status: 'succeeded' } } });
    expect(after.errors).toHaveLength(1);
  });
});
