import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { normalizePaymentStatus, Tessera, TesseraConflictError, TesseraNotFoundError, TesseraValidationError, type Payment, type Refund } from '../src/index.js';
import { API_KEY } from './fixtures.js';
import published from '@tessera/test-support/vendor-examples.json' with { type: 'json' };

// Every published answer example of the operations Tessera serves (`@tessera/test-support/vendor-examples.json`, made
// by scripts/vendor-examples.mjs from the vendor's API reference), served as is by a raw node:http server on
// 127.0.0.1: what the client returns for each, and what it sent.

interface Received {
  method: string;
  path: string;
  body: unknown;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map(async (server) => new Promise((resolve) => server.close(resolve))));
});

/** A server answering every request with `status` and `body`; `received` lists what reached it. */
async function serve(body: unknown, status = 200): Promise<{ client: Tessera; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method ?? '', path: request.url ?? '', body: text === '' ? undefined : JSON.parse(text) });
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { client: new Tessera({ apiKey: API_KEY, baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 }), received };
}

const api = (path: string): string => `/api/public/v1${path}`;

describe('the published answer of each operation, served by a raw server', () => {
  it('create-from-token: the published request goes out with tagadaToken; the answer is returned whole', async () => {
    const { request, response } = published.createPaymentInstrumentFromToken;
    const { client, received } = await serve(response);
    expect(await client.paymentInstruments.createFromToken(request)).toEqual(response);
    expect(received[0]).toEqual({ method: 'POST', path: api('/payment-instruments/create-from-token'), body: { ...request, serviceToken: request.tagadaToken } });
  });

  // The retrieves: each sends the GET of its path and returns the published answer, its resource unwrapped or recognised.
  const { retrievePaymentInstrument: instrument, retrievePayment: payment, retrieveCustomer: customer, retrieveProduct: product, retrieveOrder: order, retrieveSubscription: subscription } = published;
  it.each([
    { title: 'GET instrument: the instrument at the top level is recognised', response: instrument.response, retrieve: (c: Tessera) => c.paymentInstruments.retrieve('pi_123'), path: '/payment-instruments/pi_123', returns: { paymentInstrument: instrument.response, raw: instrument.response } },
    { title: 'GET payment: the payment at the top level is returned', response: payment.response, retrieve: (c: Tessera) => c.payments.retrieve('pay_123'), path: '/payments/pay_123', returns: payment.response },
    { title: 'GET customer: the customer at the top level is returned', response: customer.response, retrieve: (c: Tessera) => c.customers.retrieve('cus_123'), path: '/customers/cus_123', returns: customer.response },
    { title: 'GET product: the product with its variants and prices is returned', response: product.response, retrieve: (c: Tessera) => c.products.retrieve('prod_123'), path: '/products/prod_123', returns: product.response },
    { title: 'GET order: { order } is unwrapped', response: order.response, retrieve: (c: Tessera) => c.orders.retrieve('ord_123'), path: '/orders/ord_123', returns: order.response.order },
    { title: 'GET subscription: { subscription } is unwrapped', response: subscription.response, retrieve: (c: Tessera) => c.subscriptions.retrieve('sub_123'), path: '/subscriptions/sub_123', returns: subscription.response.subscription },
  ])('$title', async ({ response, retrieve, path, returns }) => {
    const { client, received } = await serve(response);
    expect(await retrieve(client)).toEqual(returns);
    expect(received[0]?.path).toBe(api(path));
  });

  it('customer instruments: { instruments } whose items carry no customerId are listed', async () => {
    const { response } = published.listCustomerPaymentInstruments;
    const { client } = await serve(response);
    const page = await client.customers.listPaymentInstruments('cus_123');
    expect(page.data).toEqual(response.instruments);
    expect(page.data).toHaveLength(1);
  });

  it('3DS create-session: the published request (BT session object, no sessionId) goes out with both ids', async () => {
    const { request, response } = published.createThreeDSSession;
    const { client, received } = await serve(response);
    expect(await client.threeds.createSession(request)).toEqual(response);
    expect(received[0]?.body).toEqual({ ...request, sessionData: { ...request.sessionData, sessionId: request.sessionData.id, metadata: {} } });
  });

  it('process: the published request (no initiatedBy) goes out with its defaults; succeeded / approved reads as succeeded', async () => {
    const { request, response } = published.processPayment;
    const { client, received } = await serve(response);
    const payment = await client.payments.process({ ...request, mode: 'purchase' });
    expect(payment).toEqual(response.payment);
    expect(normalizePaymentStatus(payment)).toBe('succeeded');
    expect(received[0]?.body).toEqual({ ...request, initiatedBy: 'customer' });
  });

  it('list payments: { payments, total, pageCount } and the guide’s { success, data } are both listed', async () => {
    const { request, response } = published.listPayments;
    const listed = await serve(response);
    const page = await listed.client.payments.list(request);
    expect(page.data).toEqual(response.payments);
    expect(listed.received[0]?.body).toEqual(request);
    const guide = { success: true, data: [{ id: 'pay_1', orderId: 'ord_1', amount: 99.99, currency: 'USD', status: 'succeeded', processorTransactionId: 'tx', customer: { email: 'a@b.c' }, createdAt: '2024-03-20T10:30:00Z' }] };
    const fromGuide = await serve(guide);
    expect((await fromGuide.client.payments.list()).data).toEqual(guide.data);
  });

  it('refund: the published example request is accepted and sent in both forms; the refund object is returned', async () => {
    const { request, response } = published.refundPayment;
    const { client, received } = await serve(response);
    const outcome = await client.payments.refund(request);
    expect(outcome).toEqual({ payment: response, refund: response.refund, raw: response });
    expect(normalizePaymentStatus(outcome.payment as Payment)).toBe('partially_refunded');
    expect(received[0]?.body).toEqual({ ...request, paymentIds: [request.paymentId] });
    // A refund comes with its payment: narrowed on `payment`, `refund` needs no second check of the payment.
    if (outcome.payment !== undefined) expectTypeOf(outcome.refund).toEqualTypeOf<Refund | undefined>();
    if (outcome.refund !== undefined) expectTypeOf(outcome.payment).toEqualTypeOf<Payment>();
    if (outcome.payment === undefined) expectTypeOf(outcome.refund).toEqualTypeOf<undefined>();
  });

  it('refund: a refund is read in the payment it wraps, and only with a payment; any other body is returned as raw, never thrown', async () => {
    const refund = { id: 'ref_1', amount: 500, currency: 'USD', status: 'succeeded', createdAt: '2024-03-20T10:30:00Z' };
    const payment = { id: 'pay_1', status: 'partially_refunded', refundedAmount: 500 };
    // The payment wrapped (`{ data }`), the refund among its fields.
    const wrapped = { data: { ...payment, refund } };
    expect(await (await serve(wrapped)).client.payments.refund({ paymentId: 'pay_1' })).toEqual({ payment: wrapped.data, refund, raw: wrapped });
    // A refund without a payment the SDK recognises: both undefined, the body in raw (read the payment with retrieve).
    for (const body of [{ success: true, refund }, { refund }, 'refunded', null]) {
      expect(await (await serve(body)).client.payments.refund({ paymentId: 'pay_1' })).toEqual({ payment: undefined, refund: undefined, raw: body });
    }
    // A payment whose `refund` is not a refund (no id): the payment, no refund.
    const odd = { ...payment, refund: true };
    expect(await (await serve(odd)).client.payments.refund({ paymentId: 'pay_1' })).toEqual({ payment: odd, refund: undefined, raw: odd });
  });

  it('void: { paymentId } alone is sent; failed / voided reads as voided', async () => {
    const { request, response } = published.voidPayment;
    const { client, received } = await serve(response);
    const outcome = await client.payments.void(request);
    expect(outcome).toEqual({ payment: response, raw: response });
    expect(normalizePaymentStatus(outcome.payment as Payment)).toBe('voided');
    expect(received[0]?.body).toEqual(request);
  });

  it('product create: { success, message } with no id is returned, never thrown', async () => {
    const { request, response } = published.createProduct;
    const { client, received } = await serve(response);
    expect(await client.products.create(request)).toEqual({ product: undefined, raw: response });
    const sent = received[0]?.body as typeof request;
    expect(sent.variants[0]?.prices[0]?.currencyOptions).toEqual(request.variants[0]?.prices[0]?.currencyOptions);
  });

  it('processor create: the guide’s request is sent as published', async () => {
    const { request } = published.createProcessor;
    const { client, received } = await serve({ processor: { id: 'proc_1', ...request.processor } });
    expect((await client.processors.create(request.processor)).id).toBe('proc_1');
    expect(received[0]?.body).toEqual(request);
  });

  it('webhook endpoint create: the published request is sent as is; the endpoint with its secret is returned', async () => {
    const { request, response } = published.createWebhookEndpoint;
    const { client, received } = await serve(response);
    expect(await client.webhooks.createEndpoint(request)).toEqual(response);
    expect(received[0]).toEqual({ method: 'POST', path: api('/webhooks'), body: request });
  });

  it('checkout init: the published redirect is read, never followed; its token comes from the URL', async () => {
    const { request, response } = published.initCheckout;
    const received: Received[] = [];
    const server = createServer((incoming, outgoing) => {
      received.push({ method: incoming.method ?? '', path: incoming.url ?? '', body: undefined });
      outgoing.writeHead(302, { location: response.location }).end();
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = new Tessera({ apiKey: API_KEY, baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 });
    expect(await client.checkoutSessions.init(request)).toEqual({ redirectUrl: response.location, checkoutToken: 'cms_token_xyz' });
    expect(received).toEqual([{ method: 'GET', path: `${api('/checkout/init')}?storeId=store_123&items=${encodeURIComponent(JSON.stringify(request.items))}&currency=USD`, body: undefined }]);
  });

  it('checkout pay-v2: { order, payment, redirectUrl } are each returned', async () => {
    const { request, response } = published.payCheckout;
    const { client, received } = await serve(response);
    expect(await client.checkoutSessions.pay(request)).toEqual({ ...response, raw: response });
    expect(received[0]).toEqual({ method: 'POST', path: api('/checkout/pay-v2'), body: request });
  });

  it('events list: { events, total, pageCount, options } is listed, the published pagination sent', async () => {
    const { request, response } = published.listEvents;
    const { client, received } = await serve(response);
    const page = await client.events.list(request);
    expect(page.data).toEqual(response.events);
    expect(page.total).toBe(1);
    expect(page.hasNextPage()).toBe(false);
    expect(page.raw).toEqual(response);
    expect(received[0]).toEqual({ method: 'POST', path: api('/events/list'), body: request });
  });

  it('events list: for await walks every page by the published total', async () => {
    const item = published.listEvents.response.events[0]!;
    const received: unknown[] = [];
    const server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        const { pagination } = JSON.parse(text) as { pagination: { page: number; pageSize: number } };
        received.push(pagination);
        const events = pagination.page < 3 ? [{ ...item, id: `evt_${pagination.page}a` }, { ...item, id: `evt_${pagination.page}b` }] : [{ ...item, id: 'evt_3a' }];
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ events, total: 5, pageCount: 3, options: {} }));
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new Tessera({ apiKey: API_KEY, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, maxRetries: 0 });
    const ids: string[] = [];
    for await (const event of client.events.list({ pagination: { pageSize: 2 } })) ids.push(event.id);
    expect(ids).toEqual(['evt_1a', 'evt_1b', 'evt_2a', 'evt_2b', 'evt_3a']);
    expect(received).toEqual([1, 2, 3].map((page) => ({ page, pageSize: 2 })));
  });

  it('GET event: the event at the top level is returned', async () => {
    const { response } = published.retrieveEvent;
    const { client, received } = await serve(response);
    expect(await client.events.retrieve('evt_123')).toEqual(response);
    expect(received[0]).toEqual({ method: 'GET', path: api('/events/evt_123'), body: undefined });
  });

  it('recent events: the top-level array is the page’s data', async () => {
    const { request, response } = published.listRecentEvents;
    const { client, received } = await serve(response);
    const recent = await client.events.recent(request);
    expect(recent.data).toEqual(response);
    expect(received[0]).toEqual({ method: 'POST', path: api('/events/recent'), body: request });
  });

  // The published lists, retrieves, subscriptions and key check.
  it('auth test: {} is sent; { success, user } is returned whole', async () => {
    const { response } = published.testAuth;
    const { client, received } = await serve(response);
    const result = await client.auth.test();
    expect(result).toEqual(response);
    expect(result.user.account?.name).toBe('My Account');
    expect(received[0]).toEqual({ method: 'POST', path: api('/auth/test'), body: {} });
  });

  it('list instruments: the published request goes out as is; { items, total, page, pageSize, totalPages } is listed', async () => {
    const { request, response } = published.listPaymentInstruments;
    const { client, received } = await serve(response);
    const page = await client.paymentInstruments.list({ ...request, sortBy: { ...request.sortBy, direction: request.sortBy.direction as 'desc' } });
    expect(page.data).toEqual(response.items);
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 50 });
    // The published example says page 1 of 3.
    expect(page.hasNextPage()).toBe(true);
    expect(received[0]).toEqual({ method: 'POST', path: api('/payment-instruments/list'), body: request });
  });

  // The lists that send the published request as is: the items are listed, with the total and whether a page follows.
  const { listCustomers: customers, listProducts: products, listSubscriptions: subscriptions } = published;
  it.each([
    { title: 'list customers: the published request goes out as is; the items are listed, 1 of 8 pages', example: customers, list: (c: Tessera) => c.customers.list({ ...customers.request, sortBy: { ...customers.request.sortBy, direction: customers.request.sortBy.direction as 'desc' } }), total: 150, hasNext: true },
    { title: 'list products: the published request goes out as is; { items, pagination } is listed and ends with hasNext false', example: products, list: (c: Tessera) => c.products.list(products.request), total: 1, hasNext: false },
    { title: 'list subscriptions: items whose customer is a name are listed', example: subscriptions, list: (c: Tessera) => c.subscriptions.list(subscriptions.request), total: 1, hasNext: false },
  ])('$title', async ({ example, list, total, hasNext }) => {
    const { client, received } = await serve(example.response);
    const page = await list(client);
    expect(page.data).toEqual(example.response.items);
    expect(page.total).toBe(total);
    expect(page.hasNextPage()).toBe(hasNext);
    expect(received[0]?.body).toEqual(example.request);
  });

  it('create subscription: the published request goes out as is; { subscription } is recognised', async () => {
    const { request, response } = published.createSubscription;
    const { client, received } = await serve(response);
    expect(await client.subscriptions.create(request)).toEqual({ subscription: response.subscription, payment: undefined, raw: response });
    expect(received[0]).toEqual({ method: 'POST', path: api('/subscriptions/create'), body: request });
  });

  it('rebill: { success, message } without a subscription is returned, never thrown', async () => {
    const { request, response } = published.rebillSubscription;
    const { client, received } = await serve(response);
    expect(await client.subscriptions.rebill(request)).toEqual({ subscription: undefined, success: true, message: response.message, payment: undefined, raw: response });
    expect(received[0]?.body).toEqual(request);
  });

  it('change processor: the published request goes out as is; the partial subscription is returned', async () => {
    const { request, response } = published.changeSubscriptionProcessor;
    const { client, received } = await serve(response);
    expect(await client.subscriptions.changeProcessor(request)).toEqual(response.subscription);
    expect(received[0]?.body).toEqual(request);
  });

  it('an error in the published body { code, message, data } keeps its code', async () => {
    const notFound = await serve({ code: 'PAYMENT_NOT_FOUND', message: 'Payment not found', data: {} }, 404);
    const missing = await notFound.client.payments.retrieve('pay_404').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(TesseraNotFoundError);
    expect(missing).toMatchObject({ code: 'PAYMENT_NOT_FOUND', message: 'Payment not found' });
    const notAuthorized = await serve({ code: 'TRANSACTION_NOT_AUTHORIZE', message: 'Payment is not authorized', data: {} }, 409);
    expect(await notAuthorized.client.payments.void({ paymentId: 'pay_1' }).catch((error: unknown) => error)).toBeInstanceOf(TesseraConflictError);
  });
});

