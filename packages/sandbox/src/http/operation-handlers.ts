import type { OperationInput, OperationName } from '@tessera/core/internal';
import type { RouteResult } from './answer.js';
import { createCheckoutSession, initCheckout, payCheckout } from '../service/checkout.js';
import type { SandboxContext } from '../state/context.js';
import { listEvents, recentEvents, retrieveEvent } from '../service/events.js';
import { createInstrumentFromToken, createThreeDSSession, listCustomerInstruments, retrieveInstrument } from '../service/instruments.js';
import type { PathParams } from './operation-input.js';
import { listOrders } from '../service/orders.js';
import { createPaymentFlow } from '../service/payment-flows.js';
import { continuePayment, listPayments, processPayment, refundPayment, retrievePayment, voidPayment } from '../service/payments.js';
import { archiveProcessors, createProcessor } from '../service/processors.js';
import { createProduct } from '../service/products.js';
import { createRadarSession } from '../service/radar-sessions.js';
import type { SandboxRequest } from './request.js';
import { createStore, requireStore } from '../service/stores.js';
import { endpointView, registerWebhookEndpoint } from '../service/webhook-endpoints.js';
import { webhookEvents } from '../service/webhooks.js';
// The published lists, retrieves, subscriptions and key check (issue 18).
import { testAuth } from '../service/auth-test.js';
import { listCustomers, retrieveCustomer } from '../service/customer-views.js';
import { listInstruments } from '../service/instruments.js';
import { retrieveOrder } from '../service/orders.js';
import { listProducts, retrieveProduct } from '../service/products.js';
import { changeSubscriptionProcessor, createSubscription, listSubscriptions, rebillSubscription, retrieveSubscription } from '../service/subscriptions.js';

/**
 * The request besides the input, with its path parameters typed: its URL (ACS URLs point at its origin) and the body
 * as sent (before the catalog's schema filled in defaults and second names: to name a field as the caller wrote it).
 */
export type HandlerRequest<K extends OperationName> = Omit<SandboxRequest, 'params'> & { readonly params: PathParams<K> };

/** Serves one operation of core's catalog with its checked input (never `unknown`: the route checked it first). */
export type Handler<K extends OperationName> = (ctx: SandboxContext, input: OperationInput<K>, request: HandlerRequest<K>) => RouteResult;

/** A handler for every operation of the catalog. */
export type OperationHandlers = { readonly [K in OperationName]: Handler<K> };

/** How the sandbox serves each operation of core's catalog (sections 4.1–4.10). A missing one does not compile. */
export const operationHandlers = {
  createPaymentInstrumentFromToken: (ctx, input, { body }) => ({ json: createInstrumentFromToken(ctx, input, body) }),
  retrievePaymentInstrument: (ctx, _, { params }) => ({ json: retrieveInstrument(ctx, params.id) }),
  listCustomerPaymentInstruments: (ctx, _, { params }) => ({ json: listCustomerInstruments(ctx, params.id) }),
  createThreeDSSession: (ctx, input) => ({ json: createThreeDSSession(ctx, input) }),
  processPayment: (ctx, input, { origin }) => ({ json: processPayment(ctx, input, origin) }),
  continuePayment: (ctx, input, { origin }) => ({ json: continuePayment(ctx, input, origin) }),
  createRadarSession: (ctx, input) => ({ json: createRadarSession(ctx, input) }),
  retrievePayment: (ctx, _, { params }) => ({ json: retrievePayment(ctx, params.id) }),
  voidPayment: (ctx, input) => ({ json: voidPayment(ctx, input) }),
  refundPayment: (ctx, input) => ({ json: refundPayment(ctx, input) }),
  createProcessor: (ctx, input) => ({ json: createProcessor(ctx, input) }),
  archiveProcessors: (ctx, input) => ({ json: archiveProcessors(ctx, input) }),
  createPaymentFlow: (ctx, input) => ({ json: createPaymentFlow(ctx, input) }),
  createStore: (ctx, input) => ({ json: createStore(ctx, input) }),
  createProduct: (ctx, input) => ({ json: createProduct(ctx, input) }),
  createCheckoutSession: (ctx, input) => ({ json: createCheckoutSession(ctx, input) }),
  listPayments: (ctx, input) => ({ json: listPayments(ctx, input) }),
  listOrders: (ctx, input) => ({ json: listOrders(ctx, input) }),
  listWebhooks: (ctx, input) => {
    requireStore(ctx, input.storeId);
    return { json: { data: webhookEvents.of(ctx).filter((event) => event.storeId === input.storeId) } };
  },
  // Webhook endpoints and events (issue 18).
  createWebhookEndpoint: (ctx, input) => ({ json: endpointView(registerWebhookEndpoint(ctx, input)) }),
  listEvents: (ctx, input) => ({ json: listEvents(ctx, input) }),
  retrieveEvent: (ctx, _, { params }) => ({ json: retrieveEvent(ctx, params.id) }),
  listRecentEvents: (ctx, input) => ({ json: recentEvents(ctx, input) }),
  // The published lists, retrieves, subscriptions and key check (issue 18).
  listPaymentInstruments: (ctx, input) => ({ json: listInstruments(ctx, input) }),
  retrieveCustomer: (ctx, _, { params }) => ({ json: retrieveCustomer(ctx, params.id) }),
  listCustomers: (ctx, input) => ({ json: listCustomers(ctx, input) }),
  listProducts: (ctx, input) => ({ json: listProducts(ctx, input) }),
  retrieveProduct: (ctx, _, { params }) => ({ json: retrieveProduct(ctx, params.id) }),
  retrieveOrder: (ctx, _, { params }) => ({ json: retrieveOrder(ctx, params.id) }),
  createSubscription: (ctx, input) => ({ json: createSubscription(ctx, input) }),
  listSubscriptions: (ctx, input) => ({ json: listSubscriptions(ctx, input) }),
  retrieveSubscription: (ctx, _, { params }) => ({ json: retrieveSubscription(ctx, params.id) }),
  rebillSubscription: (ctx, input) => ({ json: rebillSubscription(ctx, input) }),
  changeSubscriptionProcessor: (ctx, input) => ({ json: changeSubscriptionProcessor(ctx, input) }),
  testAuth: () => ({ json: testAuth() }),
  // Checkout as published (issue 18).
  initCheckout: (ctx, input, { origin }) => ({ redirect: initCheckout(ctx, input, origin) }),
  payCheckout: (ctx, input) => ({ json: payCheckout(ctx, input) }),
} satisfies OperationHandlers;
