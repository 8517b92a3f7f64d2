import { API_PREFIX } from '@tessera/core/internal';
import { createSandbox, type Sandbox } from '@tessera/sandbox';
import { setupServer } from 'msw/node';
import { beforeEach, describe, expect, it } from 'vitest';
import { Tessera, TesseraAuthenticationError, TesseraNotFoundError } from '../src/index.js';
import { newInstrument, productInput, storeInput } from './fixtures.js';
import { useMockServer, type SentRequest } from './recorder.js';

// The published lists, retrieves, subscriptions and key check through the client, against @tessera/sandbox's msw
// handlers: each list walked with `for await` across several pages, with the pagination its operation publishes.
const BASE_URL = 'http://127.0.0.1:4010';
const sandbox: Sandbox = createSandbox({ now: Date.UTC(2030, 0, 15, 12), clock: 'frozen' });
const server = setupServer(...sandbox.handlers);
const recorder = useMockServer(server);
const tessera = new Tessera({ apiKey: sandbox.apiKey, baseUrl: BASE_URL });
const vault = { baseUrl: BASE_URL, vaultKey: sandbox.vaultKey };

const sentTo = (path: string): SentRequest[] => recorder.sent.filter((sent) => sent.url.pathname === `${API_PREFIX}${path}`);
const bodiesSentTo = async (path: string): Promise<unknown[]> => Promise.all(sentTo(path).map(async (sent) => sent.body()));

/** A store of each test's own (on the sandbox's flow), so that each list holds exactly what that test made. */
let storeId = '';
let priceId = '';
const customers: string[] = [];
const instruments: string[] = [];
beforeEach(async () => {
  customers.length = 0;
  instruments.length = 0;
  storeId = (await tessera.stores.create(storeInput(sandbox.defaults.paymentFlowId))).store!.id;
  for (let index = 0; index < 5; index++) {
    const { paymentInstrument, customer } = await newInstrument(tessera, vault, storeId);
    instruments.push(paymentInstrument.id);
    customers.push(customer.id);
  }
  const product = (await tessera.products.create(productInput(storeId))).product!;
  priceId = product.variants[0]!.prices![0]!.id;
});

describe('every list walks all its pages with for await', () => {
  it('payment instruments: { items, totalPages }, 5 in pages of 2, three requests', async () => {
    const listed: string[] = [];
    for await (const instrument of tessera.paymentInstruments.list({ pageSize: 2, filters: { storeIds: [storeId] } })) listed.push(instrument.id);
    expect(listed).toEqual([...instruments].reverse());
    expect(await bodiesSentTo('/payment-instruments/list')).toEqual([1, 2, 3].map((page) => ({ page, pageSize: 2, filters: { storeIds: [storeId] } })));
  });

  it('customers: { items, totalPages }, oldest first when asked, three requests', async () => {
    const listed: string[] = [];
    for await (const customer of tessera.customers.list({ pageSize: 2, sortBy: { field: 'createdAt', direction: 'asc' }, filters: { storeIds: [storeId] } })) listed.push(customer.id);
    expect(listed).toEqual(customers);
    expect(sentTo('/customers/list')).toHaveLength(3);
  });

  it('products: { items, pagination.hasNext }, 25 in pages of 10 (the published minimum), three requests', async () => {
    const shop = (await tessera.stores.create(storeInput(sandbox.defaults.paymentFlowId))).store!.id;
    const created: string[] = [];
    for (let index = 0; index < 25; index++) created.push((await tessera.products.create({ ...productInput(shop), name: `Plan ${index}` })).product!.id);
    const listed: string[] = [];
    for await (const product of tessera.products.list({ storeId: shop, per_page: 10, sort: 'created_at', sort_order: 'asc' })) listed.push(product.id);
    expect(listed).toEqual(created);
    const pages = await bodiesSentTo('/products/list');
    expect(pages).toEqual([1, 2, 3].map((page) => ({ storeId: shop, page, per_page: 10, sort: 'created_at', sort_order: 'asc' })));
    const first = await tessera.products.list({ storeId: shop, per_page: 10 });
    expect(first.raw).toMatchObject({ pagination: { hasNext: true, totalItems: 25, nextPage: 2, previousPage: null } });
  });

  it('subscriptions: { items, pagination.hasNext }, 5 in pages of 2, three requests', async () => {
    const created: string[] = [];
    for (const customerId of customers) {
      const { subscription } = await tessera.subscriptions.create({ customerId, priceId, storeId, currency: 'USD' });
      created.push(subscription!.id);
    }
    const listed: string[] = [];
    for await (const subscription of tessera.subscriptions.list({ per_page: 2, filters: { storeIds: [storeId] } })) listed.push(subscription.id);
    expect(listed).toEqual([...created].reverse());
    expect(sentTo('/subscriptions/list')).toHaveLength(3);
  });

  it('payments with useCursor: the sandbox’s nextCursor sent back as cursor, 5 in pages of 2, three requests', async () => {
    const paid: string[] = [];
    for (const [index, paymentInstrumentId] of instruments.entries()) {
      paid.push((await tessera.payments.purchase({ amount: 100 + index, currency: 'USD', storeId, paymentInstrumentId, initiatedBy: 'customer' })).id);
    }
    const listed: string[] = [];
    for await (const payment of tessera.payments.list({ useCursor: true, pagination: { pageSize: 2 }, filters: { storeIds: [storeId] } })) listed.push(payment.id);
    expect(listed).toEqual([...paid].reverse());
    const cursors = ((await bodiesSentTo('/payments')) as Array<{ cursor?: string }>).map((body) => body.cursor);
    expect(cursors).toEqual([undefined, listed[1], listed[3]]);
  });

  it('a filter that matches nothing ends after one request', async () => {
    const listed = [];
    for await (const subscription of tessera.subscriptions.list({ filters: { storeIds: ['store_none'] } })) listed.push(subscription);
    expect(listed).toEqual([]);
    expect(sentTo('/subscriptions/list')).toHaveLength(1);
  });
});

