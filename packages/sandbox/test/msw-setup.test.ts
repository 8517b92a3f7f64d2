import { orderList, paymentList, routes, webhookList } from '@tessera/core/internal';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { type Sandbox, sandboxRoutes } from '../src/index.js';
import { flowBody, processorBody, purchase, storeBody } from './fixtures.js';
import { type Client, useMswSandbox } from './use-sandbox.js';

const BASE = 'http://api.sandbox.test';
let sandbox: Sandbox;
let c: Client;
useMswSandbox(BASE, { now: Date.UTC(2030, 0, 31, 12), clock: 'frozen' }, (next) => ({ sandbox, c } = next));

async function storeWith(primaryType: string, fallbackTypes: string[] = [], flowExtra: Record<string, unknown> = {}) {
  const primary = (await c.api(routes.createProcessor, { body: processorBody(primaryType) })).body.processor.id as string;
  const fallbacks: string[] = [];
  for (const type of fallbackTypes) fallbacks.push((await c.api(routes.createProcessor, { body: processorBody(type) })).body.processor.id);
  const created = await c.api(routes.createPaymentFlow, { body: flowBody([primary], fallbacks, flowExtra) });
  const store = await c.api(routes.createStore, { body: storeBody(created.body.id) });
  return { storeId: store.body.id as string, primary, fallbacks, flowId: created.body.id as string };
}

