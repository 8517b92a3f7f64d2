import { API_PREFIX } from '@tessera/core/internal';
import { createSandbox, sandboxRoutes, type Sandbox } from '@tessera/sandbox';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import {
  getThreeDSChallenge,
  normalizePaymentStatus,
  Tessera,
  TesseraAuthenticationError,
  TesseraConflictError,
  TesseraNotFoundError,
  TesseraUnprocessableEntityError,
  TesseraValidationError,
  type Payment,
} from '../src/index.js';
import { checkoutInput, newInstrument, setUpShop, storeInput, THREEDS_CARD } from './fixtures.js';
import { useMockServer, type SentRequest } from './recorder.js';

// Full flows of the interface document against @tessera/sandbox's msw handlers (they match any origin).
// Loopback, as a local sandbox is: waitForFinalStatus allows short polling intervals only there.
const BASE_URL = 'http://127.0.0.1:4010';
const sandbox: Sandbox = createSandbox();
const server = setupServer(...sandbox.handlers);
const recorder = useMockServer(server);
const tessera = new Tessera({ apiKey: sandbox.apiKey, baseUrl: BASE_URL });
afterEach(() => {
  sandbox.faults.clear();
});

const vault = { baseUrl: BASE_URL, vaultKey: sandbox.vaultKey };

const sentTo = (path: string): SentRequest[] => recorder.sent.filter((sent) => sent.url.pathname === `${API_PREFIX}${path}`);