describe('retrieves', () => {
  it('a customer, with its store and instruments', async () => {
    const customer = await tessera.customers.retrieve(customers[0]!);
    expect(customer).toMatchObject({ id: customers[0], storeId, store: { id: storeId, name: 'Sandbox store' }, paymentInstruments: [{ id: instruments[0], isDefault: true }] });
  });

  it('a product, with its variants and prices', async () => {
    const { id } = (await tessera.products.create(productInput(storeId))).product!;
    const product = await tessera.products.retrieve(id);
    expect(product).toMatchObject({ id, name: 'Coffee club', variants: [{ name: 'Monthly bag', prices: [{ recurring: true, currencyOptions: { USD: { amount: 1200, currency: 'USD' } } }] }] });
  });

  it('an unknown id is a TesseraNotFoundError', async () => {
    for (const call of [tessera.customers.retrieve('cus_none'), tessera.products.retrieve('prod_none'), tessera.orders.retrieve('ord_none'), tessera.subscriptions.retrieve('sub_none')]) {
      await expect(call).rejects.toBeInstanceOf(TesseraNotFoundError);
    }
  });
});

describe('subscriptions', () => {
  it('create with initiatePayment charges the first period on the customer’s default instrument, and makes an order', async () => {
    const { subscription, payment } = await tessera.subscriptions.create({ customerId: customers[1]!, priceId, storeId, currency: 'USD', quantity: 2, initiatePayment: true });
    expect(subscription).toMatchObject({ status: 'active', quantity: 2, currentPeriodStart: '2030-01-15T12:00:00.000Z', currentPeriodEnd: '2030-02-15T12:00:00.000Z' });
    expect(payment).toMatchObject({ status: 'succeeded', amount: 2400, paymentInstrumentId: instruments[1], initiatedBy: 'merchant', reasonType: 'recurring' });
    const order = sandbox.records.orders.list().find((candidate) => candidate.paymentId === payment!.id)!;
    expect(await tessera.orders.retrieve(order.id)).toMatchObject({ id: order.id, status: 'paid', subscriptionId: subscription!.id, customer: { email: 'ada@example.com', name: 'Ada' } });
  });

  it('rebill charges the next period now, once per idempotency key; change-processor records the processor', async () => {
    const { subscription } = await tessera.subscriptions.create({ customerId: customers[2]!, priceId, storeId, currency: 'USD' });
    const id = subscription!.id;
    const charges = sandbox.countCharges();
    const rebilled = await tessera.subscriptions.rebill({ subscriptionId: id }, { idempotencyKey: `rebill-${id}` });
    const again = await tessera.subscriptions.rebill({ subscriptionId: id }, { idempotencyKey: `rebill-${id}` });
    expect(rebilled).toMatchObject({ success: true, message: 'Subscription rebilled successfully', payment: { status: 'succeeded', amount: 1200 } });
    expect(again.payment?.id).toBe(rebilled.payment?.id);
    expect(sandbox.countCharges()).toBe(charges + 1);
    expect(await tessera.subscriptions.retrieve(id)).toMatchObject({ currentPeriodStart: '2030-02-15T12:00:00.000Z', currentPeriodEnd: '2030-03-15T12:00:00.000Z', renewals: 1 });

    const { processorId } = sandbox.defaults;
    expect(await tessera.subscriptions.changeProcessor({ subscriptionId: id, processorId })).toMatchObject({ id, preferredProcessorId: processorId });
    await expect(tessera.subscriptions.changeProcessor({ subscriptionId: id, processorId: 'proc_none' })).rejects.toBeInstanceOf(TesseraNotFoundError);
  });
});

describe('the key check', () => {
  it('answers the sandbox’s account for its key, and 401 for another', async () => {
    const { user } = await tessera.auth.test();
    expect(user).toMatchObject({ id: 'user_sandbox', account: { id: 'acc_sandbox', name: 'Tessera Sandbox' }, permissions: ['org:admin'] });
    const wrong = new Tessera({ apiKey: 'sk_test_wrong', baseUrl: BASE_URL });
    await expect(wrong.auth.test()).rejects.toBeInstanceOf(TesseraAuthenticationError);
  });
});