describe('processors, flows, stores', () => {
  it('creates a processor without echoing its options, and archives processors', async () => {
    const created = await c.api(routes.createProcessor, { body: processorBody('simulated', { options: { secretKey: 'sk_live_secret' } }) });
    expect(created.status).toBe(200);
    expect(created.body.processor).toMatchObject({ name: 'simulated processor', type: 'simulated', enabled: true, archived: false });
    expect(JSON.stringify(created.body)).not.toContain('sk_live_secret');
    // The document's input is "array of processor ids"; `{ processorIds }` is accepted too.
    const archived = await c.api(routes.archiveProcessors, { body: [created.body.processor.id] });
    expect(archived.body).toEqual({ archived: [created.body.processor.id] });
    expect((await c.api(routes.archiveProcessors, { body: { processorIds: [created.body.processor.id] } })).body).toEqual({ archived: [created.body.processor.id] });
    expect((await c.api(routes.archiveProcessors, { body: ['proc_404'] })).status).toBe(404);
    expect((await c.api(routes.archiveProcessors, { body: { processorIds: ['proc_404'] } })).status).toBe(404);
    const bad = await c.api(routes.archiveProcessors, { body: { processorIds: [''] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual([{ field: 'processorIds.0', code: 'too_small', message: expect.any(String) }]);
    expect((await c.api(routes.archiveProcessors, { body: [''] })).body.error.fields[0].field).toBe('0');
    expect((await c.api(routes.createProcessor, { body: { processor: { name: '' } } })).status).toBe(400);
  });

  it('creates flows and stores; unknown processors and flows are 404', async () => {
    expect((await c.api(routes.createPaymentFlow, { body: flowBody(['proc_404'], []) })).status).toBe(404);
    expect((await c.api(routes.createStore, { body: storeBody('flow_404') })).status).toBe(404);
    const { storeId, flowId } = await storeWith('sandbox');
    expect(sandbox.records.stores.get(storeId)?.selectedPaymentFlowId).toBe(flowId);
    const noFlow = await c.api(routes.createStore, { body: storeBody() });
    expect(noFlow.body).toMatchObject({ name: 'Shop', selectedPaymentFlowId: null });
    // A store without a flow charges as if on a sandbox processor.
    const pi = await c.instrument(noFlow.body.id, '4000000000000002');
    expect((await c.api(routes.processPayment, { body: purchase(noFlow.body.id, pi.id) })).body.payment.status).toBe('succeeded');
  });

  it('without fallbackMode a decline is final; archived processors are skipped; threeDsEnabled off means no challenge', async () => {
    const plain = await storeWith('simulated');
    const declining = await c.instrument(plain.storeId, '4000000000000002');
    const declined = await c.api(routes.processPayment, { body: purchase(plain.storeId, declining.id) });
    expect(declined.body.payment).toMatchObject({ status: 'declined', attempts: [{ outcome: 'declined' }] });
    const threeDs = await c.instrument(plain.storeId, '4000000000003220');
    expect((await c.api(routes.processPayment, { body: purchase(plain.storeId, threeDs.id) })).body.payment.status).toBe('succeeded');

    const cascade = await storeWith('simulated', ['simulated', 'sandbox']);
    const pi = await c.instrument(cascade.storeId, '4000000000000002');
    const paid = await c.api(routes.processPayment, { body: purchase(cascade.storeId, pi.id) });
    expect(paid.body.payment.attempts.map((a: { outcome: string }) => a.outcome)).toEqual(['declined', 'declined', 'approved']);
    await c.api(routes.archiveProcessors, { body: { processorIds: [cascade.fallbacks[1]] } });
    expect((await c.api(routes.processPayment, { body: purchase(cascade.storeId, pi.id) })).body.payment.status).toBe('declined');
    await c.api(routes.archiveProcessors, { body: { processorIds: [cascade.primary] } });
    // No usable primary processor left: the flow cannot take payments.
    const none = await c.api(routes.processPayment, { body: purchase(cascade.storeId, pi.id) });
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('invalid_state');
  });

  it('the issuer-declined card (4000 0000 0000 9995) is declined in both default stores, without a cascade', async () => {
    const { storeId, gateway } = sandbox.defaults;
    for (const store of [storeId, gateway.storeId]) {
      const pi = await c.instrument(store, '4000000000009995');
      const declined = await c.api(routes.processPayment, { body: purchase(store, pi.id) });
      expect(declined.body.payment).toMatchObject({ status: 'declined', attempts: [{ outcome: 'declined' }] });
      expect(declined.body.payment.attempts).toHaveLength(1);
    }
    // A store without a flow (as if on a sandbox processor) declines it too.
    const noFlow = await c.api(routes.createStore, { body: storeBody() });
    const pi = await c.instrument(noFlow.body.id, '4000000000009995');
    expect((await c.api(routes.processPayment, { body: purchase(noFlow.body.id, pi.id) })).body.payment.status).toBe('declined');
    // The processor decline still demonstrates the cascade: declined by the gateway, approved by its fallback.
    const cascading = await c.instrument(gateway.storeId, '4000000000000002');
    const paid = await c.api(routes.processPayment, { body: purchase(gateway.storeId, cascading.id) });
    expect(paid.body.payment.attempts.map((a: { outcome: string }) => a.outcome)).toEqual(['declined', 'approved']);
  });

  it('a payment can force a flow with paymentFlowId', async () => {
    const other = await storeWith('simulated');
    const pi = await c.instrument(sandbox.defaults.storeId, '4000000000000002');
    const forced = await c.api(routes.processPayment, { body: { ...purchase(sandbox.defaults.storeId, pi.id), paymentFlowId: other.flowId } });
    expect(forced.body.payment).toMatchObject({ status: 'declined', paymentFlowId: other.flowId });
    expect((await c.api(routes.processPayment, { body: { ...purchase(sandbox.defaults.storeId, pi.id), paymentFlowId: 'flow_404' } })).status).toBe(404);
  });
});

describe('lists', () => {
  it('lists payments newest first with pagination and filters.storeIds', async () => {
    const { storeId, gateway } = sandbox.defaults;
    const a = await c.instrument(storeId);
    const b = await c.instrument(gateway.storeId);
    for (let i = 1; i <= 5; i++) await c.api(routes.processPayment, { body: purchase(storeId, a.id, { amount: i * 100 }) });
    await c.api(routes.processPayment, { body: purchase(gateway.storeId, b.id, { amount: 9900 }) });
    const page1 = await c.api(routes.listPayments, { body: { pagination: { page: 1, pageSize: 2 }, filters: { storeIds: [storeId] } } });
    expect(z.safeParse(paymentList, page1.body).success).toBe(true);
    expect(page1.body).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(page1.body.data.map((p: { amount: number }) => p.amount)).toEqual([500, 400]);
    const page3 = await c.api(routes.listPayments, { body: { pagination: { page: 3, pageSize: 2 }, filters: { storeIds: [storeId] } } });
    expect(page3.body.data.map((p: { amount: number }) => p.amount)).toEqual([100]);
    const all = await c.api(routes.listPayments, { body: { pagination: { page: 1, pageSize: 100 } } });
    expect(all.body.total).toBe(6);
    expect((await c.api(routes.listPayments, { body: { pagination: { page: 0, pageSize: 0 } } })).body.error.fields.map((f: { field: string }) => f.field)).toEqual([
      'pagination.page',
      'pagination.pageSize',
    ]);
    // No maximum page size in the document: 1000 is served.
    expect((await c.api(routes.listPayments, { body: { pagination: { page: 1, pageSize: 1000 } } })).status).toBe(200);
  });

  it('lists webhooks by store and validates the query', async () => {
    const { storeId } = sandbox.defaults;
    const pi = await c.instrument(storeId);
    await c.api(routes.processPayment, { body: purchase(storeId, pi.id) });
    const list = await c.api(routes.listWebhookEvents, { query: `?storeId=${storeId}` });
    expect(z.safeParse(webhookList, list.body).success).toBe(true);
    expect(list.body.data.map((e: { type: string }) => e.type)).toEqual(['payment/succeeded']);
    expect(list.body.data[0].data).toMatchObject({ status: 'succeeded', storeId });
    expect((await c.api(routes.listWebhookEvents, { query: `?storeId=${sandbox.defaults.gateway.storeId}` })).body.data).toEqual([]);
    expect((await c.api(routes.listWebhookEvents)).status).toBe(400);
    expect((await c.api(routes.listWebhookEvents, { query: '?storeId=store_404' })).status).toBe(404);
  });
});

describe('products, checkout, orders, subscriptions', () => {
  async function catalog(storeId: string) {
    const product = await c.api(routes.createProduct, {
      body: {
        storeId,
        name: 'Coffee club',
        active: true,
        variants: [
          {
            name: 'Monthly bag', sku: 'BAG-M', grams: 250, price: 1500, compareAtPrice: 0, active: true, default: true,
            prices: [{ currencyOptions: { USD: { amount: 1200 } }, recurring: true, interval: 'month', intervalCount: 1, billingTiming: 'in_advance', default: true }],
          },
          { name: 'Mug', sku: 'MUG', grams: 300, price: 900, compareAtPrice: 1200, active: true, default: false, prices: [] },
        ],
      },
    });
    expect(product.status).toBe(200);
    return product.body.product as { id: string; variants: { id: string; prices: { id: string }[] }[] };
  }

  it('creates a product with variant and price ids; unknown store is 404', async () => {
    const product = await catalog(sandbox.defaults.storeId);
    expect(product.variants).toHaveLength(2);
    expect(product.variants[0]?.prices[0]?.id).toMatch(/^price_/);
    const variant = { name: 'v', sku: 's', grams: 0, price: 100, compareAtPrice: 0, active: true, default: true, prices: [] };
    expect((await c.api(routes.createProduct, { body: { storeId: sandbox.defaults.storeId, name: 'x', active: true, variants: [{ ...variant, price: 9.99 }] } })).status).toBe(400);
    expect((await c.api(routes.createProduct, { body: { storeId: 'store_404', name: 'x', active: true, variants: [variant] } })).status).toBe(404);
  });

  it('published checkout: GET /checkout/init is public and answers 302 with the token; POST /checkout/pay-v2 pays it', async () => {
    const { storeId } = sandbox.defaults;
    const [bag] = (await catalog(storeId)).variants;
    const items = encodeURIComponent(JSON.stringify([{ variantId: bag!.id, quantity: 1 }]));
    const init = (query: string) => fetch(`${BASE}/api/public/v1/checkout/init?${query}`, { redirect: 'manual' });
    const answer = await init(`storeId=${storeId}&items=${items}&currency=USD&checkoutUrl=${encodeURIComponent('https://shop.example/co')}&includeCheckoutToken=t&utm_campaign=spring`);
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location')!);
    const checkoutSessionId = location.searchParams.get('checkoutSessionId')!;
    expect(`${location.origin}${location.pathname}`).toBe('https://shop.example/co');
    expect(Object.fromEntries(location.searchParams)).toEqual({ checkoutSessionId, t: expect.stringMatching(/^chtok_/), utm_campaign: 'spring' });
    expect(sandbox.records.checkoutSessions.get(checkoutSessionId)).toMatchObject({ amount: 1200, status: 'open' });
    // Without checkoutUrl: the sandbox's own hosted checkout URL, token under checkoutToken.
    const plain = new URL((await init(`storeId=${storeId}&items=${items}&currency=USD`)).headers.get('location')!);
    // A key sent anyway changes nothing.
    const keyed = await fetch(`${BASE}/api/public/v1/checkout/init?storeId=${storeId}&items=${items}&currency=USD`, { redirect: 'manual', headers: { authorization: `Bearer ${sandbox.apiKey}` } });
    expect(keyed.status).toBe(302);
    expect(plain.pathname).toBe('/sandbox/checkout');
    expect(plain.searchParams.get('checkoutToken')).toMatch(/^chtok_/);
    const bad = await init(`storeId=${storeId}&items=not-json&currency=USD`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields[0].field).toBe('items');

    const pi = await c.instrument(storeId);
    expect((await c.api(routes.payCheckout, { body: { checkoutSessionId } })).status).toBe(400);
    expect((await c.api(routes.payCheckout, { body: { checkoutSessionId: 'cs_404', paymentInstrumentId: pi.id } })).status).toBe(404);
    const paid = await c.api(routes.payCheckout, { body: { checkoutSessionId, paymentInstrumentId: pi.id, returnUrl: 'https://shop.example/thanks' } });
    expect(paid.status).toBe(200);
    expect(paid.body.payment).toMatchObject({ status: 'succeeded', amount: 1200, initiatedBy: 'customer' });
    expect(paid.body.order).toMatchObject({ status: 'paid', checkoutSessionId });
    expect(paid.body.redirectUrl).toBe(`https://shop.example/thanks?orderId=${paid.body.order.id}`);
    expect((await c.api(routes.payCheckout, { body: { checkoutSessionId, paymentInstrumentId: pi.id } })).status).toBe(409);
  });

  it('checkout: redirectUrl, completion creates an order and a subscription the clock rebills as MIT payments', async () => {
    const { storeId } = sandbox.defaults;
    const product = await catalog(storeId);
    const [bag, mug] = product.variants;
    const session = await c.api(routes.createCheckoutSession, {
      body: { storeId, items: [{ variantId: bag!.id, quantity: 2 }, { variantId: mug!.id, quantity: 1 }], currency: 'USD', checkoutUrl: 'https://shop.example/checkout' },
    });
    expect(session.status).toBe(200);
    expect(session.body.redirectUrl).toBe(`https://shop.example/checkout?checkoutSessionId=${session.body.id}`);
    expect(session.body.amount).toBe(2 * 1200 + 900);
    expect((await c.api(routes.createCheckoutSession, { body: { storeId, items: [{ variantId: 'var_404', quantity: 1 }], currency: 'USD', checkoutUrl: 'https://shop.example/c' } })).status).toBe(404);
    // A total past a safe integer of minor units is refused on the quantity that makes it, never stored inexactly.
    const huge = await c.api(routes.createCheckoutSession, { body: { storeId, items: [{ variantId: mug!.id, quantity: 1e14 }], currency: 'USD', checkoutUrl: 'https://shop.example/c' } });
    expect(huge.status).toBe(400);
    expect(JSON.stringify(huge.body)).toContain('items.0.quantity');

    const pi = await c.instrument(storeId);
    const completePath = sandboxRoutes.completeCheckoutSession.replace('{id}', session.body.id);
    const done = await c.send('POST', completePath, { paymentInstrumentId: pi.id });
    expect(done.status).toBe(200);
    expect(done.body.payment).toMatchObject({ status: 'succeeded', amount: 3300, initiatedBy: 'customer' });
    expect(done.body.order).toMatchObject({ status: 'paid', amount: 3300, checkoutSessionId: session.body.id });
    expect(done.body.subscriptions).toHaveLength(1);
    expect(done.body.subscriptions[0]).toMatchObject({ amount: 2400, interval: 'month', currentPeriodEnd: '2030-02-28T12:00:00.000Z' });
    expect((await c.send('POST', completePath, { paymentInstrumentId: pi.id })).status).toBe(409);
    expect((await c.send('POST', sandboxRoutes.completeCheckoutSession.replace('{id}', 'cs_404'), { paymentInstrumentId: pi.id })).status).toBe(404);

    // Billed on the 31st, clamped to the month's last day: Feb 28, then Mar 31 (no drift); 40 days bill one renewal.
    const advanced = await c.send('POST', sandboxRoutes.advanceClock, { ms: 40 * 24 * 3600 * 1000 });
    expect(advanced.body.now).toBe('2030-03-12T12:00:00.000Z');
    sandbox.clock.advance(31 * 24 * 3600 * 1000);
    const subscription = sandbox.records.subscriptions.get(done.body.subscriptions[0].id);
    expect(subscription?.renewals).toBe(2);
    expect(subscription?.currentPeriodEnd).toBe('2030-04-30T12:00:00.000Z');
    const renewals = sandbox.records.payments.list().filter((p) => p.initiatedBy === 'merchant');
    expect(renewals.map((p) => [p.status, p.reasonType, p.amount])).toEqual([
      ['succeeded', 'recurring', 2400],
      ['succeeded', 'recurring', 2400],
    ]);

    const orders = await c.api(routes.listOrders, { query: `?storeId=${storeId}&page=1&per_page=2` });
    expect(z.safeParse(orderList, orders.body).success).toBe(true);
    expect(orders.body).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(orders.body.data).toHaveLength(2);
    expect(orders.body.data[0].subscriptionId).toBe(subscription?.id);
    const page2 = await c.api(routes.listOrders, { query: `?storeId=${storeId}&page=2&per_page=2` });
    expect(page2.body.data.map((o: { checkoutSessionId?: string }) => o.checkoutSessionId)).toEqual([session.body.id]);
    expect((await c.api(routes.listOrders, { query: `?storeId=${storeId}&page=x&per_page=2` })).status).toBe(400);

    const events = (await c.api(routes.listWebhookEvents, { query: `?storeId=${storeId}` })).body.data.map((e: { type: string }) => e.type);
    expect(events.filter((t: string) => t === 'order/created')).toHaveLength(3);
    expect(events).toContain('subscription/created');
    expect(events.filter((t: string) => t === 'subscription/renewed')).toHaveLength(2);
  });

  it('a renewal that is declined marks the subscription past_due and stops billing', async () => {
    const { gateway } = sandbox.defaults;
    const product = await catalog(gateway.storeId);
    const session = await c.api(routes.createCheckoutSession, {
      body: { storeId: gateway.storeId, items: [{ variantId: product.variants[0]!.id, quantity: 1 }], currency: 'USD', checkoutUrl: 'https://shop.example/c' },
    });
    const pi = await c.instrument(gateway.storeId, '4000000000000119');
    const done = await c.send('POST', sandboxRoutes.completeCheckoutSession.replace('{id}', session.body.id), { paymentInstrumentId: pi.id });
    expect(done.body).toMatchObject({ order: null, subscriptions: [], payment: { status: 'failed' } });

    const good = await c.instrument(gateway.storeId, '4242424242424242');
    const paid = await c.send('POST', sandboxRoutes.completeCheckoutSession.replace('{id}', session.body.id), { paymentInstrumentId: good.id });
    const subscription = sandbox.records.subscriptions.get(paid.body.subscriptions[0].id)!;
    // The card on file starts failing (no request changes a subscription's card, so the test changes the record).
    Object.assign(subscription, { paymentInstrumentId: pi.id });
    sandbox.clock.advance(400 * 24 * 3600 * 1000);
    expect(subscription.status).toBe('past_due');
    expect(subscription.renewals).toBe(0);

    // A store whose flow can no longer take payments: the renewal fails instead of breaking the clock.
    const second = await c.send('POST', sandboxRoutes.completeCheckoutSession.replace('{id}', (await c.api(routes.createCheckoutSession, {
      body: { storeId: gateway.storeId, items: [{ variantId: product.variants[0]!.id, quantity: 1 }], currency: 'USD', checkoutUrl: 'https://shop.example/c' },
    })).body.id), { paymentInstrumentId: good.id });
    await c.api(routes.archiveProcessors, { body: { processorIds: [gateway.processorId, gateway.fallbackProcessorId] } });
    expect(() => sandbox.clock.advance(40 * 24 * 3600 * 1000)).not.toThrow();
    expect(sandbox.records.subscriptions.get(second.body.subscriptions[0].id)?.status).toBe('past_due');
  });
  it('an interval the sandbox does not bill (quarter, 400×) is stored on the subscription and never rebilled', async () => {
    const { storeId } = sandbox.defaults;
    const price = { currencyOptions: { USD: { amount: 5000 } }, recurring: true, interval: 'quarter', intervalCount: 400, billingTiming: 'in_advance', default: true };
    const created = await c.api(routes.createProduct, {
      body: { storeId, name: 'Odd plan', active: true, variants: [{ name: 'Q', sku: 'Q', grams: 0, price: 5000, compareAtPrice: 0, active: true, default: true, prices: [price] }] },
    });
    expect(created.status).toBe(200);
    const session = await c.api(routes.createCheckoutSession, {
      body: { storeId, items: [{ variantId: created.body.product.variants[0].id, quantity: 5000 }], currency: 'USD', checkoutUrl: 'https://shop.example/c' },
    });
    expect(session.status).toBe(200);
    const pi = await c.instrument(storeId);
    const done = await c.send('POST', sandboxRoutes.completeCheckoutSession.replace('{id}', session.body.id), { paymentInstrumentId: pi.id });
    expect(done.body.subscriptions[0]).toMatchObject({ interval: 'quarter', intervalCount: 400, status: 'active', currentPeriodEnd: null });
    const before = sandbox.records.payments.count;
    sandbox.clock.advance(5 * 365 * 24 * 3600 * 1000);
    expect(sandbox.records.payments.count).toBe(before);
  });
});

describe('what the document allows', () => {
  const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64');
  const fromToken = (serviceToken: string, extra: Record<string, unknown> = {}) =>
    c.api(routes.createPaymentInstrumentFromToken, { body: { serviceToken, storeId: sandbox.defaults.storeId, customerData: { firstName: 'Ada' }, ...extra } });

  it("accepts the vendor library's envelopes and invents no card facts", async () => {
    // As @tagadapay/core-js 3.1.0 createTagadaToken writes it: two-digit year, 9-digit BIN, an issuer phone number
    // that passes Luhn, extra fields.
    const vendor = {
      type: 'card', token: 'bt_token_1', provider: 'basistheory',
      nonSensitiveMetadata: { cardType: 'card', expiryMonth: 7, expiryYear: 31, authentication: 'optional', last4: '1111', bin: '411111111', brand: 'visa', issuer: { name: 'Bank', phone: '4000000000003220' }, binDetails: { binLength: 9 } },
    };
    const created = await fromToken(b64(vendor), { metadata: { orderRef: 'A-1' } });
    expect(created.status).toBe(200);
    expect(created.body.paymentInstrument.card).toEqual({ last4: '1111', brand: 'visa', expMonth: 7, expYear: 2031 });
    expect(created.body.customer.email).toBeUndefined();

    const bare = await fromToken(b64({ type: 'card', token: 'bt_token_2', provider: 'basistheory' }));
    expect(bare.status).toBe(200);
    expect(bare.body.paymentInstrument.card).toEqual({});
    const wallet = await fromToken(b64({ type: 'google_pay', token: 'bt_token_3', provider: 'basistheory', nonSensitiveMetadata: { last4: '', brand: '', bin: '', expiryMonth: 0, expiryYear: 0 } }));
    expect(wallet.body.paymentInstrument.card).toEqual({});
    expect((await c.api(routes.retrievePaymentInstrument, { params: { id: bare.body.paymentInstrument.id } })).body.card).toEqual({});

    const withCvc = await fromToken(b64({ ...vendor, nonSensitiveMetadata: { cvc: '123' } }));
    expect(withCvc.status).toBe(400);
    expect(withCvc.body.error.fields[0]).toMatchObject({ field: 'serviceToken', code: 'invalid_service_token' });
    expect(JSON.stringify(withCvc.body)).not.toContain('123');
  });

  it('names the field of every create-from-token error', async () => {
    const neither = await c.api(routes.createPaymentInstrumentFromToken, { body: { serviceToken: 'x', storeId: sandbox.defaults.storeId } });
    expect(neither.body.error.fields).toEqual([{ field: 'customerId', code: 'exactly_one', message: expect.any(String) }]);
    const badEmail = await c.api(routes.createPaymentInstrumentFromToken, { body: { serviceToken: 'x', storeId: sandbox.defaults.storeId, customerData: { email: 1 } } });
    expect(badEmail.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['customerData.email']);
  });

  it('refuses zero-amount verifications (the published API requires more than 0); charges CIT payments with a reasonType; refuses currencies outside ISO 4217', async () => {
    const noFlow = await c.api(routes.createStore, { body: storeBody() });
    const pi = await c.instrument(noFlow.body.id);
    const verify = await c.api(routes.processPayment, { body: { ...purchase(noFlow.body.id, pi.id, { amount: 0 }), mode: 'auth', reasonType: 'unscheduled', metadata: { why: 'verify' } } });
    expect(verify.status).toBe(400);
    expect(verify.body.data.fields.map((field: { field: string }) => field.field)).toEqual(['amount']);
    const cit = await c.api(routes.processPayment, { body: { ...purchase(noFlow.body.id, pi.id), mode: 'auth', reasonType: 'unscheduled', metadata: { why: 'verify' } } });
    expect(cit.body.payment).toMatchObject({ amount: 1000, status: 'authorized', subStatus: 'authorized' });
    const xyz = await c.api(routes.processPayment, { body: { ...purchase(noFlow.body.id, pi.id), currency: 'XYZ' } });
    expect(xyz.status).toBe(400);
    expect(xyz.body.error.fields).toEqual([{ field: 'currency', code: 'invalid_format', message: expect.any(String) }]);
    expect(sandbox.records.ledger.list().filter((entry) => entry.currency === 'XYZ')).toEqual([]);
  });

  it('keeps the routing rules of a flow (format "not shown") and never lets them replace its id', async () => {
    const processorId = (await c.api(routes.createProcessor, { body: processorBody('sandbox') })).body.processor.id as string;
    const created = await c.api(routes.createPaymentFlow, { body: flowBody([processorId], [], { id: 'flow_mine', routingRules: [{ brand: 'visa' }], maxFallbackRetries: 50 }) });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ routingRules: [{ brand: 'visa' }], maxFallbackRetries: 50 });
    expect(created.body.id).toMatch(/^flow_\d+$/);
  });
});
