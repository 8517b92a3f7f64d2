import { routes } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/index.js';
import { flowBody, processorBody, storeBody } from './fixtures.js';
import { type Client, useMswSandbox } from './use-sandbox.js';

// The sandbox's handlers of the published lists, retrieves, subscriptions and key check, through plain
// fetch: the published answer shapes, the pagination of each list, and the errors.

const BASE = 'https://lists.sandbox.test';
let sandbox: Sandbox;
let c: Client;
useMswSandbox(BASE, { now: Date.UTC(2030, 0, 31, 9), clock: 'frozen' }, (next) => ({ sandbox, c } = next));

/** A product of `storeId` with one monthly price (USD 1200, EUR 1100) and one one-time price; its ids. */
async function plan(storeId: string, name = 'Coffee club') {
  const created = await c.api(routes.createProduct, {
    body: {
      storeId,
      name,
      active: true,
      variants: [
        {
          name: 'Monthly',
          sku: 'M',
          imageUrl: 'https://shop.example/m.png',
          active: true,
          default: true,
          prices: [
            { currencyOptions: { USD: { amount: 1200 }, EUR: { amount: 1100 } }, recurring: true, interval: 'month', intervalCount: 1, default: true },
            { currencyOptions: { USD: { amount: 5000 } }, recurring: false, interval: null, default: false },
          ],
        },
      ],
    },
  });
  expect(created.status).toBe(200);
  const product = created.body.product as { id: string; variants: { id: string; prices: { id: string }[] }[] };
  return { productId: product.id, monthly: product.variants[0]!.prices[0]!.id, oneTime: product.variants[0]!.prices[1]!.id };
}

/** A store whose flow has one `simulated` processor and no fallback: the test cards decline for good. */
async function simulatedStore(): Promise<{ storeId: string; processorId: string }> {
  const processorId = (await c.api(routes.createProcessor, { body: processorBody('simulated') })).body.processor.id as string;
  const flow = await c.api(routes.createPaymentFlow, { body: flowBody([processorId]) });
  return { storeId: (await c.api(routes.createStore, { body: storeBody(flow.body.id) })).body.id as string, processorId };
}

describe('POST /auth/test', () => {
  it('answers the published shape for the sandbox’s key, 401 for another', async () => {
    const ok = await c.api(routes.testAuth, { body: {} });
    expect(ok.body).toEqual({
      success: true,
      user: { id: 'user_sandbox', orgId: 'org_sandbox', permissions: ['org:admin'], account: { id: 'acc_sandbox', name: 'Tessera Sandbox' }, isServiceAccount: false, isAccountOwner: true },
    });
    expect((await c.api(routes.testAuth, { body: {}, headers: { authorization: 'Bearer sk_wrong' } })).status).toBe(401);
  });
});

