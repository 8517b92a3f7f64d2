import type { OperationMethod, OperationName } from '@tessera/core/internal';
import published from '@tessera/test-support/vendor-examples.json' with { type: 'json' };
import type { JsonBodyType } from 'msw';
import type { RequestOptions, Tessera } from '../src/index.js';
import { checkoutInput, flowInput, processorInput, productInput, productWire, storeInput, succeededPayment } from './fixtures.js';

/**
 * One call of an operation through the client: how it is made, what it sends (method, path, query, body) and, for a
 * documented answer, what the call returns. A `required` answer holds only what the SDK relies on plus a field it
 * does not know; a `recognised` or `list` answer comes wrapped.
 */
export interface OperationCase {
  /** The call, made with `ids`: {@link sampleIds} against msw, a sandbox's own records in `sandbox-operations.test.ts`. */
  call: (client: Tessera, ids: Ids, options?: RequestOptions) => PromiseLike<unknown>;
  method: OperationMethod;
  /** The path as sent, below the API prefix. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  reply: JsonBodyType;
  /** For a `redirect` answer: the `Location` of the 302 the service answers (then `reply` is not sent). */
  redirect?: string;
  /** What the call returns for `reply` (for a list, the items of the page). */
  expected: unknown;
  /** For a row derived from a published example: that request (its ids the sample ones), which the sent body holds. */
  sendsPublished?: unknown;
}

/**
 * The records a row's call names. The sample ids are what the rows' `path` and `body` show; `sandboxIds`
 * (`sandbox-ids.ts`) makes a sandbox's own, one of each, so that the same calls run against the sandbox.
 */
export interface Ids {
  /** A service token not yet used. */
  serviceToken: string;
  storeId: string;
  customerId: string;
  /** The customer's card instrument. */
  instrumentId: string;
  /** A succeeded purchase of 19.99 USD. */
  paymentId: string;
  /** An authorization, not captured. */
  authorizedPaymentId: string;
  processorId: string;
  productId: string;
  variantId: string;
  /** The variant's recurring price. */
  priceId: string;
  orderId: string;
  eventId: string;
  subscriptionId: string;
  checkoutSessionId: string;
  /** Where a new webhook endpoint sends its events. */
  webhookUrl: string;
  /** A promotion of the store. */
  promotionId: string;
  /** An active code of that promotion. */
  promotionCodeId: string;
  /** A funnel of the store whose config has the steps `step_checkout` and `step_thankyou` (the published examples'). */
  funnelId: string;
}

/** A card instrument as the service would return it. */
export const instrument = { id: 'pi_1', type: 'card', customerId: 'cus_1', card: { last4: '4242', brand: 'visa', expMonth: 12, expYear: 2030 } };
/** A valid create-from-token request. */
/** A service token as the tokenizer makes it (createFromToken decodes it before sending). */
export const serviceToken = btoa(JSON.stringify({ type: 'card', token: 'tok_1', provider: 'basistheory' }));
export const tokenRequest = { serviceToken, storeId: 'store_1', customerData: { email: 'a@b.co' } };
/** {@link tokenRequest} on the wire: the token under the document's name and the published one. */
export const tokenWire = { ...tokenRequest, tagadaToken: tokenRequest.serviceToken };
/** The ids the rows' `path` and `body` show. */
export const sampleIds: Ids = {
  serviceToken, storeId: 'store_1', customerId: 'cus_1', instrumentId: 'pi_1', paymentId: 'pay_1', authorizedPaymentId: 'pay_1',
  processorId: 'proc_1', productId: 'prod_1', variantId: 'var_1', priceId: 'price_1', orderId: 'ord_1', eventId: 'evt_1',
  subscriptionId: 'sub_1', checkoutSessionId: 'ch_1', webhookUrl: 'https://shop.test/webhooks',
  promotionId: 'promo_1', promotionCodeId: 'pc_1',
  funnelId: 'funnelv2_1',
};
/** A valid 3DS session request. */
export const sessionRequest = { provider: 'basis_theory', storeId: 'store_1', paymentInstrumentId: 'pi_1', sessionData: { sessionId: 's_1', metadata: {} } };
/** {@link sessionRequest} on the wire: the session's id under the published `id` too. */
export const sessionWire = { ...sessionRequest, sessionData: { ...sessionRequest.sessionData, id: 's_1' } };
const purchase = (w: Ids) => ({ amount: 1999, currency: 'USD', storeId: w.storeId, paymentInstrumentId: w.instrumentId, initiatedBy: 'customer' }) as const;
const minimalPayment = { id: 'pay_1', status: 'succeeded', surprise: { nested: 1 } };
/** An app event as the service would return it. */
const appEventItem = { id: 'evt_1', eventType: 's_order_paid', properties: { orderId: 'ord_1' }, surprise: 1 };
/** What a `recognised` answer returns for a body wrapping its resource in one key: `{ [key]: resource, raw: body }`. */
export const recognised = <K extends string>(key: K, wrapped: Record<string, unknown>) => ({ [key]: Object.values(wrapped)[0], raw: wrapped });