describe('customer-initiated payment with a 3DS challenge', () => {
  it('instrument → 3DS session → process → pending → challenge approved in the sandbox → waitForFinalStatus succeeded', async () => {
    const { storeId } = sandbox.defaults.gateway;
    const { paymentInstrument, customer, tokenId } = await newInstrument(tessera, vault, storeId, THREEDS_CARD);
    expect(paymentInstrument).toMatchObject({ type: 'card', customerId: customer.id, card: { last4: '3220' } });
    expect((await tessera.paymentInstruments.retrieve(paymentInstrument.id)).paymentInstrument).toMatchObject({ id: paymentInstrument.id, card: { last4: '3220' } });
    const listed = await tessera.customers.listPaymentInstruments(customer.id);
    expect(listed.data.map((instrument) => instrument.id)).toEqual([paymentInstrument.id]);

    // The browser's BT 3DS session (web-threeds → the sandbox's BT emulation, public key), persisted by the merchant server.
    const bt = (await (
      await fetch(`${BASE_URL}${sandboxRoutes.btCreateThreeDSSession}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'bt-api-key': sandbox.vaultKey },
        body: JSON.stringify({ token_id: tokenId, device: 'browser', device_info: { browser_language: 'en-US' }, web_challenge_mode: 'iframe' }),
      })
    ).json()) as { id: string; card_brand: string };
    const local = { sessionId: bt.id, provider: 'basis_theory', metadata: { cardBrand: bt.card_brand } };
    const session = await tessera.threeds.createSession({
      provider: local.provider,
      storeId,
      paymentInstrumentId: paymentInstrument.id,
      sessionData: { sessionId: local.sessionId, metadata: local.metadata },
    });
    expect(session).toMatchObject({ status: 'created', externalSessionId: local.sessionId, paymentInstrumentId: paymentInstrument.id });

    const purchase = { amount: 4200, currency: 'USD', storeId, paymentInstrumentId: paymentInstrument.id, threedsSessionId: session.id, initiatedBy: 'customer' } as const;
    const pending = await tessera.payments.purchase(purchase);
    expect(pending).toMatchObject({ status: 'pending', requireAction: 'threeds_auth' });
    const [processSent] = sentTo('/payments/process');
    expect(await processSent!.body()).toEqual({ ...purchase, mode: 'purchase' });
    const challenge = getThreeDSChallenge(pending);
    expect(challenge).toMatchObject({ sessionId: local.sessionId, threeDSVersion: '2.2.0' });
    // Continuing before the customer acted answers the payment still asking for its challenge.
    expect(normalizePaymentStatus(await tessera.payments.continue({ paymentId: pending.id }))).toBe('requires_action');

    // The customer approves on the ACS page (a form POST, as the page's #approve button does).
    const acsOrigin = new URL(challenge!.acsChallengeUrl).origin;
    const completed = await fetch(`${acsOrigin}${sandboxRoutes.acsComplete}`, {
      method: 'POST',
      body: new URLSearchParams({ acsTransID: challenge!.acsTransactionId, threeDSServerTransID: 'srv_1', outcome: 'approve' }),
    });
    expect(await completed.text()).toContain('"authenticationStatus":"successful"');
    // POST /payments/continue (the vendor's code) answers the payment as it now is: succeeded / approved.
    expect(await tessera.payments.continue({ paymentId: pending.id })).toMatchObject({ id: pending.id, status: 'succeeded', subStatus: 'approved' });
    expect(await sentTo('/payments/continue').at(-1)!.body()).toEqual({ paymentId: pending.id });

    const statuses: string[] = [];
    const final = await tessera.payments.waitForFinalStatus(pending.id, { intervalMs: 5, onStatus: (payment: Payment) => statuses.push(payment.status) });
    expect(final).toMatchObject({ id: pending.id, status: 'succeeded', amount: 4200 });
    expect(statuses).toEqual(['succeeded']);
    expect(sandbox.countCharges(pending.id)).toBe(1);
  });
});

describe('customer-initiated payment with a radar check', () => {
  it('process → pending radar → radarSessions.create → continue → succeeded, charged once', async () => {
    const { storeId } = sandbox.defaults.gateway;
    const { paymentInstrument } = await newInstrument(tessera, vault, storeId, '4000000000004954');
    const pending = await tessera.payments.purchase({ amount: 3100, currency: 'USD', storeId, paymentInstrumentId: paymentInstrument.id, initiatedBy: 'customer' });
    expect(pending).toMatchObject({ status: 'pending', requireAction: 'radar', requireActionData: { type: 'radar', metadata: { provider: 'airwallex', isTest: true } } });
    expect(normalizePaymentStatus(pending)).toBe('requires_action');
    // Continuing before the session is saved: still waiting on the radar check.
    expect(await tessera.payments.continue({ paymentId: pending.id })).toMatchObject({ status: 'pending', requireAction: 'radar' });

    // The page's fingerprint ran with this session id; the merchant's server saves it as the vendor's code does.
    const session = { paymentId: pending.id, airwallexRadarSessionId: '6f1c2b9e-4a7d-4e2b-9c1f-0a8b7c6d5e4f' };
    const saved = await tessera.radarSessions.create(session);
    expect(saved).toEqual({ radarSession: { success: true, radarSessionId: expect.stringMatching(/^rs_/) }, raw: { success: true, radarSessionId: saved.radarSession?.radarSessionId } });
    const [saveSent] = sentTo('/radar-sessions');
    expect(saveSent!.method).toBe('POST');
    expect(saveSent!.headers).toMatchObject({ authorization: `Bearer ${sandbox.apiKey}`, 'idempotency-key': expect.any(String) });
    expect(await saveSent!.body()).toEqual(session);

    const settled = await tessera.payments.continue({ paymentId: pending.id });
    expect(settled).toMatchObject({ id: pending.id, status: 'succeeded', subStatus: 'approved', requireAction: 'none' });
    expect(await sentTo('/payments/continue').at(-1)!.body()).toEqual({ paymentId: pending.id });
    expect(sandbox.records.radarSessions.get(saved.radarSession!.radarSessionId)).toMatchObject({ provider: 'airwallex', paymentId: pending.id });
    expect(sandbox.countCharges(pending.id)).toBe(1);
  });

  it('refuses a Stripe session naming neither payment nor order, and card data, before sending', async () => {
    const before = recorder.sent.length;
    const neither = await tessera.radarSessions.create({ stripeRadarSessionId: 'rse_1', stripeRadarSessionData: {} }).catch((error: unknown) => error);
    expect(neither).toBeInstanceOf(TesseraValidationError);
    expect((neither as TesseraValidationError).fields).toEqual([{ field: 'paymentId', code: 'required', message: 'give paymentId or orderId' }]);
    const carded = await tessera.radarSessions.create({ paymentId: 'pay_1', stripeRadarSessionId: 'rse_1', stripeRadarSessionData: { card: { cvc: '737' } } }).catch((error: unknown) => error);
    expect((carded as TesseraValidationError).fields).toMatchObject([{ field: 'stripeRadarSessionData.card.cvc', code: 'card_data' }]);
    expect(String((carded as Error).message)).not.toContain('737');
    expect(recorder.sent.length).toBe(before);
  });
});

describe('payments on the sandbox processor', () => {
  it('authorizes then captures, once', async () => {
    const { storeId } = sandbox.defaults;
    const { paymentInstrument } = await newInstrument(tessera, vault, storeId);
    const authorized = await tessera.payments.authorize({ amount: 2500, currency: 'USD', storeId, paymentInstrumentId: paymentInstrument.id, initiatedBy: 'customer' });
    expect(authorized).toMatchObject({ status: 'authorized', mode: 'auth' });
    expect(sandbox.countCharges(authorized.id)).toBe(0);
    const captured = await tessera.payments.capture({ paymentId: authorized.id, storeId });
    expect(captured).toMatchObject({ id: authorized.id, status: 'succeeded' });
    // The published API requires amount and currency on every mode: the client read them from the authorization.
    expect(await sentTo('/payments/process').at(-1)!.body()).toEqual({ paymentId: authorized.id, storeId, mode: 'capture', amount: 2500, currency: 'USD' });
    expect(sandbox.countCharges(authorized.id)).toBe(1);

    const before = recorder.sent.length;
    const again = await tessera.payments.capture({ paymentId: authorized.id, storeId }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(TesseraConflictError);
    expect(again).toMatchObject({ status: 409, code: 'invalid_state' });
    // One GET for the authorization's amount and currency, one POST refused.
    expect(recorder.sent.slice(before).map((sent) => sent.method)).toEqual(['GET', 'POST']);
    expect(sandbox.countCharges(authorized.id)).toBe(1);
  });

  it('authorizes then voids', async () => {
    const { storeId } = sandbox.defaults;
    const { paymentInstrument } = await newInstrument(tessera, vault, storeId);
    const authorized = await tessera.payments.process({ mode: 'auth', amount: 900, currency: 'USD', storeId, paymentInstrumentId: paymentInstrument.id, initiatedBy: 'customer' });
    expect(authorized.status).toBe('authorized');
    const voided = await tessera.payments.void({ paymentId: authorized.id, storeId });
    // As the published void example: failed / voided, read as voided.
    expect(voided.payment).toMatchObject({ id: authorized.id, status: 'failed', subStatus: 'voided' });
    expect(normalizePaymentStatus(voided.payment!)).toBe('voided');
    expect(await sentTo('/payments/void')[0]!.body()).toEqual({ paymentId: authorized.id, storeId });
    await expect(tessera.payments.capture({ paymentId: authorized.id })).rejects.toMatchObject({ status: 409, code: 'invalid_state' });
    expect(sandbox.countCharges(authorized.id)).toBe(0);
  });

  it('refunds in part, then in full, and refuses more', async () => {
    const { storeId } = sandbox.defaults;
    const { paymentInstrument } = await newInstrument(tessera, vault, storeId);
    const paid = await tessera.payments.purchase({ amount: 1000, currency: 'USD', storeId, paymentInstrumentId: paymentInstrument.id, initiatedBy: 'customer' });
    expect(paid.status).toBe('succeeded');
    const partial = await tessera.payments.refund({ paymentId: paid.id, storeId, amount: 300 });
    expect(partial.payment).toMatchObject({ status: 'partially_refunded', refundedAmount: 300 });
    expect(partial.refund).toMatchObject({ amount: 300, currency: 'USD', status: 'succeeded' });
    const tooMuch = await tessera.payments.refund({ paymentId: paid.id, storeId, amount: 800 }).catch((error: unknown) => error);
    expect(tooMuch).toBeInstanceOf(TesseraUnprocessableEntityError);
    expect(tooMuch).toMatchObject({ status: 422, code: 'amount_exceeds_refundable' });
    const full = await tessera.payments.refund({ paymentId: paid.id, storeId });
    expect(full.payment).toMatchObject({ status: 'refunded', refundedAmount: 1000 });
    const bodies = await Promise.all(sentTo('/payments/refund').map((sent) => sent.body()));
    const ids = { paymentId: paid.id, paymentIds: [paid.id], storeId };
    expect(bodies).toEqual([{ ...ids, amount: 300 }, { ...ids, amount: 800 }, { ...ids, refundAll: true }]);
    await expect(tessera.payments.refund({ paymentId: paid.id, storeId, amount: 1 })).rejects.toMatchObject({ status: 409, code: 'invalid_state' });
    expect(sentTo('/payments/refund')).toHaveLength(4);
    expect((await tessera.payments.retrieve(paid.id)).status).toBe('refunded');
  });

  it('charges a merchant-initiated payment with its reasonType, and refuses one without it before sending', async () => {
    const { storeId } = sandbox.defaults;
    const { paymentInstrument } = await newInstrument(tessera, vault, storeId);
    const renewal = await tessera.payments.purchase({
      amount: 1500,
      currency: 'USD',
      storeId,
      paymentInstrumentId: paymentInstrument.id,
      initiatedBy: 'merchant',
      reasonType: 'recurring',
    });
    expect(renewal).toMatchObject({ status: 'succeeded', initiatedBy: 'merchant', reasonType: 'recurring' });
    expect(await sentTo('/payments/process').at(-1)!.body()).toMatchObject({ initiatedBy: 'merchant', reasonType: 'recurring', mode: 'purchase' });
    const before = recorder.sent.length;
    const missing = await tessera.payments
      .process({ mode: 'purchase', amount: 1500, currency: 'USD', storeId, paymentInstrumentId: paymentInstrument.id, initiatedBy: 'merchant' } as never)
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(TesseraValidationError);
    expect(recorder.sent.length).toBe(before);
  });

  it('maps the sandbox’s 401 and 404 errors', async () => {
    const wrongKey = new Tessera({ apiKey: 'sk_test_wrong', baseUrl: BASE_URL });
    const unauthorized = await wrongKey.payments.retrieve('pay_000001').catch((error: unknown) => error);
    expect(unauthorized).toBeInstanceOf(TesseraAuthenticationError);
    expect(unauthorized).toMatchObject({ status: 401, code: 'unauthorized' });
    expect((unauthorized as TesseraAuthenticationError).requestId).toMatch(/^req_/);
    await expect(tessera.payments.retrieve('pay_missing')).rejects.toBeInstanceOf(TesseraNotFoundError);
    await expect(tessera.paymentInstruments.retrieve('pi_missing')).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('setup and verification operations', () => {
  it('processor → flow → store → product → checkout session → orders, payments and webhooks lists; archive', async () => {
    const { processor, flow, store, product } = await setUpShop(tessera);
    expect(processor).toMatchObject({ name: 'Sandbox processor', type: 'sandbox' });
    expect(await sentTo('/processors/create')[0]!.body()).toMatchObject({ processor: { name: 'Sandbox processor', options: { testMode: true } } });
    const config = { processorId: processor.id, weight: 100, disabled: false, nonStickable: false };
    expect(await sentTo('/payment-flows/create')[0]!.body()).toMatchObject({ data: { name: 'Sandbox flow', processorConfigs: [config] } });
    expect(store).toMatchObject({ name: 'Sandbox store', selectedPaymentFlowId: flow.id });
    const variantId = product.variants[0]!.id;
    const { checkoutSession: session } = await tessera.checkoutSessions.create(checkoutInput(store.id, variantId, 2));
    expect(session!.redirectUrl).toMatch(/^https?:\/\//);

    const { paymentInstrument } = await newInstrument(tessera, vault, store.id);
    const completed = await fetch(`${BASE_URL}${sandboxRoutes.completeCheckoutSession.replace('{id}', session!.id!)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ paymentInstrumentId: paymentInstrument.id }),
    });
    expect(completed.status).toBe(200);

    const orders = await tessera.orders.list({ storeId: store.id });
    expect(orders.data).toHaveLength(1);
    expect(orders.data[0]).toMatchObject({ storeId: store.id, amount: 2400, currency: 'USD' });
    expect(Object.fromEntries(sentTo('/orders')[0]!.url.searchParams)).toEqual({ storeId: store.id, page: '1', per_page: '20' });

    const payments: Payment[] = [];
    for await (const payment of tessera.payments.list({ filters: { storeIds: [store.id] } })) payments.push(payment);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amount: 2400, status: 'succeeded', storeId: store.id });
    expect(await sentTo('/payments')[0]!.body()).toEqual({ pagination: { page: 1, pageSize: 20 }, filters: { storeIds: [store.id] } });

    const webhooks = await tessera.webhooks.listEvents({ storeId: store.id });
    expect(webhooks.data.map((event) => event.type)).toEqual(expect.arrayContaining(['order/created']));
    expect(webhooks.data.some((event) => event.type.startsWith('payment/'))).toBe(true);

    expect(await tessera.processors.archive([processor.id])).toEqual({ archived: [processor.id], raw: { archived: [processor.id] } });
  });

  it('pages through many payments with for await', async () => {
    const { storeId } = sandbox.defaults;
    const { paymentInstrument } = await newInstrument(tessera, vault, storeId);
    const store = (await tessera.stores.create(storeInput(sandbox.defaults.paymentFlowId))).store!;
    const { paymentInstrument: instrument } = await newInstrument(tessera, vault, store.id);
    expect(paymentInstrument.id).not.toBe(instrument.id);
    const created = [];
    for (let index = 0; index < 5; index++) {
      created.push(await tessera.payments.purchase({ amount: 100 + index, currency: 'USD', storeId: store.id, paymentInstrumentId: instrument.id, initiatedBy: 'customer' }));
    }
    const first = await tessera.payments.list({ pagination: { pageSize: 2 }, filters: { storeIds: [store.id] } });
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 5 });
    const ids: string[] = [];
    for await (const payment of tessera.payments.list({ pagination: { pageSize: 2 }, filters: { storeIds: [store.id] } })) ids.push(payment.id);
    expect(ids.sort()).toEqual(created.map((payment) => payment.id).sort());
  });
});

