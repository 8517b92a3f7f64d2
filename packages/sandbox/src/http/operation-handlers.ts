import { operations, type OperationInput, type OperationName } from '@tessera/core/internal';
import type { RouteResult } from '../wire/answer.js';
import { authOperations } from '../service/auth-test.js';
import { blockRuleOperations } from '../service/block-rules.js';
import { builderSessionOperations } from '../service/builder-sessions.js';
import { checkoutOperations, initCheckout, payCheckout } from '../service/checkout.js';
import type { SandboxContext, ServedOperations } from '../service/context.js';
import { customerOperations } from '../service/customer-views.js';
import { eventOperations } from '../service/events.js';
import { funnelTrackingOperations } from '../service/funnel-tracking.js';
import { funnelOperations } from '../service/funnels.js';
import { createInstrumentFromToken, instrumentOperations } from '../service/instruments.js';
import { orderOperations } from '../service/orders.js';
import { paymentFlowOperations } from '../service/payment-flows.js';
import { continuePayment, paymentOperations, processPayment } from '../service/payments.js';
import { processorOperations } from '../service/processors.js';
import { productOperations } from '../service/products.js';
import { promotionCodeOperations } from '../service/promotion-codes.js';
import { promotionOperations } from '../service/promotions.js';
import { createRadarSession } from '../service/radar-sessions.js';
import { pageView, payAsSession, requireOwnPayment, requireOwnRadarTarget } from '../service/session-payments.js';
import { storeOperations } from '../service/stores.js';
import { subscriptionOperations } from '../service/subscriptions.js';
import { threeDSSessionOperations } from '../service/threeds-sessions.js';
import { webhookOperations } from '../service/webhook-endpoints.js';
import type { PathParams } from './operation-input.js';
import type { SandboxRequest } from './request.js';

/**
 * The request besides the input, with its path parameters typed: its URL (ACS URLs point at its origin) and the body
 * as sent (before the catalog's schema filled in defaults and second names: to name a field as the caller wrote it).
 */
export type HandlerRequest<K extends OperationName> = Omit<SandboxRequest, 'params'> & { readonly params: PathParams<K> };

/** Serves one operation of core's catalog with its checked input (never `unknown`: the route checked it first). */
export type Handler<K extends OperationName> = (ctx: SandboxContext, input: OperationInput<K>, request: HandlerRequest<K>) => RouteResult;

/** A handler for every operation of the catalog. */
export type OperationHandlers = { readonly [K in OperationName]: Handler<K> };

/**
 * The handlers of the operations a service module serves (`ServedOperations`): each answers, as JSON, what its function
 * makes of the checked input, or of the `{id}` of the path when that is the operation's only input.
 */
function served<const S extends ServedOperations>(served: S): { readonly [K in keyof S & OperationName]: Handler<K> } {
  const handlers = Object.entries(served).map(([name, serve]): [string, Handler<OperationName>] => {
    const answer = serve as (ctx: SandboxContext, inputOrId: unknown) => unknown;
    const byPathId = operations[name as OperationName].request === undefined;
    return [name, (ctx, input, { params }) => ({ json: answer(ctx, byPathId ? (params as { id: string }).id : input) })];
  });
  return Object.fromEntries(handlers) as never;
}

/**
 * How the sandbox serves each operation of core's catalog: the operations each service module serves, and the few that
 * need more of the request than their checked input (its origin, the browser session token, the body as sent). A
 * missing one does not compile.
 */
export const operationHandlers = {
  createPaymentInstrumentFromToken: (ctx, input, { body }) => ({ json: createInstrumentFromToken(ctx, input, body) }),
  processPayment: (ctx, input, { origin }) => ({ json: processPayment(ctx, input, origin) }),
  // On a browser session token (x-cms-token), its own payments only.
  continuePayment: (ctx, input, { origin, cmsSession }) => {
    if (!cmsSession) return { json: continuePayment(ctx, input, origin) };
    requireOwnPayment(ctx, cmsSession, input.paymentId);
    return { json: { payment: pageView(continuePayment(ctx, input, origin).payment) } };
  },
  createRadarSession: (ctx, input, { cmsSession }) => {
    if (cmsSession) requireOwnRadarTarget(ctx, cmsSession, input);
    return { json: createRadarSession(ctx, input) };
  },
  // Checkout as published.
  initCheckout: (ctx, input, { origin }) => ({ redirect: initCheckout(ctx, input, origin) }),
  // The secret key, or a browser session token paying its own checkout session (the body as sent: no price keys).
  payCheckout: (ctx, input, { origin, cmsSession, body }) => ({ json: cmsSession ? payAsSession(ctx, cmsSession, body, origin) : payCheckout(ctx, input, origin) }),
  ...served(instrumentOperations),
  ...served(threeDSSessionOperations),
  ...served(paymentOperations),
  ...served(processorOperations),
  ...served(paymentFlowOperations),
  ...served(storeOperations),
  ...served(productOperations),
  ...served(checkoutOperations),
  ...served(orderOperations),
  ...served(webhookOperations),
  ...served(eventOperations),
  ...served(customerOperations),
  ...served(subscriptionOperations),
  ...served(authOperations),
  ...served(blockRuleOperations),
  ...served(funnelOperations),
  ...served(funnelTrackingOperations),
  ...served(builderSessionOperations),
  ...served(promotionOperations),
  ...served(promotionCodeOperations),
} satisfies OperationHandlers;
