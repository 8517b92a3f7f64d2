import { API_PREFIX, type Operation, type OperationMethod, type OperationName, operations } from '@tessera/core/internal';
import { http, type HttpHandler } from 'msw';
import type { SandboxContext } from './context.js';
import { SandboxHttpError } from './http-error.js';
import { type OperationHandlers, operationHandlers } from './operation-handlers.js';
import { readOperationInput } from './operation-input.js';
import { btCorsHeaders, createRouteHandler, type RouteDefinition, type RouteServices, vaultCorsHeaders } from './route.js';
import { sandboxRouteHandlers } from './sandbox-route-handlers.js';
import { type SandboxRouteName, sandboxRoutes } from './sandbox-routes.js';

// msw paths match any origin, so one set of handlers serves setupServer (any base URL) and the HTTP server.
const anyOrigin = (path: string): string => `*${path.replace(/\{(\w+)\}/g, ':$1')}`;

const handlers: OperationHandlers = operationHandlers;

/** An operation of core's catalog as a route: its input read and checked from the catalog, then its handler. */
function operationRoute<K extends OperationName>(ctx: SandboxContext, name: K): RouteDefinition {
  const operation: Operation = operations[name];
  const handler = handlers[name];
  return {
    name,
    method: operation.method as OperationMethod,
    path: anyOrigin(`${API_PREFIX}${operation.path}`),
    auth: operation.auth === 'none' ? 'none' : 'api',
    guarded: true,
    handle: (request) => {
      const { input, params } = readOperationInput(name, request);
      return handler(ctx, input, { params, origin: request.url.origin, body: request.body });
    },
  };
}

/** One of the sandbox's own routes, at its path in {@link sandboxRoutes}. */
function sandboxRoute(ctx: SandboxContext, name: SandboxRouteName, path: string = sandboxRoutes[name]): RouteDefinition {
  const route = sandboxRouteHandlers[name];
  return { name, method: route.method, path: anyOrigin(path), auth: route.auth, guarded: route.guarded, handle: (request) => route.handle(ctx, request) };
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

/** The msw handlers: every route, the vault's CORS preflight, and JSON 404s for unknown API and vault paths. */
export function createHandlers(ctx: SandboxContext, services: RouteServices): HttpHandler[] {
  const unknown = (kind: string) => ({ request }: { request: Request }): Response => {
    const requestId = ctx.nextId('req');
    const error = new SandboxHttpError(404, 'not_found', `No ${kind} route ${request.method} ${new URL(request.url).pathname}`);
    const cors = kind === 'vault' ? vaultCorsHeaders : {};
    return Response.json(kind === 'vault' ? error.toProblemDetails() : error.toBody(requestId), { status: 404, headers: { ...cors, 'x-request-id': requestId } });
  };
  // Every vault path answers a CORS preflight, as Basis Theory's API does.
  const vaultPaths = [sandboxRoutes.vaultTokenizeCard, `${sandboxRoutes.vaultTokenizeCard}/*`, sandboxRoutes.vaultTokenizeApplePay, sandboxRoutes.vaultTokenizeGooglePay, sandboxRoutes.vaultApplePayMerchantSession];
  return [
    ...routeDefinitions(ctx).map((route) => createRouteHandler(ctx, services, route)),
    ...vaultPaths.map((path) => http.options(anyOrigin(path), () => new Response(null, { status: 204, headers: vaultCorsHeaders }))),
    http.options(anyOrigin('/3ds/*'), () => new Response(null, { status: 204, headers: btCorsHeaders })),
    http.all(anyOrigin(`${API_PREFIX}/*`), unknown('API')),
    http.all(anyOrigin(`${sandboxRoutes.vaultTokenizeCard}/*`), unknown('vault')),
  ];
}