describe('the statuses as the service reports them', () => {
  it.each([
    ['an authorization read as the vendor’s polling code reads it', { status: 'pending', subStatus: 'authorized' }],
    ['an authorization', { status: 'authorized' }],
    ['a void, as published', { status: 'failed', subStatus: 'voided' }],
  ])('waitForFinalStatus stops at once on %s', async (_name, status) => {
    const { client, received } = await serve({ id: 'pay_1', amount: 100, currency: 'USD', ...status });
    await expect(client.payments.waitForFinalStatus('pay_1', { intervalMs: 10, timeoutMs: 2000 })).resolves.toMatchObject(status);
    expect(received).toHaveLength(1);
  });

  it('a payment asking for an action the SDK does not know is returned, not thrown', async () => {
    const answer = { payment: { id: 'pay_1', amount: 100, currency: 'USD', status: 'pending', requireAction: 'biometric_check', requireActionData: { type: 'biometric_check', anything: [1] } } };
    const { client } = await serve(answer);
    const payment = await client.payments.purchase({ amount: 100, currency: 'USD', storeId: 's', paymentInstrumentId: 'pi' });
    expect(payment).toEqual(answer.payment);
    expect(normalizePaymentStatus(payment)).toBe('requires_action');
  });

  it('a redirect carries its URL', async () => {
    const answer = { payment: { id: 'pay_1', amount: 100, currency: 'USD', status: 'pending', requireAction: 'redirect', requireActionData: { type: 'redirect', metadata: { redirect: { redirectUrl: 'https://bank.example/auth' } } } } };
    const { client } = await serve(answer);
    const payment = await client.payments.purchase({ amount: 100, currency: 'USD', storeId: 's', paymentInstrumentId: 'pi' });
    expect(payment.requireActionData?.metadata?.redirect?.redirectUrl).toBe('https://bank.example/auth');
  });
});