/**
 * The operations whose page publishes both an example request and an example answer: their rows may be left to
 * `published-cases.ts`, which derives them from those examples.
 */
export type PublishedOperationName = {
  [K in keyof typeof published]: (typeof published)[K] extends { request: object; response: unknown } ? K : never;
}[keyof typeof published] &
  OperationName;

/**
 * One row per operation of core's catalog: adding an operation without a row, or removing the client method a row
 * calls, fails the type check; `routes.test.ts` checks that each row's call sends its own operation, and
 * `sandbox-operations.test.ts` that the sandbox serves it.
 */
export const operationCases = {
  createPaymentInstrumentFromToken: {
    call: (c, w, o) => c.paymentInstruments.createFromToken({ ...tokenRequest, serviceToken: w.serviceToken, storeId: w.storeId }, o),
    method: 'POST',
    path: '/payment-instruments/create-from-token',
    body: tokenWire,
    reply: { paymentInstrument: { id: 'pi_1' }, customer: { id: 'cus_1', email: 'a@b.co' } },
    expected: { paymentInstrument: { id: 'pi_1' }, customer: { id: 'cus_1', email: 'a@b.co' } },
  },
  retrievePaymentInstrument: {
    call: (c, w, o) => c.paymentInstruments.retrieve(w.instrumentId, o),
    method: 'GET',
    path: '/payment-instruments/pi_1',
    reply: { paymentInstrument: instrument },
    expected: recognised('paymentInstrument', { paymentInstrument: instrument }),
  },
  listCustomerPaymentInstruments: {
    call: (c, w, o) => c.customers.listPaymentInstruments(w.customerId, o),
    method: 'GET',
    path: '/customers/cus_1/payment-instruments',
    reply: { instruments: [instrument] },
    expected: [instrument],
  },
  createThreeDSSession: {
    call: (c, w, o) => c.threeds.createSession({ ...sessionRequest, storeId: w.storeId, paymentInstrumentId: w.instrumentId }, o),
    method: 'POST',
    path: '/threeds/create-session',
    body: sessionWire,
    reply: { id: 'tds_1', externalSessionId: 's_1' },
    expected: { id: 'tds_1', externalSessionId: 's_1' },
  },
  processPayment: {
    call: (c, w, o) => c.payments.purchase(purchase(w), o),
    method: 'POST',
    path: '/payments/process',
    body: { ...purchase(sampleIds), mode: 'purchase' },
    reply: { payment: minimalPayment },
    expected: minimalPayment,
  },
  continuePayment: {
    call: (c, w, o) => c.payments.continue({ paymentId: w.paymentId }, o),
    method: 'POST',
    path: '/payments/continue',
    body: { paymentId: 'pay_1' },
    reply: { payment: minimalPayment },
    expected: minimalPayment,
  },
  createRadarSession: {
    call: (c, w, o) => c.radarSessions.create({ paymentId: w.paymentId, airwallexRadarSessionId: 'f0e1d2c3-0000-4000-8000-000000000001' }, o),
    method: 'POST',
    path: '/radar-sessions',
    body: { paymentId: 'pay_1', airwallexRadarSessionId: 'f0e1d2c3-0000-4000-8000-000000000001' },
    reply: { success: true, radarSessionId: 'rs_1', surprise: 1 },
    expected: { radarSession: { success: true, radarSessionId: 'rs_1', surprise: 1 }, raw: { success: true, radarSessionId: 'rs_1', surprise: 1 } },
  },
  retrievePayment: {
    call: (c, w, o) => c.payments.retrieve(w.paymentId, o),
    method: 'GET',
    path: '/payments/pay_1',
    reply: { id: 'pay_1', status: 'pending' },
    expected: { id: 'pay_1', status: 'pending' },
  },
  voidPayment: {
    call: (c, w, o) => c.payments.void({ paymentId: w.authorizedPaymentId, storeId: w.storeId }, o),
    method: 'POST',
    path: '/payments/void',
    body: { paymentId: 'pay_1', storeId: 'store_1' },
    reply: { payment: { id: 'pay_1', status: 'voided' } },
    expected: recognised('payment', { payment: { id: 'pay_1', status: 'voided' } }),
  },
  refundPayment: {
    call: (c, w, o) => c.payments.refund({ paymentId: w.paymentId, storeId: w.storeId, amount: 100 }, o),
    method: 'POST',
    path: '/payments/refund',
    body: { paymentId: 'pay_1', paymentIds: ['pay_1'], storeId: 'store_1', amount: 100 },
    // The refund among the wrapped payment's fields: read in the payment.
    reply: { payment: { ...succeededPayment, status: 'partially_refunded', refund: { id: 're_1', amount: 100 } } },
    expected: { ...recognised('payment', { payment: { ...succeededPayment, status: 'partially_refunded', refund: { id: 're_1', amount: 100 } } }), refund: { id: 're_1', amount: 100 } },
  },
  createProcessor: {
    call: (c, _, o) => c.processors.create(processorInput, o),
    method: 'POST',
    path: '/processors/create',
    body: { processor: processorInput },
    reply: { processor: { id: 'proc_1', surprise: true } },
    expected: { id: 'proc_1', surprise: true },
  },
  archiveProcessors: {
    call: (c, w, o) => c.processors.archive([w.processorId], o),
    method: 'POST',
    path: '/processors/archive',
    body: ['proc_1'],
    reply: { archived: ['proc_1'] },
    expected: recognised('archived', { archived: ['proc_1'] }),
  },
  createPaymentFlow: {
    call: (c, w, o) => c.paymentFlows.create(flowInput(w.processorId), o),
    method: 'POST',
    path: '/payment-flows/create',
    body: { data: flowInput('proc_1') },
    reply: { data: { id: 'flow_1', name: 'Sandbox flow' } },
    expected: recognised('paymentFlow', { data: { id: 'flow_1', name: 'Sandbox flow' } }),
  },
  createStore: {
    call: (c, _, o) => c.stores.create(storeInput(), o),
    method: 'POST',
    path: '/stores/create',
    body: storeInput(),
    reply: { store: { id: 'store_1', name: 'Sandbox store', baseCurrency: 'USD' } },
    expected: recognised('store', { store: { id: 'store_1', name: 'Sandbox store', baseCurrency: 'USD' } }),
  },
  createProduct: {
    call: (c, w, o) => c.products.create(productInput(w.storeId), o),
    method: 'POST',
    path: '/products/create',
    body: productWire('store_1'),
    reply: { product: { id: 'prod_1', name: 'Coffee club', variants: [{ id: 'var_1' }] } },
    expected: recognised('product', { product: { id: 'prod_1', name: 'Coffee club', variants: [{ id: 'var_1' }] } }),
  },
  createCheckoutSession: {
    call: (c, w, o) => c.checkoutSessions.create(checkoutInput(w.storeId, w.variantId), o),
    method: 'POST',
    path: '/checkout-sessions/create',
    body: checkoutInput('store_1', 'var_1'),
    reply: { checkoutSession: { id: 'cs_1', redirectUrl: 'https://pay.test/cs_1' } },
    expected: recognised('checkoutSession', { checkoutSession: { id: 'cs_1', redirectUrl: 'https://pay.test/cs_1' } }),
  },
  listPayments: {
    call: (c, w, o) => c.payments.list({ filters: { storeIds: [w.storeId] } }, o),
    method: 'POST',
    path: '/payments',
    body: { pagination: { page: 1, pageSize: 20 }, filters: { storeIds: ['store_1'] } },
    reply: { data: [succeededPayment], total: 1 },
    expected: [succeededPayment],
  },
  listOrders: {
    call: (c, w, o) => c.orders.list({ storeId: w.storeId }, o),
    method: 'GET',
    path: '/orders',
    query: { storeId: 'store_1', page: '1', per_page: '20' },
    reply: { orders: [{ id: 'ord_1' }], total: 1 },
    expected: [{ id: 'ord_1' }],
  },
  listWebhookEvents: {
    call: (c, w, o) => c.webhooks.listEvents({ storeId: w.storeId }, o),
    method: 'GET',
    path: '/webhooks',
    query: { storeId: 'store_1' },
    reply: { events: [{ id: 'evt_1', type: 'payment.succeeded' }] },
    expected: [{ id: 'evt_1', type: 'payment.succeeded' }],
  },
  // Webhook endpoints and events.
  createWebhookEndpoint: {
    call: (c, w, o) => c.webhooks.createEndpoint({ storeId: w.storeId, url: w.webhookUrl, eventTypes: ['order/paid'] }, o),
    method: 'POST',
    path: '/webhooks',
    body: { storeId: 'store_1', url: 'https://shop.test/webhooks', eventTypes: ['order/paid'] },
    reply: { id: 'wh_1', secret: 'whsec_1', surprise: true },
    expected: { id: 'wh_1', secret: 'whsec_1', surprise: true },
  },
  listEvents: {
    call: (c, w, o) => c.events.list({ filters: { storeIds: [w.storeId] } }, o),
    method: 'POST',
    path: '/events/list',
    body: { pagination: { page: 1, pageSize: 20 }, filters: { storeIds: ['store_1'] } },
    reply: { events: [appEventItem], total: 1, pageCount: 1 },
    expected: [appEventItem],
  },
  retrieveEvent: {
    call: (c, w, o) => c.events.retrieve(w.eventId, o),
    method: 'GET',
    path: '/events/evt_1',
    reply: appEventItem,
    expected: appEventItem,
  },
  listRecentEvents: {
    call: (c, _, o) => c.events.recent({ limit: 5 }, o),
    method: 'POST',
    path: '/events/recent',
    body: { limit: 5 },
    reply: [appEventItem],
    expected: [appEventItem],
  },
  // The published lists, retrieves, subscriptions and key check.
  listPaymentInstruments: {
    call: (c, w, o) => c.paymentInstruments.list({ filters: { customerId: w.customerId } }, o),
    method: 'POST',
    path: '/payment-instruments/list',
    body: { filters: { customerId: 'cus_1' }, page: 1, pageSize: 20 },
    reply: { items: [instrument], total: 1, page: 1, pageSize: 20, totalPages: 1 },
    expected: [instrument],
  },
  retrieveCustomer: {
    call: (c, w, o) => c.customers.retrieve(w.customerId, o),
    method: 'GET',
    path: '/customers/cus_1',
    reply: { id: 'cus_1', email: 'a@b.co', surprise: true },
    expected: { id: 'cus_1', email: 'a@b.co', surprise: true },
  },
  listCustomers: {
    call: (c, _, o) => c.customers.list({ sortBy: { field: 'createdAt', direction: 'desc' } }, o),
    method: 'POST',
    path: '/customers/list',
    body: { sortBy: { field: 'createdAt', direction: 'desc' }, page: 1, pageSize: 20 },
    reply: { items: [{ id: 'cus_1', email: 'a@b.co' }], total: 1, page: 1, pageSize: 20, totalPages: 1 },
    expected: [{ id: 'cus_1', email: 'a@b.co' }],
  },
  listProducts: {
    call: (c, w, o) => c.products.list({ storeId: w.storeId }, o),
    method: 'POST',
    path: '/products/list',
    body: { storeId: 'store_1', page: 1, per_page: 30 },
    reply: { items: [{ id: 'prod_1', name: 'Plan' }], pagination: { hasNext: false, totalItems: 1, nextPage: null, previousPage: null } },
    expected: [{ id: 'prod_1', name: 'Plan' }],
  },
  retrieveProduct: {
    call: (c, w, o) => c.products.retrieve(w.productId, o),
    method: 'GET',
    path: '/products/prod_1',
    reply: { id: 'prod_1', name: 'Plan', variants: [] },
    expected: { id: 'prod_1', name: 'Plan', variants: [] },
  },
  retrieveOrder: {
    call: (c, w, o) => c.orders.retrieve(w.orderId, o),
    method: 'GET',
    path: '/orders/ord_1',
    reply: { order: { id: 'ord_1', status: 'paid' } },
    expected: { id: 'ord_1', status: 'paid' },
  },
  createSubscription: {
    call: (c, w, o) => c.subscriptions.create({ customerId: w.customerId, priceId: w.priceId, storeId: w.storeId, currency: 'USD', initiatePayment: true }, o),
    method: 'POST',
    path: '/subscriptions/create',
    body: { customerId: 'cus_1', priceId: 'price_1', storeId: 'store_1', currency: 'USD', initiatePayment: true },
    reply: { subscription: { id: 'sub_1', status: 'active' } },
    expected: { ...recognised('subscription', { subscription: { id: 'sub_1', status: 'active' } }), payment: undefined },
  },
  listSubscriptions: {
    call: (c, _, o) => c.subscriptions.list({}, o),
    method: 'POST',
    path: '/subscriptions/list',
    body: { page: 1, per_page: 20 },
    reply: { items: [{ id: 'sub_1', status: 'active' }], pagination: { hasNext: false, totalItems: 1, nextPage: null, previousPage: null } },
    expected: [{ id: 'sub_1', status: 'active' }],
  },
  retrieveSubscription: {
    call: (c, w, o) => c.subscriptions.retrieve(w.subscriptionId, o),
    method: 'GET',
    path: '/subscriptions/sub_1',
    reply: { subscription: { id: 'sub_1', status: 'active' } },
    expected: { id: 'sub_1', status: 'active' },
  },
  rebillSubscription: {
    call: (c, w, o) => c.subscriptions.rebill({ subscriptionId: w.subscriptionId }, o),
    method: 'POST',
    path: '/subscriptions/rebill',
    body: { subscriptionId: 'sub_1' },
    reply: { success: true, message: 'Subscription rebilled successfully' },
    expected: { subscription: undefined, success: true, message: 'Subscription rebilled successfully', payment: undefined, raw: { success: true, message: 'Subscription rebilled successfully' } },
  },
  changeSubscriptionProcessor: {
    call: (c, w, o) => c.subscriptions.changeProcessor({ subscriptionId: w.subscriptionId, processorId: w.processorId }, o),
    method: 'POST',
    path: '/subscriptions/change-processor',
    body: { subscriptionId: 'sub_1', processorId: 'proc_1' },
    reply: { subscription: { id: 'sub_1', preferredProcessorId: 'proc_1' } },
    expected: { id: 'sub_1', preferredProcessorId: 'proc_1' },
  },
  testAuth: {
    call: (c, _, o) => c.auth.test(o),
    method: 'POST',
    path: '/auth/test',
    body: {},
    reply: { success: true, user: { id: 'user_1', account: { id: 'acc_1', name: 'Shop' } } },
    expected: { success: true, user: { id: 'user_1', account: { id: 'acc_1', name: 'Shop' } } },
  },
  // Checkout as published.
  initCheckout: {
    call: (c, w, o) => c.checkoutSessions.init({ storeId: w.storeId, items: [{ variantId: w.variantId, quantity: 1 }], currency: 'USD', customerTags: ['segment:vip'] }, o),
    method: 'GET',
    path: '/checkout/init',
    query: { storeId: 'store_1', items: '[{"variantId":"var_1","quantity":1}]', currency: 'USD', customerTags: '["segment:vip"]' },
    reply: null,
    redirect: 'https://checkout.shop.test/checkout/ch_1/op?checkoutToken=cht_1&utm_source=x',
    expected: { redirectUrl: 'https://checkout.shop.test/checkout/ch_1/op?checkoutToken=cht_1&utm_source=x', checkoutToken: 'cht_1' },
  },
  payCheckout: {
    call: (c, w, o) => c.checkoutSessions.pay({ checkoutSessionId: w.checkoutSessionId, paymentInstrumentId: w.instrumentId }, o),
    method: 'POST',
    path: '/checkout/pay-v2',
    body: { checkoutSessionId: 'ch_1', paymentInstrumentId: 'pi_1' },
    reply: { order: { id: 'ord_1', status: 'paid', totalAmount: 2999, currency: 'USD' }, payment: minimalPayment, redirectUrl: 'https://shop.test/thankyou/ord_1' },
    expected: {
      payment: minimalPayment,
      order: { id: 'ord_1', status: 'paid', totalAmount: 2999, currency: 'USD' },
      redirectUrl: 'https://shop.test/thankyou/ord_1',
      raw: { order: { id: 'ord_1', status: 'paid', totalAmount: 2999, currency: 'USD' }, payment: minimalPayment, redirectUrl: 'https://shop.test/thankyou/ord_1' },
    },
  },
} satisfies { [N in Exclude<OperationName, PublishedOperationName>]: OperationCase } & { [N in PublishedOperationName]?: OperationCase };