describe('payment instruments and customers', () => {
  it('lists instruments in pages: { items, total, page, pageSize, totalPages }, newest first, filters and sortBy', async () => {
    const { storeId } = sandbox.defaults;
    const made = [];
    for (let index = 0; index < 3; index++) made.push(await c.instrument(storeId));
    const second = await c.api(routes.listPaymentInstruments, { body: { page: 2, pageSize: 2 } });
    expect(second.body).toMatchObject({ total: 3, page: 2, pageSize: 2, totalPages: 2 });
    expect(second.body.items.map((item: { id: string }) => item.id)).toEqual([made[0]!.id]);
    expect(second.body.items[0]).toEqual({
      id: made[0]!.id,
      type: 'card',
      customerId: made[0]!.customerId,
      accountId: 'acc_sandbox',
      isActive: true,
      isDefault: true,
      tokenizer: 'basistheory',
      createdAt: '2030-01-31T09:00:00.000Z',
      updatedAt: '2030-01-31T09:00:00.000Z',
      card: { last4: '4242', brand: 'visa', expMonth: 12, expYear: 2034 },
      metadata: {},
      storeId,
    });
    const filtered = await c.api(routes.listPaymentInstruments, { body: { filters: { customerId: made[1]!.customerId }, sortBy: { field: 'id', direction: 'asc' } } });
    expect(filtered.body).toMatchObject({ total: 1, page: 1, pageSize: 20, totalPages: 1, items: [{ id: made[1]!.id }] });
    expect((await c.api(routes.listPaymentInstruments, { body: { pageSize: 101 } })).status).toBe(400);
    expect((await c.api(routes.listPaymentInstruments, { body: {} })).body).toMatchObject({ page: 1, pageSize: 20 });
  });

  it('GET /customers/{id}: the customer with store, instruments and device; 404 for another id', async () => {
    const { storeId } = sandbox.defaults;
    const { id, customerId } = await c.instrument(storeId);
    const customer = await c.api(routes.retrieveCustomer, { params: { id: customerId } });
    expect(customer.body).toEqual({
      id: customerId,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: null,
      storeId,
      createdAt: '2030-01-31T09:00:00.000Z',
      store: { id: storeId, name: 'Sandbox store' },
      paymentInstruments: [{ id, type: 'card', isActive: true, isDefault: true, card: { last4: '4242', brand: 'visa', expMonth: 12, expYear: 2034 } }],
      device: { browser: null, os: null },
    });
    expect((await c.api(routes.retrieveCustomer, { params: { id: 'cus_none' } })).status).toBe(404);
  });

  it('POST /customers/list: the published items, in pages, filtered by store and email', async () => {
    const { storeId } = sandbox.defaults;
    const first = await c.instrument(storeId);
    await c.instrument(storeId);
    const listed = await c.api(routes.listCustomers, { body: { pageSize: 1, sortBy: { field: 'createdAt', direction: 'asc' }, filters: { storeIds: [storeId] } } });
    expect(listed.body).toMatchObject({ total: 2, page: 1, pageSize: 1, totalPages: 2 });
    expect(listed.body.items).toEqual([
      {
        id: first.customerId,
        storeId,
        storeName: 'Sandbox store',
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: null,
        createdAt: '2030-01-31T09:00:00.000Z',
        lastOrderId: null,
        paymentInstrumentCardLast4: '4242',
        tags: [],
      },
    ]);
    expect((await c.api(routes.listCustomers, { body: { filters: { email: 'nobody@example.com' } } })).body).toMatchObject({ items: [], total: 0, totalPages: 0 });
  });
});

