import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import published from '@tessera/test-support/vendor-examples.json' with { type: 'json' };
import { startSandboxServer, type SandboxServer } from '../src/index.js';

// Every published request example of the operations Tessera serves (`@tessera/test-support/vendor-examples.json`, from
// the vendor's API reference), sent as is — not through the client — to the sandbox over HTTP, with only the ids
// swapped for ones the sandbox knows: each must answer 2xx with every key of the published answer (nested objects,
// and an array's first item, too). Code written from the vendor's docs runs offline. Each test has a sandbox of its
// own and makes what it needs (the helpers below repeat the earlier examples' requests), so none relies on another
// having run.

let server: SandboxServer;
beforeEach(async () => {
  server = await startSandboxServer({ port: 0 });
});
afterEach(async () => {
  await server.close();
});

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sends `body` to `path` as a merchant's own code would, with the sandbox's key. */
async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${server.url}/api/public/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${server.sandbox.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

/** The keys of `expected` (the published answer) missing from `actual`, as paths; arrays compare their first items. */
function missingKeys(expected: unknown, actual: unknown, at = ''): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [at || '(root)'];
    return expected.length > 0 && actual.length > 0 ? missingKeys(expected[0], actual[0], `${at}[0]`) : [];
  }
  if (!isObject(expected)) return [];
  if (!isObject(actual)) return [at || '(root)'];
  return Object.entries(expected).flatMap(([key, value]) => (key in actual ? missingKeys(value, actual[key], at ? `${at}.${key}` : key) : [at ? `${at}.${key}` : key]));
}

/** Sends a published example and checks the answer: 2xx, with every key the published answer has. */
async function replay(method: 'GET' | 'POST', path: string, body: unknown, answer: unknown): Promise<Json> {
  const { status, json } = await send(method, path, body);
  expect({ status, json }).toMatchObject({ status: expect.toSatisfy((code: number) => code >= 200 && code < 300) });
  expect(missingKeys(answer, json)).toEqual([]);
  return json;
}