describe('requests the published API requires', () => {
  it('a capture without amount, currency or storeId reads them from its authorization before sending', async () => {
    const { client, received } = await serve({ id: 'pay_1', amount: 2999, currency: 'EUR', status: 'authorized', storeId: 'store_9' });
    await client.payments.capture({ paymentId: 'pay_1' });
    expect(received.map(({ method, path }) => `${method} ${path}`)).toEqual([`GET ${api('/payments/pay_1')}`, `POST ${api('/payments/process')}`]);
    expect(received[1]?.body).toEqual({ paymentId: 'pay_1', mode: 'capture', amount: 2999, currency: 'EUR', storeId: 'store_9' });
  });

  it('a partial capture keeps its amount and reads only what is missing', async () => {
    const { client, received } = await serve({ id: 'pay_1', amount: 2999, currency: 'EUR', status: 'authorized' });
    await client.payments.capture({ paymentId: 'pay_1', amount: 1000, storeId: 'store_1' });
    expect(received[1]?.body).toEqual({ paymentId: 'pay_1', mode: 'capture', amount: 1000, currency: 'EUR', storeId: 'store_1' });
  });

  it.each([
    ['both customerId and customerData', { tagadaToken: 'eyJ0', storeId: 's', customerId: 'c', customerData: { email: 'a@b.c' } }, 'customerId'],
    ['no token', { storeId: 's', customerId: 'c' }, 'serviceToken'],
    ['a purchase of 0', { amount: 0 }, 'amount'],
  ])('%s is refused before sending', async (_name, input, field) => {
    const { client, received } = await serve({});
    const call =
      'amount' in input
        ? client.payments.purchase({ amount: input.amount, currency: 'USD', storeId: 's', paymentInstrumentId: 'pi' })
        : client.paymentInstruments.createFromToken(input as never);
    const error = await call.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TesseraValidationError);
    expect((error as TesseraValidationError).fields.map((problem) => problem.field)).toContain(field);
    expect(received).toHaveLength(0);
  });
});
