import { API_PREFIX, type Operation, type OperationName, operations } from '@tessera/core/internal';
import { errorAnswer, type SandboxAnswer } from '../wire/answer.js';
import type { SandboxContext } from '../service/context.js';
import { SandboxHttpError } from '../errors/http-error.js';
import { type HandlerRequest, type OperationHandlers, operationHandlers } from './operation-handlers.js';
import { readOperationInput } from './operation-input.js';
import { btCorsHeaders, errorFormatOf, type RouteDefinition, routePipeline, type RouteServices, sessionCorsHeaders, vaultCorsHeaders } from './route-pipeline.js';
import type { SandboxRequest } from './request.js';
import type { RouterEntry } from './router.js';
import { type SandboxRoute, sandboxRouteHandlers } from './sandbox-route-handlers.js';
import { type SandboxRouteName, sandboxRoutes } from '../wire/sandbox-routes.js';

/** A catalog path (`/payments/{id}`) in the router's syntax (`/payments/:id`). */
const routerPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

const handlers: OperationHandlers = operationHandlers;

/**
 * The operations of the secret-key API that a browser session token opens too, for its own payments: pay-v2
 * (`@tagadapay/plugin-sdk@2.3.3`, `hooks/usePayment.js`), continue and radar sessions (`@tagadapay/core-js@3.1.0`,
 * `PaymentsClient` and the radar managers, through the same `x-cms-token` ApiService). Vendor code, not published.
 */
const sessionOperations: ReadonlySet<OperationName> = new Set<OperationName>(['payCheckout', 'continuePayment', 'createRadarSession']);

/** An operation of core's catalog as a route: its input read and checked from the catalog, then its handler. */
function operationRoute<K extends OperationName>(ctx: SandboxContext, name: K): RouteDefinition {
  const operation: Operation = operations[name];
  const handler = handlers[name];
  const session = sessionOperations.has(name);
  return {
    name,
    method: operation.method,
    path: routerPath(`${API_PREFIX}${operation.path}`),
    auth: operation.auth === 'none' ? 'none' : session ? 'key-or-session' : 'api',
    guarded: true,
    cors: session ? sessionCorsHeaders : undefined,
    handle: (request) => handler(ctx, readOperationInput(name, request), request as HandlerRequest<K>),
  };
}

/** One of the sandbox's own routes, at its path in {@link sandboxRoutes}. */
function sandboxRoute(ctx: SandboxContext, services: RouteServices, name: SandboxRouteName, path: string = sandboxRoutes[name]): RouteDefinition {
  const route: SandboxRoute = sandboxRouteHandlers[name];
  return { name, method: route.method, path: routerPath(path), auth: route.auth, guarded: route.guarded, cors: route.cors, handle: (request) => route.handle(ctx, request, services) };
}

/** Every route of the sandbox, as data: core's operations, then the sandbox's own routes. */
export function routeDefinitions(ctx: SandboxContext, services: RouteServices): RouteDefinition[] {
  return [
    ...(Object.keys(operations) as OperationName[]).map((name) => operationRoute(ctx, name)),
    ...(Object.keys(sandboxRoutes) as SandboxRouteName[]).map((name) => sandboxRoute(ctx, services, name)),
    // basis-theory-js posts to `/tokens/`.
    sandboxRoute(ctx, services, 'vaultTokenizeCard', `${sandboxRoutes.vaultTokenizeCard}/`),
  ];
}

/** The one "no route" answer: a JSON 404, in Basis Theory's format (with the vault's CORS) under the vault's paths. */
export function notFoundAnswer(ctx: SandboxContext, request: SandboxRequest, vault = false): SandboxAnswer {
  const error = new SandboxHttpError(404, 'not_found', `No route ${request.method} ${request.pathname}`);
  return errorAnswer(error, ctx.nextId('req'), vault ? 'problem' : 'api', vault ? vaultCorsHeaders : {});
}

/**
 * The sandbox's route table: every route through its pipeline, the CORS preflights of the vault, of BT's 3DS routes
 * and of the routes with CORS headers of their own, and the "no route" 404 for any other API or vault path (other
 * paths match nothing: through msw they go on to the next handler, over node:http they get the same 404).
 */
export function routeTable(ctx: SandboxContext, services: RouteServices): RouterEntry[] {
  const unknown = (vault: boolean): RouterEntry['answer'] => (request) => notFoundAnswer(ctx, request, vault);
  const preflight = (headers: Readonly<Record<string, string>>): RouterEntry['answer'] => () => ({ status: 204, body: '', headers: { ...headers } });
  // Every vault path answers a CORS preflight, as Basis Theory's API does.
  const vaultPaths = [sandboxRoutes.vaultTokenizeCard, `${sandboxRoutes.vaultTokenizeCard}/*`, sandboxRoutes.vaultTokenizeApplePay, sandboxRoutes.vaultTokenizeGooglePay, sandboxRoutes.vaultApplePayMerchantSession];
  const definitions = routeDefinitions(ctx, services);
  return [
    ...definitions.map((route): RouterEntry => ({ method: route.method, path: route.path, answer: routePipeline(ctx, services, route), errorFormat: errorFormatOf(route.auth) })),
    // A same-origin route's preflight gets no CORS headers (before the vault's, whose `/tokens` its path ends with),
    // nor does a BT private-key route's (before BT's `/3ds/*`): a page may not send it `BT-API-KEY`.
    ...definitions.flatMap(({ path, auth }): RouterEntry[] => (auth === 'same-origin' || auth === 'bt-secret' ? [{ method: 'OPTIONS', path, answer: preflight({}) }] : [])),
    ...vaultPaths.map((path): RouterEntry => ({ method: 'OPTIONS', path, answer: preflight(vaultCorsHeaders) })),
    // A route with CORS headers of its own answers its preflight with them.
    ...definitions.flatMap(({ path, cors }): RouterEntry[] => (cors ? [{ method: 'OPTIONS', path, answer: preflight(cors) }] : [])),
    { method: 'OPTIONS', path: '/3ds/*', answer: preflight(btCorsHeaders) },
    { method: '*', path: `${API_PREFIX}/*`, answer: unknown(false) },
    { method: '*', path: `${sandboxRoutes.vaultTokenizeCard}/*`, answer: unknown(true), errorFormat: 'problem' },
  ];
}
