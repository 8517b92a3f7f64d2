import type { OperationInput, OperationName } from '@tessera/core/internal';
import type { RouteResult } from '../wire/answer.js';
import { createCheckoutSession, initCheckout, payCheckout } from '../service/checkout.js';
import type { SandboxContext } from '../service/context.js';
import { listEvents, recentEvents, retrieveEvent } from '../service/events.js';
import { createInstrumentFromToken, listCustomerInstruments, listInstruments, retrieveInstrument } from '../service/instruments.js';
import { createThreeDSSession } from '../service/threeds-sessions.js';
import type { PathParams } from './operation-input.js';
import { listOrders, retrieveOrder } from '../service/orders.js';
import { createPaymentFlow } from '../service/payment-flows.js';
import { continuePayment, listPayments, processPayment, refundPayment, retrievePayment, voidPayment } from '../service/payments.js';
import { archiveProcessors, createProcessor } from '../service/processors.js';
import { createProduct, listProducts, retrieveProduct } from '../service/products.js';
import { createRadarSession } from '../service/radar-sessions.js';
import { payAsSession, requireOwnPayment, requireOwnRadarTarget } from '../service/session-payments.js';
import type { SandboxRequest } from './request.js';
import { createStore, requireStore } from '../service/stores.js';
import { endpointView, registerWebhookEndpoint } from '../service/webhook-endpoints.js';
import { webhookEvents } from '../service/webhooks.js';
import { testAuth } from '../service/auth-test.js';
import { listCustomers, retrieveCustomer } from '../service/customer-views.js';
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

/** The handler that answers, as JSON, what `serve` makes of the operation's checked input. */
function withInput<I>(serve: (ctx: SandboxContext, input: I) => unknown): (ctx: SandboxContext, input: I) => RouteResult {
  return (ctx, input) => ({ json: serve(ctx, input) });
}

/** The handler that answers, as JSON, what `serve` finds by the `{id}` of the operation's path. */
function byPathId(serve: (ctx: SandboxContext, id: string) => unknown): (ctx: SandboxContext, input: unknown, request: { readonly params: { id: string } }) => RouteResult {
  return (ctx, _input, { params }) => ({ json: serve(ctx, params.id) });
}

/** How the sandbox serves each operation of core's catalog (sections 4.1–4.10). A missing one does not compile. */
export const operationHandlers = {
  createPaymentInstrumentFromToken: (ctx, input, { body }) => ({ json: createInstrumentFromToken(ctx, input, body) }),
  retrievePaymentInstrument: byPathId(retrieveInstrument),
  listCustomerPaymentInstruments: byPathId(listCustomerInstruments),
  createThreeDSSession: withInput(createThreeDSSession),
  processPayment: (ctx, input, { origin }) => ({ json: processPayment(ctx, input, origin) }),
  // On a browser session token (x-cms-token), its own payments only.
  continuePayment: (ctx, input, { origin, cmsSession }) => {
    if (cmsSession) requireOwnPayment(ctx, cmsSession, input.paymentId);
    return { json: continuePayment(ctx, input, origin) };
  },
  createRadarSession: (ctx, input, { cmsSession }) => {
    if (cmsSession) requireOwnRadarTarget(ctx, cmsSession, input);
    return { json: createRadarSession(ctx, input) };
  },
  retrievePayment: byPathId(retrievePayment),
  voidPayment: withInput(voidPayment),
  refundPayment: withInput(refundPayment),
  createProcessor: withInput(createProcessor),
  archiveProcessors: withInput(archiveProcessors),
  createPaymentFlow: withInput(createPaymentFlow),
  createStore: withInput(createStore),
  createProduct: withInput(createProduct),
  createCheckoutSession: withInput(createCheckoutSession),
  listPayments: withInput(listPayments),
  listOrders: withInput(listOrders),
  listWebhookEvents: (ctx, input) => {
    requireStore(ctx, input.storeId);
    return { json: { data: webhookEvents.of(ctx).filter((event) => event.storeId === input.storeId) } };
  },
  // Webhook endpoints and events.
  createWebhookEndpoint: (ctx, input) => ({ json: endpointView(registerWebhookEndpoint(ctx, input)) }),
  listEvents: withInput(listEvents),
  retrieveEvent: byPathId(retrieveEvent),
  listRecentEvents: withInput(recentEvents),
  // The published lists, retrieves, subscriptions and key check.
  listPaymentInstruments: withInput(listInstruments),
  retrieveCustomer: byPathId(retrieveCustomer),
  listCustomers: withInput(listCustomers),
  listProducts: withInput(listProducts),
  retrieveProduct: byPathId(retrieveProduct),
  retrieveOrder: byPathId(retrieveOrder),
  createSubscription: withInput(createSubscription),
  listSubscriptions: withInput(listSubscriptions),
  retrieveSubscription: byPathId(retrieveSubscription),
  rebillSubscription: withInput(rebillSubscription),
  changeSubscriptionProcessor: withInput(changeSubscriptionProcessor),
  testAuth: () => ({ json: testAuth() }),
  // Checkout as published.
  initCheckout: (ctx, input, { origin }) => ({ redirect: initCheckout(ctx, input, origin) }),
  // The secret key, or a browser session token paying its own checkout session (the body as sent: no price keys).
  payCheckout: (ctx, input, { origin, cmsSession, body }) => ({ json: cmsSession ? payAsSession(ctx, cmsSession, body, origin) : payCheckout(ctx, input, origin) }),
} satisfies OperationHandlers;