describe('the sandbox answers every published request example as the vendor publishes', () => {
  const ids = { storeId: '', customerId: '', paymentInstrumentId: '' };

  /** The first example's customer and instrument: the vendor's token saved on a customer of this sandbox. */
  async function savedInstrument(): Promise<typeof ids> {
    const { request } = published.createPaymentInstrumentFromToken;
    const storeId = server.sandbox.defaults.storeId;
    const first = await send('POST', '/payment-instruments/create-from-token', { tagadaToken: request.tagadaToken, storeId, customerData: { email: 'john@example.com' } });
    const customerId = String((first.json.customer as Json).id);
    const saved = await send('POST', '/payment-instruments/create-from-token', { ...request, storeId, customerId });
    return { storeId, customerId, paymentInstrumentId: String((saved.json.paymentInstrument as Json).id) };
  }
  /** The published payment (2999 USD) on that instrument, with `extra` fields; its id. */
  async function processed(extra: Json = {}): Promise<string> {
    const json = (await send('POST', '/payments/process', { ...published.processPayment.request, storeId: ids.storeId, paymentInstrumentId: ids.paymentInstrumentId, customerId: ids.customerId, ...extra })).json;
    return String((json.payment as Json).id);
  }
  /** The event of a payment of order `ord_123` (the events example); its id. */
  async function orderPaymentEvent(): Promise<string> {
    await processed({ orderId: 'ord_123' });
    const json = (await send('POST', '/events/list', { ...published.listEvents.request, filters: { eventTypes: ['s_payment_succeeded'] } })).json;
    return String((json.events as Json[])[0]?.id);
  }
  /** The published example's plan (GET /products/{productId}), created: its id and the id of its first price. */
  async function plan(): Promise<{ productId: string; priceId: string }> {
    const { response } = published.retrieveProduct;
    const variants = response.variants.map(({ name, default: isDefault, prices }) => ({
      name,
      sku: name,
      active: true,
      default: isDefault,
      prices: prices.map(({ recurring, interval, intervalCount, currencyOptions }) => ({ recurring, interval, intervalCount, currencyOptions, default: true })),
    }));
    const created = await send('POST', '/products/create', { storeId: ids.storeId, name: response.name, description: response.description, active: true, variants });
    const product = created.json.product as { id: string; variants: Array<{ prices: Array<{ id: string }> }> };
    return { productId: product.id, priceId: product.variants[0]!.prices[0]!.id };
  }
  /** The published subscription to the plan, for the saved customer; its id. */
  async function subscribed(): Promise<string> {
    const json = (await send('POST', '/subscriptions/create', { ...published.createSubscription.request, customerId: ids.customerId, priceId: (await plan()).priceId, storeId: ids.storeId })).json;
    return String((json.subscription as Json).id);
  }
  /** The published checkout URL (GET /checkout/init, public: no key) for the published items on a product of the store; the answer, unfollowed. */
  async function initCheckout(): Promise<Response> {
    const { request } = published.initCheckout;
    const product = await send('POST', '/products/create', {
      storeId: ids.storeId, name: 'Tee', active: true,
      variants: [{ name: 'Tee', sku: 'TEE', price: 2999, active: true, default: true, prices: [{ currencyOptions: { USD: { amount: 2999 } }, recurring: false, default: true }] }],
    });
    const variantId = String(((product.json.product as Json).variants as Json[])[0]?.id);
    const query = new URLSearchParams({ ...request, storeId: ids.storeId, items: JSON.stringify(request.items.map((item) => ({ ...item, variantId }))) });
    return fetch(`${server.url}/api/public/v1/checkout/init?${query}`, { redirect: 'manual' });
  }
  /** A checkout session of {@link initCheckout}; its id. */
  async function checkoutSession(): Promise<string> {
    const answer = await initCheckout();
    return new URL(answer.headers.get('location') ?? '').searchParams.get('checkoutSessionId') ?? '';
  }

  it('POST /payment-instruments/create-from-token (the vendor’s own example token, an existing customer)', async () => {
    const { request, response } = published.createPaymentInstrumentFromToken;
    const storeId = server.sandbox.defaults.storeId;
    // The example names customer `cus_123`: make a customer of this sandbox first, with the same token.
    const first = await send('POST', '/payment-instruments/create-from-token', { tagadaToken: request.tagadaToken, storeId, customerData: { email: 'john@example.com' } });
    const customerId = String((first.json.customer as Json).id);
    const json = await replay('POST', '/payment-instruments/create-from-token', { ...request, storeId, customerId }, response);
    expect(json.paymentInstrument).toMatchObject({ customerId, tokenizer: 'basistheory', card: { last4: '4242', brand: 'visa', expMonth: 12, expYear: 2025 } });
  });

  it('POST /processors/create (the guide’s cURL)', async () => {
    const json = await replay('POST', '/processors/create', published.createProcessor.request, { processor: { id: '' } });
    expect(json.processor).toMatchObject({ type: 'sandbox', name: 'Test Sandbox' });
  });

  it('POST /auth/test (the published empty body)', async () => {
    const json = await replay('POST', '/auth/test', {}, published.testAuth.response);
    expect(json).toMatchObject({ success: true, user: { account: { id: 'acc_sandbox', name: 'Tessera Sandbox' } } });
  });

  describe('on the example customer and instrument', () => {
    beforeEach(async () => {
      Object.assign(ids, await savedInstrument());
    });

    it('GET /payment-instruments/{paymentInstrumentId}', async () => {
      await replay('GET', `/payment-instruments/${ids.paymentInstrumentId}`, undefined, published.retrievePaymentInstrument.response);
    });

    it('GET /customers/{customerId}/payment-instruments', async () => {
      const json = await replay('GET', `/customers/${ids.customerId}/payment-instruments`, undefined, published.listCustomerPaymentInstruments.response);
      expect((json.instruments as Json[]).every((instrument) => !('customerId' in instrument))).toBe(true);
    });

    it('POST /threeds/create-session (Basis Theory’s session object as sessionData)', async () => {
      const { request, response } = published.createThreeDSSession;
      const json = await replay('POST', '/threeds/create-session', { ...request, storeId: ids.storeId, paymentInstrumentId: ids.paymentInstrumentId }, response);
      expect(json).toMatchObject({ externalSessionId: request.sessionData.id, provider: 'basis_theory', status: 'created' });
    });

    it('POST /payments/process', async () => {
      const { request, response } = published.processPayment;
      const json = await replay('POST', '/payments/process', { ...request, storeId: ids.storeId, paymentInstrumentId: ids.paymentInstrumentId, customerId: ids.customerId }, response);
      expect(json.payment).toMatchObject({ status: 'succeeded', subStatus: 'approved', requireAction: 'none', amount: 2999 });
    });

    it('GET /payments/{paymentId}', async () => {
      const paymentId = await processed();
      await replay('GET', `/payments/${paymentId}`, undefined, published.retrievePayment.response);
    });

    it('POST /payments (list)', async () => {
      // One payment to list, so that the published item's keys are compared with one of the sandbox's.
      await processed();
      const json = await replay('POST', '/payments', published.listPayments.request, published.listPayments.response);
      expect(json.payments).toHaveLength(1);
    });

    it('POST /payments/refund (the page’s example: paymentId + refundAll + metadata)', async () => {
      const paymentId = await processed();
      const { request, response } = published.refundPayment;
      const json = await replay('POST', '/payments/refund', { ...request, paymentId }, response);
      expect(json).toMatchObject({ id: paymentId, status: 'refunded', refundedAmount: 2999, refund: { amount: 2999, currency: 'USD', status: 'succeeded' } });
    });

    it('POST /payments/refund (the page’s schema: paymentIds + amount)', async () => {
      const { request } = published.processPayment;
      const charged = await send('POST', '/payments/process', { ...request, storeId: ids.storeId, paymentInstrumentId: ids.paymentInstrumentId });
      const id = String((charged.json.payment as Json).id);
      const json = await replay('POST', '/payments/refund', { paymentIds: [id], amount: 1000 }, published.refundPayment.response);
      expect(json).toMatchObject({ id, status: 'partially_refunded', refundedAmount: 1000 });
    });

    it('POST /payments/void (an authorization)', async () => {
      const { request, response } = published.voidPayment;
      const auth = await send('POST', '/payments/process', { ...published.processPayment.request, mode: 'auth', storeId: ids.storeId, paymentInstrumentId: ids.paymentInstrumentId });
      const json = await replay('POST', '/payments/void', { ...request, paymentId: (auth.json.payment as Json).id }, response);
      expect(json).toMatchObject({ status: 'failed', subStatus: 'voided' });
    });

    it('POST /products/create', async () => {
      const { request, response } = published.createProduct;
      const json = await replay('POST', '/products/create', { ...request, storeId: ids.storeId }, response);
      expect(json).toMatchObject({ success: true });
    });

    it('POST /webhooks (the Zapier example: order/paid)', async () => {
      const { request, response } = published.createWebhookEndpoint;
      const json = await replay('POST', '/webhooks', { ...request, storeId: ids.storeId }, response);
      expect(json).toMatchObject({ url: request.url, eventTypes: request.eventTypes, enabled: true, secret: expect.stringMatching(/^whsec_/) });
    });

    it('POST /events/list (a payment of an order, as the published event: properties orderId, amount, currency, paymentId)', async () => {
      const { request, response } = published.listEvents;
      await send('POST', '/payments/process', { ...published.processPayment.request, storeId: ids.storeId, paymentInstrumentId: ids.paymentInstrumentId, customerId: ids.customerId, orderId: 'ord_123' });
      const json = await replay('POST', '/events/list', { ...request, filters: { eventTypes: ['s_payment_succeeded'] } }, response);
      const [event] = json.events as Json[];
      expect(event).toMatchObject({ eventType: 's_payment_succeeded', properties: { orderId: 'ord_123', amount: 2999, currency: 'USD' }, customer: { id: ids.customerId, email: 'john@example.com' } });
    });

    it('GET /events/{eventId}', async () => {
      const eventId = await orderPaymentEvent();
      const json = await replay('GET', `/events/${eventId}`, undefined, published.retrieveEvent.response);
      expect(json.id).toBe(eventId);
    });

    it('POST /events/recent (a top-level array, newest first)', async () => {
      const eventId = await orderPaymentEvent();
      const { request, response } = published.listRecentEvents;
      const { status, json } = await send('POST', '/events/recent', request);
      expect(status).toBe(200);
      expect(missingKeys(response, json)).toEqual([]);
      expect((json as unknown as Json[])[0]?.id).toBe(eventId);
    });

    // The published lists, retrieves, subscriptions and key check.
    it('POST /payment-instruments/list', async () => {
      const json = await replay('POST', '/payment-instruments/list', published.listPaymentInstruments.request, published.listPaymentInstruments.response);
      expect(json).toMatchObject({ page: 1, pageSize: 20, totalPages: 1 });
    });

    it('GET /customers/{customerId}', async () => {
      const json = await replay('GET', `/customers/${ids.customerId}`, undefined, published.retrieveCustomer.response);
      expect((json.paymentInstruments as Json[]).map((instrument) => instrument.id)).toContain(ids.paymentInstrumentId);
    });

    it('POST /customers/list', async () => {
      await replay('POST', '/customers/list', published.listCustomers.request, published.listCustomers.response);
    });

    it('GET /products/{productId} (the published example’s plan, created first)', async () => {
      const { productId } = await plan();
      await replay('GET', `/products/${productId}`, undefined, published.retrieveProduct.response);
    });

    it('POST /products/list', async () => {
      // Two products in the store: the published one and the plan.
      await send('POST', '/products/create', { ...published.createProduct.request, storeId: ids.storeId });
      await plan();
      const { request, response } = published.listProducts;
      const json = await replay('POST', '/products/list', { ...request, storeId: ids.storeId }, response);
      expect(json.pagination).toEqual({ hasNext: false, totalItems: 2, nextPage: null, previousPage: null });
    });

    it('POST /subscriptions/create', async () => {
      const { priceId } = await plan();
      const { request, response } = published.createSubscription;
      const json = await replay('POST', '/subscriptions/create', { ...request, customerId: ids.customerId, priceId, storeId: ids.storeId }, response);
      expect(json.subscription).toMatchObject({ status: 'active', quantity: 1, currency: 'USD', metadata: { source: 'api' } });
    });

    it('POST /subscriptions/list', async () => {
      const subscriptionId = await subscribed();
      const { request, response } = published.listSubscriptions;
      const json = await replay('POST', '/subscriptions/list', request, response);
      expect((json.items as Json[])[0]).toMatchObject({ id: subscriptionId, priceCurrencyOptions: { USD: { amount: 2999 }, EUR: { amount: 2599 } } });
    });

    it('GET /subscriptions/{subscriptionId}', async () => {
      const subscriptionId = await subscribed();
      await replay('GET', `/subscriptions/${subscriptionId}`, undefined, published.retrieveSubscription.response);
    });

    it('POST /subscriptions/rebill', async () => {
      const subscriptionId = await subscribed();
      const { request, response } = published.rebillSubscription;
      const json = await replay('POST', '/subscriptions/rebill', { ...request, subscriptionId }, response);
      expect(json).toMatchObject({ success: true, payment: { status: 'succeeded', initiatedBy: 'merchant', reasonType: 'recurring', amount: 2999 } });
    });

    it('GET /orders/{orderId} (the rebill’s order)', async () => {
      const subscriptionId = await subscribed();
      await send('POST', '/subscriptions/rebill', { ...published.rebillSubscription.request, subscriptionId });
      const order = server.sandbox.records.orders.list().at(-1)!;
      const json = await replay('GET', `/orders/${order.id}`, undefined, published.retrieveOrder.response);
      expect(json.order).toMatchObject({ id: order.id, status: 'paid', items: [{ quantity: 1, orderLineItemProduct: { name: 'Premium Plan' } }] });
    });

    it('POST /subscriptions/change-processor', async () => {
      const subscriptionId = await subscribed();
      const { request, response } = published.changeSubscriptionProcessor;
      const processorId = server.sandbox.defaults.processorId;
      const json = await replay('POST', '/subscriptions/change-processor', { ...request, subscriptionId, processorId }, response);
      expect(json.subscription).toMatchObject({ id: subscriptionId, preferredProcessorId: processorId });
    });

    it('GET /checkout/init (the published URL: public, no key; answered with a redirect carrying the token)', async () => {
      const { response } = published.initCheckout;
      const answer = await initCheckout();
      expect(answer.status).toBe(302);
      // The published Location carries a query token; the sandbox's carries it under the default checkoutToken.
      expect(new URL(response.location).searchParams.get('token')).toBe('cms_token_xyz');
      const location = new URL(answer.headers.get('location') ?? '');
      expect(location.searchParams.get('checkoutToken')).toMatch(/^chtok_/);
      expect(location.searchParams.get('checkoutSessionId')).toMatch(/\S/);
    });

    it('POST /checkout/pay-v2 (the published example: checkoutSessionId + paymentInstrumentId)', async () => {
      const checkoutSessionId = await checkoutSession();
      const { request, response } = published.payCheckout;
      const json = await replay('POST', '/checkout/pay-v2', { ...request, checkoutSessionId, paymentInstrumentId: ids.paymentInstrumentId }, response);
      expect(json).toMatchObject({ order: { status: 'paid', amount: 2999 }, payment: { status: 'succeeded', amount: 2999, currency: 'USD' } });
    });
  });
});

