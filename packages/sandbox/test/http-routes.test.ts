import {
  appEvent,
  checkoutSession,
  createPaymentInstrumentFromTokenResponse,
  orderSchema as order,
  paymentFlow,
  paymentInstrument,
  paymentSchema as payment,
  refundSchema as refund,
  productSchema as product,
  savedRadarSession,
  storeSchema as store,
  threeDSSession,
  webhookEndpoint,
  authTestResult,
  customerDetails,
  listedCustomer,
  listedProduct,
  listedSubscription,
  subscriptionSchema as subscription,
} from '@tessera/core/schemas';
import {
  appEventList,
  archiveProcessorsResponse,
  orderList,
  paymentInstrumentList,
  paymentList,
  paymentResponse,
  processorResponse,
  routes,
  webhookList,
  type OperationName,
} from '@tessera/core/internal';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import type { SandboxServer } from '../src/index.js';
import { type Client, useHttpSandbox } from './use-sandbox.js';

// Every operation of core's route table over real HTTP (the same handlers as msw, through the node:http adapter):
// a valid request answers 200 with a body of the documented shape, and the same request without the key is 401.
let server: SandboxServer;
let c: Client;
useHttpSandbox({ port: 0 }, (started) => ({ server, c } = started));

describe('every API route over HTTP', () => {
  it('answers each operation with its documented shape, and refuses each without the API key', async () => {
    const { storeId } = server.sandbox.defaults;
    const seen = new Set<OperationName>();
    const call = async (name: OperationName, schema: z.core.$ZodType, options: Parameters<typeof c.api>[1] = {}) => {
      const answer = await c.api(routes[name], options);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(z.safeParse(schema, answer.body).success, name).toBe(true);
      const anonymous = await c.api(routes[name], { ...options, headers: { authorization: '' } });
      expect(anonymous.status, `${name} without a key`).toBe(401);
      seen.add(name);
      return answer.body;
    };

    const { serviceToken } = await c.tokenize();
    const created = await call('createPaymentInstrumentFromToken', createPaymentInstrumentFromTokenResponse, {
      body: { serviceToken, storeId, customerData: { email: 'http@example.com' } },
    });
    const instrumentId = created.paymentInstrument.id as string;
    await call('retrievePaymentInstrument', paymentInstrument, { params: { id: instrumentId } });
    await call('listCustomerPaymentInstruments', paymentInstrumentList, { params: { id: created.customer.id as string } });
    await call('createThreeDSSession', threeDSSession, {
      body: { provider: 'basis_theory', storeId, paymentInstrumentId: instrumentId, sessionData: { sessionId: 'ext_http', metadata: {} } },
    });
    const charge = { amount: 1500, currency: 'USD', storeId, paymentInstrumentId: instrumentId, initiatedBy: 'customer' };
    const purchased = await call('processPayment', paymentResponse, { body: { mode: 'purchase', ...charge } });
    await call('retrievePayment', payment, { params: { id: purchased.payment.id as string } });
    await call('continuePayment', paymentResponse, { body: { paymentId: purchased.payment.id } });
    await call('createRadarSession', savedRadarSession, { body: { paymentId: purchased.payment.id, airwallexRadarSessionId: 'c0ffee00-0000-4000-8000-000000000001' } });
    // Void and refund answer the payment at the top level (published), refund with its `refund`.
    const refunded = await call('refundPayment', z.extend(payment, { refund }), { body: { paymentId: purchased.payment.id, storeId, amount: 500 } });
    expect(refunded).toMatchObject({ id: purchased.payment.id, status: 'partially_refunded', subStatus: 'partially_refunded' });
    const authorized = await c.api(routes.processPayment, { body: { mode: 'auth', ...charge } });
    const voided = await call('voidPayment', payment, { body: { paymentId: authorized.body.payment.id, storeId } });
    expect(voided).toMatchObject({ status: 'failed', subStatus: 'voided', voidedAt: expect.any(String) });

    const processor = await call('createProcessor', processorResponse, {
      body: { processor: { name: 'P', type: 'sandbox', enabled: true, supportedCurrencies: ['USD'], baseCurrency: 'USD', options: { testMode: true } } },
    });
    const flow = await call('createPaymentFlow', paymentFlow, {
      body: {
        data: {
          name: 'F', strategy: 'simple', fallbackMode: false, maxFallbackRetries: 0, threeDsEnabled: false, stickyProcessorEnabled: false,
          pickProcessorStrategy: 'weighted', processorConfigs: [{ processorId: processor.processor.id, weight: 100, disabled: false, nonStickable: false }],
          fallbackProcessorConfigs: [], abuseDetectionConfig: null,
        },
      },
    });
    const newStore = await call('createStore', store, {
      body: { name: 'S', baseCurrency: 'USD', presentmentCurrencies: ['USD'], chargeCurrencies: ['USD'], selectedPaymentFlowId: flow.id },
    });
    const created2 = await call('createProduct', z.looseObject({ success: z.literal(true), message: z.string(), product }), {
      body: {
        storeId: newStore.id, name: 'Plan', active: true,
        variants: [{ name: 'M', sku: 'M', grams: 0, price: 900, compareAtPrice: 900, active: true, default: true, prices: [{ currencyOptions: { USD: { amount: 900 } }, recurring: true, interval: 'month', intervalCount: 1, default: true }] }],
      },
    });
    await call('createCheckoutSession', checkoutSession, {
      body: { storeId: newStore.id, items: [{ variantId: created2.product.variants[0].id, quantity: 1 }], currency: 'USD', checkoutUrl: 'https://shop.example/checkout' },
    });
    await call('listOrders', orderList, { query: `?storeId=${storeId}&page=1&per_page=10` });
    await call('listPayments', paymentList, { body: { pagination: { page: 1, pageSize: 10 }, filters: { storeIds: [storeId] } } });
    await call('listWebhooks', webhookList, { query: `?storeId=${storeId}` });
    await call('createWebhookEndpoint', webhookEndpoint, { body: { storeId, url: 'http://127.0.0.1:9/hooks', eventTypes: ['order/paid'] } });
    const events = await call('listEvents', appEventList, { body: { pagination: { page: 1, pageSize: 5 } } });
    await call('retrieveEvent', appEvent, { params: { id: events.events[0].id as string } });
    await call('listRecentEvents', z.array(appEvent), { body: { limit: 3 } });
    // The published lists, retrieves, subscriptions and key check (issue 18).
    const pageOf = (item: z.core.$ZodType) => z.looseObject({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number(), totalPages: z.number() });
    const paginationOf = (item: z.core.$ZodType) => z.looseObject({ items: z.array(item), pagination: z.looseObject({ hasNext: z.boolean(), totalItems: z.number() }) });
    await call('testAuth', authTestResult, { body: {} });
    await call('listPaymentInstruments', pageOf(paymentInstrument), { body: { page: 1, pageSize: 10 } });
    await call('retrieveCustomer', customerDetails, { params: { id: created.customer.id as string } });
    await call('listCustomers', pageOf(listedCustomer), { body: { page: 1, pageSize: 10 } });
    await call('listProducts', paginationOf(listedProduct), { body: { storeId: newStore.id, page: 1, per_page: 10 } });
    await call('retrieveProduct', product, { params: { id: created2.product.id as string } });
    const plan = await c.api(routes.createProduct, {
      body: { storeId, name: 'Club', active: true, variants: [{ name: 'M', sku: 'C', active: true, default: true, prices: [{ currencyOptions: { USD: { amount: 700 } }, recurring: true, interval: 'month', intervalCount: 1, default: true }] }] },
    });
    const subscribed = await call('createSubscription', z.looseObject({ subscription, payment }), {
      body: { customerId: created.customer.id, priceId: plan.body.product.variants[0].prices[0].id, storeId, currency: 'USD', initiatePayment: true },
    });
    const subscriptionId = subscribed.subscription.id as string;
    // The first period's payment made an order.
    const orders = await c.api(routes.listOrders, { query: `?storeId=${storeId}&page=1&per_page=10` });
    await call('retrieveOrder', z.looseObject({ order }), { params: { id: orders.body.data[0].id as string } });
    await call('listSubscriptions', paginationOf(listedSubscription), { body: { page: 1, per_page: 10 } });
    await call('retrieveSubscription', z.looseObject({ subscription }), { params: { id: subscriptionId } });
    await call('rebillSubscription', z.looseObject({ success: z.literal(true), message: z.string(), subscription, payment }), { body: { subscriptionId } });
    await call('changeSubscriptionProcessor', z.looseObject({ subscription }), { body: { subscriptionId, processorId: processor.processor.id } });
    // Published checkout: init is public and answers a redirect (read here without following it), with or without a key.
    const items = encodeURIComponent(JSON.stringify([{ variantId: created2.product.variants[0].id, quantity: 1 }]));
    let checkoutSessionId = '';
    for (const headers of [{ authorization: `Bearer ${server.sandbox.apiKey}` }, {}]) {
      const init = await fetch(`${server.url}/api/public/v1/checkout/init?storeId=${newStore.id}&items=${items}&currency=USD`, { redirect: 'manual', headers });
      expect(init.status).toBe(302);
      checkoutSessionId = new URL(init.headers.get('location')!).searchParams.get('checkoutSessionId')!;
    }
    seen.add('initCheckout');
    const buyer = await c.instrument(newStore.id);
    await call('payCheckout', z.looseObject({ payment, order, redirectUrl: z.nullable(z.string()) }), { body: { checkoutSessionId, paymentInstrumentId: buyer.id } });

    await call('archiveProcessors', archiveProcessorsResponse, { body: { processorIds: [processor.processor.id] } });
    expect([...seen].sort()).toEqual(Object.keys(routes).sort());
  });
});