describe('products and orders', () => {
  it('POST /products/list: { items, pagination }, the default price, sort, includeVariants; storeId and page required, per_page 10–1000', async () => {
    const shop = (await c.api(routes.createStore, { body: storeBody(sandbox.defaults.paymentFlowId) })).body.id as string;
    const ids = [];
    for (const name of ['Beta', 'Alpha', 'Gamma']) ids.push((await plan(shop, name)).productId);
    const byName = await c.api(routes.listProducts, { body: { storeId: shop, page: 1, sort: 'name', sort_order: 'asc' } });
    expect(byName.body.items.map((item: { name: string }) => item.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(byName.body.pagination).toEqual({ hasNext: false, totalItems: 3, nextPage: null, previousPage: null });
    expect(byName.body.items[0]).toMatchObject({
      id: ids[1],
      description: null,
      image: 'https://shop.example/m.png',
      price: { recurring: true, interval: 'month', intervalCount: 1, currencyOptions: { USD: { amount: 1200 }, EUR: { amount: 1100 } } },
    });
    expect(byName.body.items[0]).not.toHaveProperty('variants');
    const withVariants = await c.api(routes.listProducts, { body: { storeId: shop, page: 1, includeVariants: true } });
    expect(withVariants.body.items[0].variants[0].prices).toHaveLength(2);
    expect(withVariants.body.items.map((item: { id: string }) => item.id)).toEqual([...ids].reverse());
    expect((await c.api(routes.listProducts, { body: { storeId: shop, page: 2, per_page: 10 } })).body).toMatchObject({ items: [], pagination: { hasNext: false, previousPage: 1 } });
    expect((await c.api(routes.listProducts, { body: { storeId: shop } })).status).toBe(400);
    expect((await c.api(routes.listProducts, { body: { page: 1 } })).status).toBe(400);
    expect((await c.api(routes.listProducts, { body: { storeId: shop, page: 1, per_page: 5 } })).status).toBe(400);
    expect((await c.api(routes.listProducts, { body: { storeId: 'store_none', page: 1 } })).status).toBe(404);
  });

  it('GET /products/{id}: the product with variants and prices (each currency option with its currency); 404', async () => {
    const { productId, monthly } = await plan(sandbox.defaults.storeId);
    const product = await c.api(routes.retrieveProduct, { params: { id: productId } });
    expect(product.body).toMatchObject({
      id: productId,
      name: 'Coffee club',
      description: null,
      variants: [{ name: 'Monthly', default: true, prices: [{ id: monthly, recurring: true, interval: 'month', intervalCount: 1, currencyOptions: { USD: { amount: 1200, currency: 'USD' } } }, { recurring: false, interval: null }] }],
    });
    expect((await c.api(routes.retrieveProduct, { params: { id: 'prod_none' } })).status).toBe(404);
  });

  it('GET /orders/{id}: { order } with customer { email, name } and line items; 404', async () => {
    const { storeId } = sandbox.defaults;
    const { monthly } = await plan(storeId);
    const { customerId } = await c.instrument(storeId);
    await c.api(routes.createSubscription, { body: { customerId, priceId: monthly, storeId, currency: 'USD', initiatePayment: true } });
    const order = sandbox.records.orders.list().at(-1)!;
    const answer = await c.api(routes.retrieveOrder, { params: { id: order.id } });
    expect(answer.body).toEqual({
      order: {
        ...order,
        customer: { id: customerId, email: 'ada@example.com', name: 'Ada' },
        items: [{ variantId: order.items[0]!.variantId, quantity: 1, amount: 1200, id: `${order.id}_li_1`, orderLineItemProduct: { id: expect.any(String), name: 'Coffee club', variantId: order.items[0]!.variantId, variantName: 'Monthly' } }],
      },
    });
    expect((await c.api(routes.retrieveOrder, { params: { id: 'ord_none' } })).status).toBe(404);
  });
});

describe('subscriptions', () => {
  it('create: the published answer; no charge without initiatePayment; the clock bills the next period', async () => {
    const { storeId } = sandbox.defaults;
    const { monthly } = await plan(storeId);
    const { id: instrumentId, customerId } = await c.instrument(storeId);
    const created = await c.api(routes.createSubscription, { body: { customerId, priceId: monthly, storeId, currency: 'EUR', metadata: { plan: 'club' } } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      subscription: {
        id: expect.stringMatching(/^sub_/),
        customerId,
        priceId: monthly,
        storeId,
        status: 'active',
        quantity: 1,
        currency: 'EUR',
        createdAt: '2030-01-31T09:00:00.000Z',
        updatedAt: '2030-01-31T09:00:00.000Z',
        currentPeriodStart: '2030-01-31T09:00:00.000Z',
        currentPeriodEnd: '2030-02-28T09:00:00.000Z',
        nextBillingDate: '2030-02-28T09:00:00.000Z',
        cancelAtPeriodEnd: false,
        metadata: { source: 'api', plan: 'club' },
        preferredProcessorId: null,
        paymentInstrumentId: instrumentId,
        variantId: expect.any(String),
        amount: 1100,
        interval: 'month',
        intervalCount: 1,
        renewals: 0,
      },
    });
    expect(sandbox.countCharges()).toBe(0);
    sandbox.clock.advance(28 * 24 * 3600 * 1000);
    expect(sandbox.countCharges()).toBe(1);
    const retrieved = await c.api(routes.retrieveSubscription, { params: { id: created.body.subscription.id } });
    expect(retrieved.body.subscription).toMatchObject({
      renewals: 1,
      currentPeriodStart: '2030-02-28T09:00:00.000Z',
      currentPeriodEnd: '2030-03-31T09:00:00.000Z',
      customer: { id: customerId, email: 'ada@example.com', firstName: 'Ada', lastName: null },
      product: { name: 'Coffee club' },
      price: { id: monthly, recurring: true, interval: 'month', intervalCount: 1, currencyOptions: { USD: { amount: 1200 }, EUR: { amount: 1100 } } },
    });
  });

  it('create refuses an unknown price (404), a one-time price, a currency without an amount, and initiatePayment without an instrument (400)', async () => {
    const { storeId } = sandbox.defaults;
    const { monthly, oneTime } = await plan(storeId);
    const { customerId } = await c.instrument(storeId);
    const body = { customerId, priceId: monthly, storeId, currency: 'USD' };
    expect((await c.api(routes.createSubscription, { body: { ...body, priceId: 'price_none' } })).status).toBe(404);
    expect((await c.api(routes.createSubscription, { body: { ...body, priceId: oneTime } })).body.error.fields).toEqual([expect.objectContaining({ field: 'priceId', code: 'not_recurring' })]);
    expect((await c.api(routes.createSubscription, { body: { ...body, currency: 'GBP' } })).body.error.fields).toEqual([expect.objectContaining({ field: 'currency', code: 'no_price' })]);
    expect((await c.api(routes.createSubscription, { body: { ...body, customerId: 'cus_none' } })).status).toBe(404);
    expect((await c.api(routes.createSubscription, { body: { ...body, quantity: 0 } })).status).toBe(400);
    // A customer whose only instrument is no longer active (no published request does it: the test changes the record).
    const lapsed = await c.instrument(storeId);
    Object.assign(sandbox.records.instruments.get(lapsed.id)!, { isActive: false });
    expect((await c.api(routes.createSubscription, { body: { ...body, customerId: lapsed.customerId, initiatePayment: true } })).body.error.fields).toEqual([
      expect.objectContaining({ field: 'defaultPaymentInstrumentId', code: 'required' }),
    ]);
    // Another customer's instrument is not this customer's.
    const other = await c.instrument(storeId);
    expect((await c.api(routes.createSubscription, { body: { ...body, defaultPaymentInstrumentId: other.id } })).body.error.fields).toEqual([
      expect.objectContaining({ field: 'defaultPaymentInstrumentId', code: 'instrument_mismatch' }),
    ]);
  });

  it('a first period or a rebill that is declined leaves the subscription past_due; a rebill that succeeds makes it active again', async () => {
    const { storeId } = await simulatedStore();
    const { monthly } = await plan(storeId);
    const declined = await c.instrument(storeId, '4000000000000002');
    const created = await c.api(routes.createSubscription, { body: { customerId: declined.customerId, priceId: monthly, storeId, currency: 'USD', initiatePayment: true } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ subscription: { status: 'past_due', nextBillingDate: null }, payment: { status: 'declined' } });
    const subscriptionId = created.body.subscription.id as string;
    const again = await c.api(routes.rebillSubscription, { body: { subscriptionId } });
    expect(again.body).toMatchObject({ success: false, message: 'Subscription rebill failed: the payment was declined', subscription: { status: 'past_due', renewals: 0 } });
    // The card on file is replaced (no published request changes it, so the test changes the record).
    const good = await c.instrument(storeId);
    Object.assign(sandbox.records.subscriptions.get(subscriptionId)!, { paymentInstrumentId: good.id });
    const rebilled = await c.api(routes.rebillSubscription, { body: { subscriptionId } });
    expect(rebilled.body).toMatchObject({ success: true, message: 'Subscription rebilled successfully', subscription: { status: 'active', renewals: 1 }, payment: { status: 'succeeded', initiatedBy: 'merchant', reasonType: 'recurring', subscriptionId } });
    expect((await c.api(routes.rebillSubscription, { body: { subscriptionId: 'sub_none' } })).status).toBe(404);
  });

  it('POST /subscriptions/list: the published items (customer as a name), sort and filters, in pages', async () => {
    const { storeId } = sandbox.defaults;
    const { monthly } = await plan(storeId);
    const made = [];
    for (let index = 0; index < 3; index++) {
      const { customerId } = await c.instrument(storeId);
      made.push((await c.api(routes.createSubscription, { body: { customerId, priceId: monthly, storeId, currency: 'USD' } })).body.subscription.id as string);
    }
    const page = await c.api(routes.listSubscriptions, { body: { page: 1, per_page: 2, sort: 'subscriptions.createdAt', sort_order: 'asc' } });
    expect(page.body.pagination).toEqual({ hasNext: true, totalItems: 3, nextPage: 2, previousPage: null });
    expect(page.body.items.map((item: { id: string }) => item.id)).toEqual(made.slice(0, 2));
    expect(page.body.items[0]).toMatchObject({
      status: 'active',
      currency: 'USD',
      customer: 'Ada',
      customerEmail: 'ada@example.com',
      priceCurrencyOptions: { USD: { amount: 1200 }, EUR: { amount: 1100 } },
      priceInterval: 'month',
      priceIntervalCount: 1,
      currentPeriodStart: '2030-01-31T09:00:00.000Z',
      currentPeriodEnd: '2030-02-28T09:00:00.000Z',
    });
    const last = await c.api(routes.listSubscriptions, { body: { page: 2, per_page: 2, sort_order: 'asc' } });
    expect(last.body).toMatchObject({ items: [{ id: made[2] }], pagination: { hasNext: false, nextPage: null, previousPage: 1 } });
    expect((await c.api(routes.listSubscriptions, { body: { filters: { status: ['past_due'] } } })).body.items).toEqual([]);
    expect((await c.api(routes.listSubscriptions, { body: { sort: 'subscriptions.unknown' } })).status).toBe(400);
  });

  it('POST /subscriptions/change-processor: records the processor, clears it without one; 404 and archived 409', async () => {
    const { storeId, processorId } = sandbox.defaults;
    const { monthly } = await plan(storeId);
    const { customerId } = await c.instrument(storeId);
    const subscriptionId = (await c.api(routes.createSubscription, { body: { customerId, priceId: monthly, storeId, currency: 'USD' } })).body.subscription.id as string;
    sandbox.clock.advance(1000);
    const changed = await c.api(routes.changeSubscriptionProcessor, { body: { subscriptionId, processorId } });
    expect(changed.body.subscription).toMatchObject({ id: subscriptionId, preferredProcessorId: processorId, updatedAt: '2030-01-31T09:00:01.000Z' });
    expect((await c.api(routes.changeSubscriptionProcessor, { body: { subscriptionId } })).body.subscription.preferredProcessorId).toBeNull();
    expect((await c.api(routes.changeSubscriptionProcessor, { body: { subscriptionId, processorId: 'proc_none' } })).status).toBe(404);
    const spare = (await c.api(routes.createProcessor, { body: processorBody('sandbox') })).body.processor.id as string;
    await c.api(routes.archiveProcessors, { body: [spare] });
    expect((await c.api(routes.changeSubscriptionProcessor, { body: { subscriptionId, processorId: spare } })).status).toBe(409);
  });
});

describe('list filters', () => {
  it('refuses a filter it does not know (a typo, or an `unlisted` one the SDK merged in) rather than answer a wider list', async () => {
    const answer = await c.api(routes.listPayments, { body: { filters: { storeIds: [sandbox.defaults.storeId], riskLevel: ['high'] } } });
    expect(answer.status).toBe(400);
    const error = answer.body.error as { code: string; fields: { field: string; code: string; message: string }[] };
    expect(error.code).toBe('validation_error');
    expect(error.fields).toEqual([{ field: 'filters.riskLevel', code: 'unknown_field', message: expect.stringContaining('Its filters are status, currency, date, storeIds') }]);
    // Its own words: the body arrived with `unlisted` merged in, so the SDK's "send it under filters.unlisted" would mislead.
    expect(error.fields[0]!.message).toMatch(/the sandbox applies only these, and refuses another rather than answer a wider list/);
    expect(error.fields[0]!.message).not.toContain('filters.unlisted');
  });
});
