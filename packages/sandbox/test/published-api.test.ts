import { apiErrorBody, routes } from '@tessera/core/internal';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { type Sandbox, sandboxRoutes } from '../src/index.js';
import { flowBody, processorBody, purchase, storeBody } from './fixtures.js';
import { type Client, useMswSandbox } from './use-sandbox.js';

// The vendor's published requests (the vendor's API reference, one page per operation, as transcribed below) against the sandbox: each
// accepted, each answered with the published answer's keys and values (a superset: the sandbox's own fields beside).

const BASE = 'https://published.sandbox.test';
let sandbox: Sandbox;
let c: Client;
useMswSandbox(BASE, { now: Date.UTC(2030, 0, 15), clock: 'frozen' }, (next) => ({ sandbox, c } = next));

const keysOf = (value: object): string[] => Object.keys(value).sort();

/** An instrument made from a published-style request (`tagadaToken`), with the answer. */
async function instrumentFromTagadaToken(storeId: string, cardNumber = '4242424242424242') {
  const { serviceToken } = await c.tokenize(cardNumber);
  const created = await c.api(routes.createPaymentInstrumentFromToken, {
    body: { tagadaToken: serviceToken, storeId, customerData: { email: 'john@example.com', firstName: 'John', lastName: 'Doe' } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as { paymentInstrument: Record<string, any>; customer: Record<string, any> };
}

/** A store whose flow has one `simulated` processor and no fallback: the test cards decline and fail for good. */
async function simulatedStore(): Promise<string> {
  const processorId = (await c.api(routes.createProcessor, { body: processorBody('simulated') })).body.processor.id as string;
  const flow = await c.api(routes.createPaymentFlow, { body: flowBody([processorId], [], { threeDsEnabled: true }) });
  return (await c.api(routes.createStore, { body: storeBody(flow.body.id) })).body.id as string;
}

describe('payment instruments as published', () => {
  it('create-from-token takes tagadaToken and answers { paymentInstrument, customer } with the published fields', async () => {
    const created = await instrumentFromTagadaToken(sandbox.defaults.storeId);
    expect(keysOf(created)).toEqual(['customer', 'paymentInstrument']);
    expect(created.paymentInstrument).toEqual({
      id: expect.stringMatching(/^pi_/),
      type: 'card',
      customerId: created.customer.id,
      accountId: expect.any(String),
      isActive: true,
      isDefault: true,
      tokenizer: 'basistheory',
      createdAt: '2030-01-15T00:00:00.000Z',
      card: { last4: '4242', brand: 'visa', expMonth: 12, expYear: 2034 },
      storeId: sandbox.defaults.storeId,
    });
    expect(created.customer).toEqual({
      id: expect.stringMatching(/^cus_/),
      email: 'john@example.com',
      firstName: 'John',
      lastName: 'Doe',
      createdAt: '2030-01-15T00:00:00.000Z',
      storeId: sandbox.defaults.storeId,
    });
    // The customer's second instrument is not its default.
    const { serviceToken } = await c.tokenize('4000000000000002');
    const second = await c.api(routes.createPaymentInstrumentFromToken, { body: { tagadaToken: serviceToken, storeId: sandbox.defaults.storeId, customerId: created.customer.id } });
    expect(second.body.paymentInstrument).toMatchObject({ customerId: created.customer.id, isDefault: false, isActive: true });
    // The document's serviceToken, and both names with the same token, still work.
    const both = await c.api(routes.createPaymentInstrumentFromToken, {
      body: { serviceToken, tagadaToken: serviceToken, storeId: sandbox.defaults.storeId, customerId: created.customer.id },
    });
    expect(both.status).toBe(200);
  });

  it('names the token field the caller sent when the token is invalid', async () => {
    const storeId = sandbox.defaults.storeId;
    const fieldsOf = async (body: Record<string, unknown>) =>
      (await c.api(routes.createPaymentInstrumentFromToken, { body: { storeId, customerData: { email: 'a@b.co' }, ...body } })).body.data.fields.map(
        (field: { field: string; code: string }) => `${field.field}:${field.code}`,
      );
    expect(await fieldsOf({ tagadaToken: 'not-a-token' })).toEqual(['tagadaToken:invalid_service_token']);
    expect(await fieldsOf({ serviceToken: 'not-a-token' })).toEqual(['serviceToken:invalid_service_token']);
    expect(await fieldsOf({ tagadaToken: 'not-a-token', serviceToken: 'not-a-token' })).toEqual([
      'tagadaToken:invalid_service_token',
      'serviceToken:invalid_service_token',
    ]);
  });

  it('GET /payment-instruments/{id} answers the instrument at the top level with customer, cardEnrichment and processorTokens', async () => {
    const created = await instrumentFromTagadaToken(sandbox.defaults.storeId);
    const retrieved = await c.api(routes.retrievePaymentInstrument, { params: { id: created.paymentInstrument.id } });
    expect(retrieved.status).toBe(200);
    expect(keysOf(retrieved.body)).toEqual(
      [
        'id', 'type', 'customerId', 'accountId', 'isActive', 'isDefault', 'tokenizer', 'createdAt', 'card', 'customer', 'cardEnrichment', 'processorTokens',
        'storeId',
      ].sort(),
    );
    expect(retrieved.body).toMatchObject({
      ...created.paymentInstrument,
      customer: { id: created.customer.id, email: 'john@example.com', firstName: 'John', lastName: 'Doe' },
      cardEnrichment: { funding: 'credit', segment: 'consumer' },
      processorTokens: [],
    });
  });

  it('a token from another vault states its card enrichment or has none', async () => {
    const token = (metadata: Record<string, unknown>) =>
      Buffer.from(JSON.stringify({ type: 'card', token: 'bt_token_123', provider: 'basistheory', nonSensitiveMetadata: metadata })).toString('base64');
    const storeId = sandbox.defaults.storeId;
    const stated = await c.api(routes.createPaymentInstrumentFromToken, { body: { tagadaToken: token({ last4: '4242', funding: 'debit', segment: 'premium' }), storeId, customerData: {} } });
    const retrieved = await c.api(routes.retrievePaymentInstrument, { params: { id: stated.body.paymentInstrument.id } });
    expect(retrieved.body.cardEnrichment).toEqual({ funding: 'debit', segment: 'premium' });
    const bare = await c.api(routes.createPaymentInstrumentFromToken, { body: { tagadaToken: token({}), storeId, customerData: {} } });
    expect((await c.api(routes.retrievePaymentInstrument, { params: { id: bare.body.paymentInstrument.id } })).body.cardEnrichment).toEqual({ funding: null, segment: null });
  });

  it('GET /customers/{id}/payment-instruments answers { instruments } without customerId, and the same items as data', async () => {
    const created = await instrumentFromTagadaToken(sandbox.defaults.storeId);
    const list = await c.api(routes.listCustomerPaymentInstruments, { params: { id: created.customer.id } });
    expect(list.status).toBe(200);
    expect(keysOf(list.body)).toEqual(['data', 'instruments']);
    expect(list.body.instruments).toEqual([
      {
        id: created.paymentInstrument.id,
        type: 'card',
        isActive: true,
        isDefault: true,
        createdAt: '2030-01-15T00:00:00.000Z',
        card: { last4: '4242', brand: 'visa', expMonth: 12, expYear: 2034 },
        cardEnrichment: { funding: 'credit', segment: 'consumer' },
      },
    ]);
    expect(list.body.data).toEqual(list.body.instruments);
  });
});

describe('3DS sessions as published', () => {
  it("takes Basis Theory's session object as sessionData (its id is the external session) and a default provider", async () => {
    const { gateway } = sandbox.defaults;
    const pi = await c.instrument(gateway.storeId, '4000000000003220');
    const btSession = await c.bt('/3ds/sessions', { token_id: pi.tokenId, device: 'browser', device_info: { browser_language: 'en' } });
    const sessionData = { id: btSession.body.id, type: 'customer', cardBrand: 'Visa', directory_server_id: 'A000000003', recommended_version: '2.2.0' };
    const session = await c.api(routes.createThreeDSSession, { body: { storeId: gateway.storeId, paymentInstrumentId: pi.id, sessionData } });
    expect(session.status).toBe(200);
    expect(session.body).toEqual({
      id: expect.any(String),
      externalSessionId: btSession.body.id,
      provider: 'basis_theory',
      status: 'created',
      paymentInstrumentId: pi.id,
      createdAt: '2030-01-15T00:00:00.000Z',
      storeId: gateway.storeId,
    });
    // The payment that names it is challenged on that BT session.
    const pending = await c.api(routes.processPayment, { body: purchase(gateway.storeId, pi.id, { threedsSessionId: session.body.id }) });
    expect(pending.body.payment.requireActionData.metadata.threedsSession.externalSessionId).toBe(btSession.body.id);
  });

  it('without sessionData makes a BT 3DS session itself and names it', async () => {
    const { gateway } = sandbox.defaults;
    const pi = await c.instrument(gateway.storeId, '4000000000003220');
    const session = await c.api(routes.createThreeDSSession, { body: { storeId: gateway.storeId, paymentInstrumentId: pi.id } });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ provider: 'basis_theory', status: 'created', paymentInstrumentId: pi.id });
    expect(sandbox.records.btThreeDSSessions.get(session.body.externalSessionId)).toMatchObject({ cardBrand: 'Visa', authenticationStatus: 'pending' });
    const pending = await c.api(routes.processPayment, { body: purchase(gateway.storeId, pi.id, { threedsSessionId: session.body.id }) });
    expect(pending.body.payment.requireActionData.metadata.threedsSession.externalSessionId).toBe(session.body.externalSessionId);
  });
});

describe('payment statuses as published: status and subStatus', () => {
  it('succeeded / approved, authorized / authorized, declined / declined, failed / failed, pending / null', async () => {
    const { gateway } = sandbox.defaults;
    const storeId = await simulatedStore();
    const pay = async (store: string, card: string, extra: Record<string, unknown> = {}) => {
      const pi = await c.instrument(store, card);
      const answer = await c.api(routes.processPayment, { body: purchase(store, pi.id, extra) });
      expect(answer.status).toBe(200);
      return answer.body.payment as { id: string; status: string; subStatus: string | null; requireAction: string };
    };
    const pick = (payment: { status: string; subStatus: string | null; requireAction: string }) => [payment.status, payment.subStatus, payment.requireAction];
    expect(pick(await pay(storeId, '4242424242424242'))).toEqual(['succeeded', 'approved', 'none']);
    expect(pick(await pay(storeId, '4242424242424242', { mode: 'auth' }))).toEqual(['authorized', 'authorized', 'none']);
    // A decline or a failure says why: the vendor's `error` action (its plugin SDK's message and errorCode).
    expect(pick(await pay(storeId, '4000000000000002'))).toEqual(['declined', 'declined', 'error']);
    expect(pick(await pay(storeId, '4000000000000119'))).toEqual(['failed', 'failed', 'error']);
    const pending = await pay(gateway.storeId, '4000000000003220');
    expect(pick(pending)).toEqual(['pending', null, 'threeds_auth']);
    // GET answers the same pair; the challenge passed, it is succeeded / approved.
    expect((await c.api(routes.retrievePayment, { params: { id: pending.id } })).body).toMatchObject({ status: 'pending', subStatus: null });
    const action = sandbox.records.payments.get(pending.id)?.requireActionData;
    const acsTransID = action?.type === 'threeds_auth' ? action.metadata.threedsSession.acsTransID : '';
    await c.form(sandboxRoutes.acsComplete, { acsTransID, threeDSServerTransID: 's', outcome: 'approve' });
    expect(pick((await c.api(routes.retrievePayment, { params: { id: pending.id } })).body)).toEqual(['succeeded', 'approved', 'none']);
  });
});

describe('payments as published: GET and list', () => {
  it('carry the customer, the instrument and one transaction per money movement', async () => {
    const storeId = sandbox.defaults.storeId;
    const created = await instrumentFromTagadaToken(storeId);
    const pi = created.paymentInstrument;
    const auth = await c.api(routes.processPayment, { body: purchase(storeId, pi.id, { mode: 'auth', amount: 2999 }) });
    const id = auth.body.payment.id as string;
    await c.api(routes.processPayment, { body: { mode: 'capture', paymentId: id } });
    await c.api(routes.refundPayment, { body: { paymentId: id, amount: 999 } });
    const retrieved = await c.api(routes.retrievePayment, { params: { id } });
    expect(retrieved.body).toMatchObject({
      id,
      amount: 2999,
      currency: 'USD',
      status: 'partially_refunded',
      createdAt: '2030-01-15T00:00:00.000Z',
      customer: { id: created.customer.id, email: 'john@example.com', firstName: 'John', lastName: 'Doe' },
      paymentInstrument: { id: pi.id, type: 'card', card: { last4: '4242', brand: 'visa', expMonth: 12, expYear: 2034 } },
    });
    expect(retrieved.body.transactions.map((txn: Record<string, unknown>) => [txn.type, txn.status, txn.amount, txn.currency])).toEqual([
      ['auth', 'succeeded', 2999, 'USD'],
      ['capture', 'succeeded', 2999, 'USD'],
      ['refund', 'succeeded', 999, 'USD'],
    ]);
    expect(retrieved.body.transactions[0].id).toMatch(/^txn_/);
    const listed = await c.api(routes.listPayments, { body: {} });
    expect(listed.body.payments[0]).toEqual(retrieved.body);
    // A customer without names has them as null (the published keys), and no email when it has none.
    const { serviceToken } = await c.tokenize();
    const bare = await c.api(routes.createPaymentInstrumentFromToken, { body: { tagadaToken: serviceToken, storeId, customerData: {} } });
    expect(bare.body.customer).toEqual({ id: expect.any(String), firstName: null, lastName: null, createdAt: expect.any(String), storeId });
  });
});

describe('process as published', () => {
  it('takes the published example: no mode, no initiatedBy, customerId and the extra fields (kept on the payment)', async () => {
    const storeId = sandbox.defaults.storeId;
    const pi = await c.instrument(storeId);
    const body = {
      paymentInstrumentId: pi.id, amount: 2999, currency: 'USD', storeId, customerId: pi.customerId,
      orderId: 'ord_ext_1', subscriptionId: 'sub_ext_1', returnUrl: 'https://shop.example/back', draft: false, isRetry: false,
    };
    const answer = await c.api(routes.processPayment, { body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.payment).toMatchObject({
      amount: 2999, currency: 'USD', status: 'succeeded', subStatus: 'approved', requireAction: 'none',
      mode: 'purchase', initiatedBy: 'customer', customerId: pi.customerId, orderId: 'ord_ext_1', subscriptionId: 'sub_ext_1',
    });
    // Another customer of the sandbox is a contradiction; an id the sandbox does not know (the example's) is ignored.
    const other = await c.instrument(storeId);
    const mismatch = await c.api(routes.processPayment, { body: { ...body, customerId: other.customerId } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.data.fields.map((field: { field: string }) => field.field)).toEqual(['customerId']);
    const example = await c.api(routes.processPayment, { body: { ...body, customerId: 'cus_456' } });
    expect(example.body.payment).toMatchObject({ status: 'succeeded', customerId: pi.customerId });
  });

  it('refuses an amount of 0 (the published API requires more than 0), for a purchase and an authorization', async () => {
    const storeId = sandbox.defaults.storeId;
    const pi = await c.instrument(storeId);
    for (const mode of ['purchase', 'auth']) {
      const zero = await c.api(routes.processPayment, { body: purchase(storeId, pi.id, { mode, amount: 0 }) });
      expect(zero.status).toBe(400);
      expect(zero.body.code).toBe('validation_error');
      expect(zero.body.data.fields.map((field: { field: string }) => field.field)).toEqual(['amount']);
    }
    expect(sandbox.records.payments.count).toBe(0);
  });

  it('capture takes the amount, currency and storeId the published API sends with every mode', async () => {
    const storeId = sandbox.defaults.storeId;
    const pi = await c.instrument(storeId);
    const auth = async () => (await c.api(routes.processPayment, { body: purchase(storeId, pi.id, { mode: 'auth' }) })).body.payment.id as string;
    const id = await auth();
    const wrongCurrency = await c.api(routes.processPayment, { body: { mode: 'capture', paymentId: id, amount: 1000, currency: 'EUR', storeId } });
    expect(wrongCurrency.status).toBe(400);
    expect(wrongCurrency.body.data.fields.map((field: { field: string }) => field.field)).toEqual(['currency']);
    const wrongStore = await c.api(routes.processPayment, { body: { mode: 'capture', paymentId: id, amount: 1000, currency: 'USD', storeId: sandbox.defaults.gateway.storeId } });
    expect(wrongStore.status).toBe(404);
    expect(wrongStore.body.code).toBe('PAYMENT_NOT_FOUND');
    const captured = await c.api(routes.processPayment, { body: { mode: 'capture', paymentId: id, amount: 1000, currency: 'USD', storeId } });
    expect(captured.body.payment).toMatchObject({ status: 'succeeded', subStatus: 'approved', capturedAmount: 1000 });
    expect(sandbox.countCharges(id)).toBe(1);
  });
});

describe('void as published', () => {
  it('voids with { paymentId } alone and answers the payment at the top level: failed / voided, voidedAt', async () => {
    const storeId = sandbox.defaults.storeId;
    const pi = await c.instrument(storeId);
    const auth = await c.api(routes.processPayment, { body: purchase(storeId, pi.id, { mode: 'auth', amount: 2999 }) });
    const paymentId = auth.body.payment.id as string;
    sandbox.clock.advance(60_000);
    const voided = await c.api(routes.voidPayment, { body: { paymentId } });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ id: paymentId, status: 'failed', subStatus: 'voided', amount: 2999, currency: 'USD', voidedAt: '2030-01-15T00:01:00.000Z' });
    expect((await c.api(routes.retrievePayment, { params: { id: paymentId } })).body).toMatchObject({ status: 'failed', subStatus: 'voided', voidedAt: '2030-01-15T00:01:00.000Z' });
    // The event keeps its name.
    expect(sandbox.records.webhookEvents.list().map((event) => event.type)).toEqual(['payment/authorized', 'payment/voided']);

    const again = await c.api(routes.voidPayment, { body: { paymentId } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'TRANSACTION_NOT_AUTHORIZE', error: { code: 'invalid_state' } });
    expect(again.body.message).toMatch(/only payments with authorized status can be voided/);
    const capture = await c.api(routes.processPayment, { body: { mode: 'capture', paymentId } });
    expect(capture.status).toBe(409);
    expect(sandbox.countCharges(paymentId)).toBe(0);
  });

  it('refuses a captured payment (409 TRANSACTION_NOT_AUTHORIZE), a missing one and one of another store (404 PAYMENT_NOT_FOUND)', async () => {
    const storeId = sandbox.defaults.storeId;
    const pi = await c.instrument(storeId);
    const paid = await c.api(routes.processPayment, { body: purchase(storeId, pi.id) });
    const captured = await c.api(routes.voidPayment, { body: { paymentId: paid.body.payment.id } });
    expect([captured.status, captured.body.code]).toEqual([409, 'TRANSACTION_NOT_AUTHORIZE']);
    const missing = await c.api(routes.voidPayment, { body: { paymentId: 'pay_404' } });
    expect([missing.status, missing.body.code, missing.body.error.code]).toEqual([404, 'PAYMENT_NOT_FOUND', 'not_found']);
    const auth = await c.api(routes.processPayment, { body: purchase(storeId, pi.id, { mode: 'auth' }) });
    const otherStore = await c.api(routes.voidPayment, { body: { paymentId: auth.body.payment.id, storeId: sandbox.defaults.gateway.storeId } });
    expect([otherStore.status, otherStore.body.code]).toEqual([404, 'PAYMENT_NOT_FOUND']);
    expect((await c.api(routes.voidPayment, { body: { paymentId: auth.body.payment.id, storeId } })).body.subStatus).toBe('voided');
  });
});

describe('refund as published', () => {
  it("takes the published example (paymentId, refundAll, metadata) and answers the payment with its refund", async () => {
    const storeId = sandbox.defaults.storeId;
    const pi = await c.instrument(storeId);
    const paid = await c.api(routes.processPayment, { body: purchase(storeId, pi.id, { amount: 3000 }) });
    const paymentId = paid.body.payment.id as string;
    const part = await c.api(routes.refundPayment, { body: { paymentIds: [paymentId], amount: 1500 } });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({
      id: paymentId,
      refundedAmount: 1500,
      status: 'partially_refunded',
      subStatus: 'partially_refunded',
      amount: 3000,
      currency: 'USD',
      refund: { id: expect.stringMatching(/^ref_/), amount: 1500, currency: 'USD', status: 'succeeded', createdAt: '2030-01-15T00:00:00.000Z' },
    });
    const metadata = { reason: 'Customer request', initiatedBy: 'merchant' };
    const rest = await c.api(routes.refundPayment, { body: { paymentId, refundAll: true, metadata } });
    expect(rest.body).toMatchObject({ id: paymentId, refundedAmount: 3000, status: 'refunded', subStatus: 'refunded', refund: { amount: 1500 } });
    expect(rest.body.refund.id).not.toBe(part.body.refund.id);
    // Each refund is kept, with its metadata and its ledger entry.
    expect(sandbox.records.refunds.get(rest.body.refund.id)).toMatchObject({ paymentId, amount: 1500, metadata });
    expect(sandbox.records.refunds.get(part.body.refund.id)?.metadata).toBeUndefined();
    expect(sandbox.records.ledger.list().filter((entry) => entry.kind === 'refund').map((entry) => entry.refundId)).toEqual([part.body.refund.id, rest.body.refund.id]);
  });

  it('refunds each of several paymentIds, all checked first; refuses an amount with several ids, and a repeated id', async () => {
    const storeId = sandbox.defaults.storeId;
    const pi = await c.instrument(storeId);
    const pay = async (amount: number, mode = 'purchase') => (await c.api(routes.processPayment, { body: purchase(storeId, pi.id, { amount, mode }) })).body.payment.id as string;
    const [a, b] = [await pay(1000), await pay(2000)];
    const withAmount = await c.api(routes.refundPayment, { body: { paymentIds: [a, b], amount: 500 } });
    expect(withAmount.status).toBe(400);
    expect(withAmount.body.data.fields.map((field: { field: string }) => field.field)).toEqual(['amount']);
    const repeated = await c.api(routes.refundPayment, { body: { paymentIds: [a, a] } });
    expect(repeated.body.data.fields.map((field: { field: string }) => field.field)).toEqual(['paymentIds']);
    // One payment that cannot be refunded: nothing is refunded.
    const authorized = await pay(700, 'auth');
    expect((await c.api(routes.refundPayment, { body: { paymentIds: [a, authorized] } })).status).toBe(409);
    expect(sandbox.records.refunds.count).toBe(0);

    const both = await c.api(routes.refundPayment, { body: { paymentIds: [a, b], metadata: { batch: 1 } } });
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ id: a, status: 'refunded', refundedAmount: 1000, refund: { amount: 1000 } });
    expect(both.body.refunds.map((refund: { paymentId: string; amount: number }) => [refund.paymentId, refund.amount])).toEqual([
      [a, 1000],
      [b, 2000],
    ]);
    expect(sandbox.records.payments.get(b)).toMatchObject({ status: 'refunded', refundedAmount: 2000 });
  });
});

