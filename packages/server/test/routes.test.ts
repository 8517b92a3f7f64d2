import { API_PREFIX, operations, type OperationName } from '@tessera/core/internal';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { Tessera } from '../src/index.js';
import { Page } from '../src/internal.js';
import { API, API_KEY, BASE_URL, checkoutInput, flowInput, productInput, productWire, storeInput, succeededPayment } from './fixtures.js';
import { allOperationCases } from './published-cases.js';
import { instrument, recognised, sampleIds, serviceToken, sessionRequest, sessionWire, tokenRequest, tokenWire, type OperationCase } from './operation-cases.js';
import { useMockServer } from './recorder.js';

// One row per operation (operation-cases.ts): the client call, and what it must send. Against msw.
const server = setupServer();
const recorder = useMockServer(server);
const tessera = (): Tessera => new Tessera({ apiKey: API_KEY, baseUrl: BASE_URL });

/** The pathnames the catalog gives operation `name` (its `{id}` standing for any one segment). */
const catalogPath = (name: OperationName): RegExp => new RegExp(`^${API_PREFIX}${operations[name].path.replace(/\{\w+\}/g, '[^/]+')}$`);

// Other calls of the same operations: the mode shortcuts, other inputs, and the other answers the client reads (a
// bare resource, `{ data: [...] }` for a list, only the fields the SDK relies on, every field).
const moreCalls: Array<OperationCase & { operation: OperationName; name: string }> = [
  {
    operation: 'processPayment',
    name: 'payments.authorize',
    call: (c) => c.payments.authorize({ amount: 500, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'merchant', reasonType: 'recurring' }),
    method: 'POST',
    path: '/payments/process',
    body: { amount: 500, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'merchant', reasonType: 'recurring', mode: 'auth' },
    reply: { payment: succeededPayment },
    expected: succeededPayment,
  },
  {
    operation: 'processPayment',
    name: 'payments.capture (with what the published API requires)',
    call: (c) => c.payments.capture({ paymentId: 'pay_1', amount: 500, currency: 'USD', storeId: 'store_1' }),
    method: 'POST',
    path: '/payments/process',
    body: { paymentId: 'pay_1', amount: 500, currency: 'USD', storeId: 'store_1', mode: 'capture' },
    reply: succeededPayment,
    expected: succeededPayment,
  },
  {
    operation: 'processPayment',
    name: 'payments.purchase (mode and initiatedBy left to their published defaults)',
    call: (c) => c.payments.process({ amount: 100, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1' }),
    method: 'POST',
    path: '/payments/process',
    body: { amount: 100, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', mode: 'purchase', initiatedBy: 'customer' },
    reply: { payment: succeededPayment },
    expected: succeededPayment,
  },
  {
    operation: 'processPayment',
    name: 'payments.process',
    call: (c) => c.payments.process({ mode: 'purchase', amount: 100, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'customer' }),
    method: 'POST',
    path: '/payments/process',
    body: { mode: 'purchase', amount: 100, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'customer' },
    reply: succeededPayment,
    expected: succeededPayment,
  },
  {
    operation: 'retrievePaymentInstrument',
    name: 'paymentInstruments.retrieve (bare)',
    call: (c) => c.paymentInstruments.retrieve('pi_1'),
    method: 'GET',
    path: '/payment-instruments/pi_1',
    reply: instrument,
    expected: { paymentInstrument: instrument, raw: instrument },
  },
  {
    operation: 'createPaymentInstrumentFromToken',
    name: 'paymentInstruments.createFromToken (the whole instrument)',
    call: (c) => c.paymentInstruments.createFromToken(tokenRequest),
    method: 'POST',
    path: '/payment-instruments/create-from-token',
    body: tokenWire,
    reply: { paymentInstrument: instrument, customer: { id: 'cus_1', email: 'a@b.co' } },
    expected: { paymentInstrument: instrument, customer: { id: 'cus_1', email: 'a@b.co' } },
  },
  {
    operation: 'createPaymentInstrumentFromToken',
    name: 'paymentInstruments.createFromToken (an existing customer, only the ids answered)',
    call: (c) => c.paymentInstruments.createFromToken({ tagadaToken: serviceToken, storeId: 'store_1', customerId: 'cus_1' }),
    method: 'POST',
    path: '/payment-instruments/create-from-token',
    body: { serviceToken, tagadaToken: serviceToken, storeId: 'store_1', customerId: 'cus_1' },
    reply: { paymentInstrument: { id: 'pi_1' }, customer: { id: 'cus_1' } },
    expected: { paymentInstrument: { id: 'pi_1' }, customer: { id: 'cus_1' } },
  },
  {
    operation: 'listCustomerPaymentInstruments',
    name: 'customers.listPaymentInstruments ({ data })',
    call: (c) => c.customers.listPaymentInstruments('cus_1'),
    method: 'GET',
    path: '/customers/cus_1/payment-instruments',
    reply: { data: [instrument] },
    expected: [instrument],
  },
  {
    operation: 'createThreeDSSession',
    name: 'threeds.createSession (bare, every field)',
    call: (c) => c.threeds.createSession(sessionRequest),
    method: 'POST',
    path: '/threeds/create-session',
    body: sessionWire,
    reply: { id: 'tds_1', externalSessionId: 's_1', provider: 'basis_theory', status: 'created', paymentInstrumentId: 'pi_1' },
    expected: { id: 'tds_1', externalSessionId: 's_1', provider: 'basis_theory', status: 'created', paymentInstrumentId: 'pi_1' },
  },
  { operation: 'createThreeDSSession', name: 'threeds.createSession (only the id)', call: (c) => c.threeds.createSession(sessionRequest), method: 'POST', path: '/threeds/create-session', body: sessionWire, reply: { id: 'tds_1' }, expected: { id: 'tds_1' } },
  {
    operation: 'voidPayment',
    name: 'payments.void (the whole payment)',
    call: (c) => c.payments.void({ paymentId: 'pay_1', storeId: 'store_1' }),
    method: 'POST',
    path: '/payments/void',
    body: { paymentId: 'pay_1', storeId: 'store_1' },
    reply: { payment: { ...succeededPayment, status: 'voided' } },
    expected: recognised('payment', { payment: { ...succeededPayment, status: 'voided' } }),
  },
  {
    operation: 'refundPayment',
    name: 'payments.refund (no amount: the whole payment)',
    call: (c) => c.payments.refund({ paymentId: 'pay_1', storeId: 'store_1' }),
    method: 'POST',
    path: '/payments/refund',
    body: { paymentId: 'pay_1', paymentIds: ['pay_1'], storeId: 'store_1', refundAll: true },
    reply: { payment: { id: 'pay_1', status: 'refunded', refundId: 're_1' } },
    expected: { ...recognised('payment', { payment: { id: 'pay_1', status: 'refunded', refundId: 're_1' } }), refund: undefined },
  },
  {
    operation: 'createPaymentFlow',
    name: 'paymentFlows.create (bare)',
    call: (c) => c.paymentFlows.create(flowInput('proc_1')),
    method: 'POST',
    path: '/payment-flows/create',
    body: { data: flowInput('proc_1') },
    reply: { id: 'flow_1', name: 'Sandbox flow' },
    expected: { paymentFlow: { id: 'flow_1', name: 'Sandbox flow' }, raw: { id: 'flow_1', name: 'Sandbox flow' } },
  },
  {
    operation: 'createStore',
    name: 'stores.create (bare)',
    call: (c) => c.stores.create(storeInput()),
    method: 'POST',
    path: '/stores/create',
    body: storeInput(),
    reply: { id: 'store_1', name: 'Shop', baseCurrency: 'USD' },
    expected: { store: { id: 'store_1', name: 'Shop', baseCurrency: 'USD' }, raw: { id: 'store_1', name: 'Shop', baseCurrency: 'USD' } },
  },
  {
    operation: 'createProduct',
    name: 'products.create (bare)',
    call: (c) => c.products.create(productInput('store_1')),
    method: 'POST',
    path: '/products/create',
    body: productWire('store_1'),
    reply: { id: 'prod_1', name: 'Plan', variants: [{ id: 'var_1' }] },
    expected: { product: { id: 'prod_1', name: 'Plan', variants: [{ id: 'var_1' }] }, raw: { id: 'prod_1', name: 'Plan', variants: [{ id: 'var_1' }] } },
  },
  {
    operation: 'createCheckoutSession',
    name: 'checkoutSessions.create (bare)',
    call: (c) => c.checkoutSessions.create(checkoutInput('store_1', 'var_1')),
    method: 'POST',
    path: '/checkout-sessions/create',
    body: checkoutInput('store_1', 'var_1'),
    reply: { id: 'cs_1', redirectUrl: 'https://pay.test/cs_1' },
    expected: { checkoutSession: { id: 'cs_1', redirectUrl: 'https://pay.test/cs_1' }, raw: { id: 'cs_1', redirectUrl: 'https://pay.test/cs_1' } },
  },
  {
    operation: 'listOrders',
    name: 'orders.list ({ data })',
    call: (c) => c.orders.list({ storeId: 'store_1' }),
    method: 'GET',
    path: '/orders',
    query: { storeId: 'store_1', page: '1', per_page: '20' },
    reply: { data: [{ id: 'ord_1' }], total: 1 },
    expected: [{ id: 'ord_1' }],
  },
  {
    operation: 'listWebhookEvents',
    name: 'webhooks.listEvents ({ data })',
    call: (c) => c.webhooks.listEvents({ storeId: 'store_1' }),
    method: 'GET',
    path: '/webhooks',
    query: { storeId: 'store_1' },
    reply: { data: [{ id: 'evt_1', type: 'payment.succeeded' }] },
    expected: [{ id: 'evt_1', type: 'payment.succeeded' }],
  },
];

const rows: Array<OperationCase & { operation: OperationName; name: string }> = [...Object.entries(allOperationCases()).map(([operation, row]) => ({ ...row, operation: operation as OperationName, name: operation })), ...moreCalls];

describe('every operation of the catalog', () => {
  it('has a row, hence a client method (a hand-written one, or one derived from its published example)', () => {
    expect(Object.keys(allOperationCases()).sort()).toEqual(Object.keys(operations).sort());
  });

  it.each(rows)('$name sends its own operation’s route, as the row says', async ({ operation, call, method, path, query, body, reply, redirect, expected, sendsPublished }) => {
    server.use(http.all(`${API}${path}`, () => (redirect === undefined ? HttpResponse.json(reply) : new HttpResponse(null, { status: 302, headers: { location: redirect } }))));
    const answer = await call(tessera(), sampleIds);
    expect(answer instanceof Page ? answer.data : answer).toEqual(expected);
    expect(recorder.sent).toHaveLength(1);
    const [sent] = recorder.sent;
    expect(sent!.method).toBe(operations[operation].method);
    expect(sent!.url.pathname).toMatch(catalogPath(operation));
    expect(sent!.method).toBe(method);
    expect(sent!.url.pathname).toBe(`${API_PREFIX}${path}`);
    expect(Object.fromEntries(sent!.url.searchParams)).toEqual(query ?? {});
    const sentBody = await sent!.body();
    expect(sentBody).toEqual(body);
    // A derived row: every field of the published request goes out as the vendor's page shows it.
    if (sendsPublished !== undefined) expect(sentBody).toMatchObject(sendsPublished as object);
    expect(sent!.headers['idempotency-key'] !== undefined).toBe(method === 'POST');
    // A public route (`auth: 'none'`) never receives the secret key.
    expect(sent!.headers.authorization).toBe((operations[operation] as { auth?: string }).auth === 'none' ? undefined : `Bearer ${API_KEY}`);
  });
});
