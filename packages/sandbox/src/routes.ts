import { API_PREFIX, type Operation, type OperationName, operations } from '@tessera/core/internal';
import { errorAnswer } from './answer.js';
import type { SandboxContext } from './context.js';
import { SandboxHttpError } from './http-error.js';
import { type HandlerRequest, type OperationHandlers, operationHandlers } from './operation-handlers.js';
import { readOperationInput } from './operation-input.js';
import { btCorsHeaders, type RouteDefinition, routePipeline, type RouteServices, vaultCorsHeaders } from './route.js';
import type { RouterEntry } from './router.js';
import { type SandboxRoute, sandboxRouteHandlers } from './sandbox-route-handlers.js';
import { type SandboxRouteName, sandboxRoutes } from './sandbox-routes.js';

/** A catalog path (`/payments/{id}`) in the router's syntax (`/payments/:id`). */
const routerPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

const handlers: OperationHandlers = operationHandlers;

/** An operation of core's catalog as a route: its input read and checked from the catalog, then its handler. */
function operationRoute<K extends OperationName>(ctx: SandboxContext, name: K): RouteDefinition {
  const operation: Operation = operations[name];
  const handler = handlers[name];
  return {
    name,
    method: operation.method,
    path: routerPath(`${API_PREFIX}${operation.path}`),
    auth: operation.auth === 'none' ? 'none' : 'api',
    guarded: true,
    handle: (request) => handler(ctx, readOperationInput(name, request), request as HandlerRequest<K>),
  };
}

/** One of the sandbox's own routes, at its path in {@link sandboxRoutes}. */
function sandboxRoute(ctx: SandboxContext, name: SandboxRouteName, path: string = sandboxRoutes[name]): RouteDefinition {
  const route: SandboxRoute = sandboxRouteHandlers[name];
  return { name, method: route.method, path: routerPath(path), auth: route.auth, guarded: route.guarded, cors: route.cors, handle: (request) => route.handle(ctx, request) };
}

/** Every route of the sandbox, as data: core's operations, then the sandbox's own routes. */
export function routeDefinitions(ctx: SandboxContext): RouteDefinition[] {
  return [
    ...(Object.keys(operations) as OperationName[]).map((name) => operationRoute(ctx, name)),
    ...(Object.keys(sandboxRoutes) as SandboxRouteName[]).map((name) => sandboxRoute(ctx, name)),
    // basis-theory-js posts to `/tokens/`.
    sandboxRoute(ctx, 'vaultTokenizeCard', `${sandboxRoutes.vaultTokenizeCard}/`),
  ];
}

/**
 * The sandbox's route table: every route through its pipeline, the CORS preflights of the vault, of BT's 3DS routes
 * and of the routes with CORS headers of their own, and JSON 404s for unknown API and vault paths.
 */
export function routeTable(ctx: SandboxContext, services: RouteServices): RouterEntry[] {
  const unknown = (kind: 'API' | 'vault'): RouterEntry['answer'] => (request) => {
    const error = new SandboxHttpError(404, 'not_found', `No ${kind} route ${request.method} ${request.pathname}`);
    return errorAnswer(error, ctx.nextId('req'), kind === 'vault' ? 'problem' : 'api', kind === 'vault' ? vaultCorsHeaders : {});
  };
  const preflight = (headers: Readonly<Record<string, string>>): RouterEntry['answer'] => () => ({ status: 204, body: '', headers: { ...headers } });
  // Every vault path answers a CORS preflight, as Basis Theory's API does.
  const vaultPaths = [sandboxRoutes.vaultTokenizeCard, `${sandboxRoutes.vaultTokenizeCard}/*`, sandboxRoutes.vaultTokenizeApplePay, sandboxRoutes.vaultTokenizeGooglePay, sandboxRoutes.vaultApplePayMerchantSession];
  const definitions = routeDefinitions(ctx);
  return [
    ...definitions.map((route): RouterEntry => ({ method: route.method, path: route.path, answer: routePipeline(ctx, services, route) })),
    ...vaultPaths.map((path): RouterEntry => ({ method: 'OPTIONS', path, answer: preflight(vaultCorsHeaders) })),
    // A route with CORS headers of its own answers its preflight with them.
    ...definitions.flatMap(({ path, cors }): RouterEntry[] => (cors ? [{ method: 'OPTIONS', path, answer: preflight(cors) }] : [])),
    { method: 'OPTIONS', path: '/3ds/*', answer: preflight(btCorsHeaders) },
    { method: '*', path: `${API_PREFIX}/*`, answer: unknown('API') },
    { method: '*', path: `${sandboxRoutes.vaultTokenizeCard}/*`, answer: unknown('vault') },
  ];
}
