import type { RouteResult } from '../wire/answer.js';
import type { SandboxContext } from '../service/context.js';
import { type CmsSessionRecord, invalidSessionToken, openAnonymousSession } from '../service/cms-sessions.js';
import { createSessionInstrument, createSessionThreeDSSession, markActionProcessed, sessionPayment } from '../service/session-payments.js';
import { applySessionPromotion, initCmsSession, initStoreCheckout, sessionProduct, sessionProducts, storeCheckoutView } from '../service/store-checkout.js';
import type { SandboxRequest } from './request.js';
import { type RouteAuth, sessionCorsHeaders } from './route-pipeline.js';

/** One route of the browser session API: a `SandboxRoute` (sandbox-route-handlers.ts, which spreads these in). */
export interface SessionRoute {
  method: 'GET' | 'POST';
  auth: RouteAuth;
  guarded: true;
  cors: Readonly<Record<string, string>>;
  handle(ctx: SandboxContext, request: SandboxRequest): RouteResult;
}

/** The session the pipeline's authentication set on the request (always there on a `session` route). */
function sessionOf(request: SandboxRequest): CmsSessionRecord {
  if (request.cmsSession === undefined) throw invalidSessionToken();
  return request.cmsSession;
}

/** A route of the browser session API on the session token: CORS, faults and `Idempotency-Key` apply. */
const onSession = (method: 'GET' | 'POST', handle: (ctx: SandboxContext, session: CmsSessionRecord, request: SandboxRequest) => unknown): SessionRoute => ({
  method,
  auth: 'session',
  guarded: true,
  cors: sessionCorsHeaders,
  handle: (ctx, request): RouteResult => ({ json: handle(ctx, sessionOf(request), request) }),
});

/**
 * How the sandbox serves the service's browser session API (paths in `sandbox-routes.ts`, from core): the anonymous
 * session (no auth), then every route on its `x-cms-token`. Pay-v2, continue and radar sessions are core's operations,
 * served in `operation-handlers.ts`.
 */
export const browserSessionRouteHandlers = {
  openCmsSession: { method: 'POST', auth: 'none', guarded: true, cors: sessionCorsHeaders, handle: (ctx, { body }) => ({ json: openAnonymousSession(ctx, body) }) },
  initCmsSession: onSession('POST', (ctx, session, { body }) => initCmsSession(ctx, session, body)),
  initStoreCheckout: onSession('POST', (ctx, session, { body, origin }) => initStoreCheckout(ctx, session, body, origin)),
  retrieveStoreCheckout: onSession('GET', (ctx, session, { params }) => storeCheckoutView(ctx, session, params.checkoutToken ?? '')),
  applySessionPromotion: onSession('POST', (ctx, session, { body, params }) => applySessionPromotion(ctx, session, params.checkoutSessionId ?? '', body)),
  createSessionInstrument: onSession('POST', (ctx, session, { body }) => createSessionInstrument(ctx, session, body)),
  createSessionThreeDSSession: onSession('POST', (ctx, session, { body }) => createSessionThreeDSSession(ctx, session, body)),
  markSessionActionProcessed: onSession('POST', (ctx, session, { body }) => markActionProcessed(ctx, session, body)),
  retrieveSessionPayment: onSession('GET', (ctx, session, { params }) => sessionPayment(ctx, session, params.id ?? '')),
  listSessionProducts: onSession('POST', (ctx, session, { body }) => sessionProducts(ctx, session, body)),
  retrieveSessionProduct: onSession('POST', (ctx, session, { body, params }) => sessionProduct(ctx, session, params.id ?? '', body)),
} satisfies Record<string, SessionRoute>;