describe('list payments as published', () => {
  it('walks a keyset with useCursor: nextCursor while more follow, then null; cursor starts after it; an unknown cursor is refused', async () => {
    const storeId = sandbox.defaults.storeId;
    const pi = await c.instrument(storeId);
    for (let i = 1; i <= 5; i++) await c.api(routes.processPayment, { body: purchase(storeId, pi.id, { amount: i }) });
    const amounts: number[] = [];
    const cursors: unknown[] = [];
    let cursor: string | undefined;
    for (let request = 0; request < 5; request++) {
      const answer = await c.api(routes.listPayments, { body: { useCursor: true, pagination: { page: 1, pageSize: 2 }, ...(cursor === undefined ? {} : { cursor }) } });
      expect(answer.status).toBe(200);
      amounts.push(...answer.body.payments.map((payment: { amount: number }) => payment.amount));
      cursors.push(answer.body.nextCursor);
      cursor = answer.body.nextCursor ?? undefined;
      if (cursor === undefined) break;
    }
    expect(amounts).toEqual([5, 4, 3, 2, 1]);
    expect(cursors).toHaveLength(3);
    expect(cursors.at(-1)).toBeNull();
    expect(keysOf((await c.api(routes.listPayments, { body: {} })).body)).not.toContain('nextCursor');
    const unknown = await c.api(routes.listPayments, { body: { useCursor: true, cursor: 'pay_unknown' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.fields.map((field: { field: string }) => field.field)).toEqual(['cursor']);
  });

  it('answers { payments, total, pageCount } with data, page and pageSize; pagination optional; filters.status', async () => {
    const storeId = sandbox.defaults.storeId;
    const pi = await c.instrument(storeId);
    for (let i = 1; i <= 22; i++) await c.api(routes.processPayment, { body: purchase(storeId, pi.id, { amount: i }) });
    const auth = await c.api(routes.processPayment, { body: purchase(storeId, pi.id, { mode: 'auth', amount: 99 }) });
    await c.api(routes.voidPayment, { body: { paymentId: auth.body.payment.id } });

    const published = await c.api(routes.listPayments, { body: { pagination: { page: 1, pageSize: 20 } } });
    expect(published.status).toBe(200);
    expect(keysOf(published.body)).toEqual(['data', 'page', 'pageCount', 'pageSize', 'payments', 'total']);
    expect(published.body).toMatchObject({ total: 23, pageCount: 2, page: 1, pageSize: 20 });
    expect(published.body.payments).toHaveLength(20);
    expect(published.body.data).toEqual(published.body.payments);

    const noBody = await c.api(routes.listPayments, { body: {} });
    expect(noBody.body).toMatchObject({ total: 23, pageCount: 2, page: 1, pageSize: 20 });
    const voids = await c.api(routes.listPayments, { body: { filters: { status: ['voided'] } } });
    expect(voids.body.payments.map((payment: { id: string }) => payment.id)).toEqual([auth.body.payment.id]);
    const succeeded = await c.api(routes.listPayments, { body: { filters: { status: ['succeeded', 'authorized'], storeIds: [storeId] } } });
    expect(succeeded.body.total).toBe(22);
    const bad = await c.api(routes.listPayments, { body: { filters: { status: 'voided' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.map((field: { field: string }) => field.field)).toEqual(['filters.status']);
  });
});

describe('products as published', () => {
  // The published example (POST-products-create.md), in our store.
  const publishedProduct = (storeId: string) => ({
    storeId,
    name: 'Premium Joint Support Supplement',
    description: 'Advanced joint support with natural ingredients',
    active: true,
    isShippable: true,
    isTaxable: true,
    variants: [
      {
        name: 'Regular Bottle - 1 Month Supply', description: 'Single bottle for one month', sku: 'JSS-REG-001', grams: 100, active: true, default: true,
        imageUrl: 'https://example.com/product-image.jpg',
        prices: [{ currencyOptions: { USD: { amount: 2999, currency: 'USD' }, EUR: { amount: 2699, currency: 'EUR' } }, recurring: false, billingTiming: 'usage', interval: null, intervalCount: 1, default: true }],
      },
      {
        name: 'Buy 2 Get 1 Free - 3 Month Supply', description: 'Special bundle offer', sku: 'JSS-B2G1-002', active: true, default: false,
        imageUrl: 'https://example.com/bundle-image.jpg',
        prices: [{ currencyOptions: { USD: { amount: 4999 } }, recurring: false, billingTiming: 'usage', interval: null, intervalCount: 1, default: true }],
      },
    ],
  });

  it('answers { success, message } with the product under product, and a checkout of its variants is paid', async () => {
    const { storeId } = sandbox.defaults;
    const created = await c.api(routes.createProduct, { body: publishedProduct(storeId) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ success: true, message: 'Product created successfully with 2 variants' });
    const { product } = created.body;
    expect(product).toMatchObject({ id: expect.stringMatching(/^prod_/), description: 'Advanced joint support with natural ingredients', isShippable: true, isTaxable: true });
    expect(product.variants[1]).toMatchObject({ id: expect.stringMatching(/^var_/), imageUrl: 'https://example.com/bundle-image.jpg' });
    expect(product.variants[1].prices[0]).toMatchObject({ id: expect.stringMatching(/^price_/), interval: null, currencyOptions: { USD: { amount: 4999, currency: 'USD' } } });

    const session = await c.api(routes.createCheckoutSession, {
      body: { storeId, items: [{ variantId: product.variants[0].id, quantity: 1 }, { variantId: product.variants[1].id, quantity: 2 }], currency: 'USD', checkoutUrl: 'https://shop.example/c' },
    });
    expect(session.body.amount).toBe(2999 + 2 * 4999);
    const pi = await c.instrument(storeId);
    const done = await c.send('POST', sandboxRoutes.completeCheckoutSession.replace('{id}', session.body.id), { paymentInstrumentId: pi.id });
    expect(done.body).toMatchObject({ payment: { status: 'succeeded', subStatus: 'approved', amount: 12997 }, order: { amount: 12997 }, subscriptions: [] });

    // A variant with no price in the currency (and no `price`) cannot be sold in it: 400 naming the item.
    const inGbp = await c.api(routes.createCheckoutSession, {
      body: { storeId, items: [{ variantId: product.variants[0].id, quantity: 1 }, { variantId: product.variants[1].id, quantity: 1 }], currency: 'EUR', checkoutUrl: 'https://shop.example/c' },
    });
    expect(inGbp.status).toBe(400);
    expect(inGbp.body.data.fields).toEqual([{ field: 'items.1.variantId', code: 'no_price', message: expect.stringMatching(/no price in EUR/) }]);
  });

  it('says "1 variant" for one', async () => {
    const body = publishedProduct(sandbox.defaults.storeId);
    const created = await c.api(routes.createProduct, { body: { ...body, variants: body.variants.slice(0, 1) } });
    expect(created.body.message).toBe('Product created successfully with 1 variant');
  });
});

describe('the error body', () => {
  it('is { code, message, data: { fields?, requestId }, error } everywhere, with the published code where there is one', async () => {
    const check = (answer: { status: number; headers: Headers; body: any }) => {
      expect(z.safeParse(apiErrorBody, answer.body).success, JSON.stringify(answer.body)).toBe(true);
      expect(answer.body.message).toBe(answer.body.error.message);
      expect(answer.body.data.requestId).toBe(answer.headers.get('x-request-id'));
      expect(answer.body.error.requestId).toBe(answer.body.data.requestId);
      return answer.body;
    };
    const missing = check(await c.api(routes.retrievePayment, { params: { id: 'pay_404' } }));
    expect([missing.code, missing.error.code]).toEqual(['PAYMENT_NOT_FOUND', 'not_found']);
    const missingRefund = check(await c.api(routes.refundPayment, { body: { paymentId: 'pay_404' } }));
    expect(missingRefund.code).toBe('PAYMENT_NOT_FOUND');
    const missingCapture = check(await c.api(routes.processPayment, { body: { mode: 'capture', paymentId: 'pay_404' } }));
    expect(missingCapture.code).toBe('PAYMENT_NOT_FOUND');
    const invalid = check(await c.api(routes.processPayment, { body: { amount: -1 } }));
    expect(invalid.code).toBe('validation_error');
    expect(invalid.data.fields).toEqual(invalid.error.fields);
    expect(invalid.data.fields.map((field: { field: string }) => field.field)).toContain('amount');
    const unauthorized = check(await c.api(routes.retrievePayment, { params: { id: 'pay_1' }, headers: { authorization: '' } }));
    expect(unauthorized.code).toBe('unauthorized');
    expect(unauthorized.data.fields).toBeUndefined();
    const unknownInstrument = check(await c.api(routes.retrievePaymentInstrument, { params: { id: 'pi_404' } }));
    expect(unknownInstrument.code).toBe('not_found');
    const unknownRoute = check(await c.send('GET', '/api/public/v1/nothing-here'));
    expect(unknownRoute.code).toBe('not_found');
    const storeId = sandbox.defaults.storeId;
    const pi = await c.instrument(storeId);
    const auth = await c.api(routes.processPayment, { body: purchase(storeId, pi.id, { mode: 'auth' }) });
    const body = { mode: 'capture', paymentId: auth.body.payment.id };
    expect((await c.api(routes.processPayment, { body, headers: { 'idempotency-key': 'k1' } })).status).toBe(200);
    const reused = check(await c.api(routes.processPayment, { body: { ...body, amount: 1 }, headers: { 'idempotency-key': 'k1' } }));
    expect(reused.code).toBe('idempotency_key_reused');
    const tooMuch = check(await c.api(routes.refundPayment, { body: { paymentId: auth.body.payment.id, amount: 5000 } }));
    expect(tooMuch.code).toBe('amount_exceeds_refundable');
    sandbox.faults.add({ route: 'retrievePayment', kind: 'rate_limit', times: 1 });
    expect(check(await c.api(routes.retrievePayment, { params: { id: 'pay_1' } })).code).toBe('rate_limited');
  });
});