describe('faults and idempotency', () => {
  it('retries a purchase whose connection dropped after the charge with the same key, and charges once', async () => {
    const { storeId } = sandbox.defaults;
    const { paymentInstrument } = await newInstrument(tessera, vault, storeId);
    const chargesBefore = sandbox.countCharges();
    const paymentsBefore = sandbox.records.payments.count;
    sandbox.faults.add({ route: 'processPayment', kind: 'drop_after_commit', times: 1 });

    // The sandbox honours idempotency keys: a retry after an unknown outcome is safe (off by default for this origin).
    const client = new Tessera({ apiKey: sandbox.apiKey, baseUrl: BASE_URL, idempotentRetries: true });
    const payment = await client.payments.purchase({ amount: 7700, currency: 'USD', storeId, paymentInstrumentId: paymentInstrument.id, initiatedBy: 'customer' });
    expect(payment).toMatchObject({ status: 'succeeded', amount: 7700 });
    expect(sandbox.faults.fired).toEqual([{ route: 'processPayment', kind: 'drop_after_commit' }]);
    const attempts = sentTo('/payments/process');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.headers['idempotency-key']).toBe(attempts[1]!.headers['idempotency-key']);
    expect(sandbox.records.payments.count - paymentsBefore).toBe(1);
    expect(sandbox.countCharges() - chargesBefore).toBe(1);
    expect(sandbox.countCharges(payment.id)).toBe(1);
  });

  it('retries drops before commit, 5xx and 429 faults to one charge', async () => {
    const { storeId } = sandbox.defaults;
    const { paymentInstrument } = await newInstrument(tessera, vault, storeId);
    const chargesBefore = sandbox.countCharges();
    sandbox.faults.add({ route: 'processPayment', kind: 'drop_before_commit', times: 1 });
    sandbox.faults.add({ route: 'processPayment', kind: 'server_error', status: 503, times: 1 });
    const client = new Tessera({ apiKey: sandbox.apiKey, baseUrl: BASE_URL, maxRetries: 3, idempotentRetries: true });
    const payment = await client.payments.purchase({ amount: 300, currency: 'USD', storeId, paymentInstrumentId: paymentInstrument.id, initiatedBy: 'customer' });
    expect(payment.status).toBe('succeeded');
    expect(sandbox.faults.fired.map((fault) => fault.kind)).toEqual(['drop_before_commit', 'server_error']);
    expect(new Set(sentTo('/payments/process').map((sent) => sent.headers['idempotency-key'])).size).toBe(1);
    expect(sandbox.countCharges() - chargesBefore).toBe(1);

    sandbox.faults.add({ route: 'retrievePayment', kind: 'rate_limit', retryAfterSeconds: 0, times: 1 });
    expect((await client.payments.retrieve(payment.id)).id).toBe(payment.id);
    expect(sentTo(`/payments/${payment.id}`)).toHaveLength(2);
  });

  it('replays the same key to the same payment, and refuses it with another body without retrying', async () => {
    const { storeId } = sandbox.defaults;
    const { paymentInstrument } = await newInstrument(tessera, vault, storeId);
    const request = { amount: 5100, currency: 'USD', storeId, paymentInstrumentId: paymentInstrument.id, initiatedBy: 'customer' } as const;
    const first = await tessera.payments.purchase(request, { idempotencyKey: 'order-5100' });
    const replay = await tessera.payments.purchase(request, { idempotencyKey: 'order-5100' });
    expect(replay.id).toBe(first.id);
    expect(sandbox.countCharges(first.id)).toBe(1);
    const before = recorder.sent.length;
    const reused = await tessera.payments.purchase({ ...request, amount: 5200 }, { idempotencyKey: 'order-5100' }).catch((error: unknown) => error);
    expect(reused).toBeInstanceOf(TesseraConflictError);
    expect(reused).toMatchObject({ code: 'idempotency_key_reused' });
    expect(recorder.sent.length - before).toBe(1);
  });
});
