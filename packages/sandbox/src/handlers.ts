import { API_PREFIX, listWebhooksRequest, type Route, routes } from '@tessera/core';
import { http, type HttpHandler } from 'msw';
import * as z from 'zod/mini';
import { challengePage, completePage } from './acs.js';
import { authenticateBtThreeDSSession, btChallengeResult, createBtThreeDSSession } from './bt-threeds.js';
import { challengeFramePage, methodFramePage } from './bt-threeds-pages.js';
import { completeCheckoutSession, createCheckoutSession } from './checkout.js';
import type { SandboxContext } from './context.js';
import type { SandboxFaults } from './faults.js';
import { SandboxHttpError } from './http-error.js';
import { createInstrumentFromToken, createThreeDSSession, listCustomerInstruments, publicInstrument, requireInstrument, requireStore } from './instruments.js';
import { listOrders } from './orders.js';
import { createPaymentFlow } from './payment-flows.js';
import { listPayments, processPayment, refundPayment, requirePayment, voidPayment } from './payments.js';
import { archiveProcessors, createProcessor } from './processors.js';
import { createProduct } from './products.js';
import { btCorsHeaders, createRouteHandler, type RouteDefinition, type RouteKeys, vaultCorsHeaders } from './route.js';
import { sandboxRoutes } from './sandbox-routes.js';
import { createStore } from './stores.js';
import { validate } from './validate.js';
import { appleMerchantSession, tokenizeCard, tokenizeWallet } from './vault.js';

// msw paths match any origin, so one set of handlers serves setupServer (any base URL) and the HTTP server.
const anyOrigin = (path: string): string => `*${path.replace(/\{(\w+)\}/g, ':$1')}`;
const api = (route: Route): Pick<RouteDefinition, 'method' | 'path' | 'auth' | 'guarded'> => ({
  method: route.method,
  path: anyOrigin(`${API_PREFIX}${route.path}`),
  auth: 'api',
  guarded: true,
});
const vault = (path: string): Pick<RouteDefinition, 'method' | 'path' | 'auth' | 'guarded'> => ({ method: 'POST', path: anyOrigin(path), auth: 'vault', guarded: true });
const helper = (method: 'GET' | 'POST', path: string): Pick<RouteDefinition, 'method' | 'path' | 'auth' | 'guarded'> => ({ method, path: anyOrigin(path), auth: 'api', guarded: false });
const acs = (path: string): Pick<RouteDefinition, 'method' | 'path' | 'auth' | 'guarded'> => ({ method: 'POST', path: anyOrigin(path), auth: 'none', guarded: false });

const idOf = (params: Record<string, string>): string => params.id ?? '';

const advanceRequest = z.strictObject({ ms: z.number().check(z.minimum(0), z.maximum(100 * 365 * 24 * 3600 * 1000)) });
const endpointRequest = z.strictObject({ storeId: z.string(), url: z.url({ protocol: /^https?$/ }) });

/** Every route of the sandbox, as data. */
export function routeDefinitions(ctx: SandboxContext): RouteDefinition[] {
  const { state } = ctx;
  return [
    // Vault: Basis Theory's API (BT-API-KEY public key, CORS, snake_case). basis-theory-js posts to `/tokens/`.
    { name: 'vaultTokenizeCard', ...vault(sandboxRoutes.vaultTokenizeCard), handle: ({ body }) => ({ status: 201, json: tokenizeCard(ctx, body) }) },
    { name: 'vaultTokenizeCard', ...vault(`${sandboxRoutes.vaultTokenizeCard}/`), handle: ({ body }) => ({ status: 201, json: tokenizeCard(ctx, body) }) },
    { name: 'vaultTokenizeApplePay', ...vault(sandboxRoutes.vaultTokenizeApplePay), handle: ({ body }) => ({ status: 201, json: tokenizeWallet(ctx, 'apple_pay', body) }) },
    { name: 'vaultTokenizeGooglePay', ...vault(sandboxRoutes.vaultTokenizeGooglePay), handle: ({ body }) => ({ status: 201, json: tokenizeWallet(ctx, 'google_pay', body) }) },
    { name: 'vaultApplePayMerchantSession', ...vault(sandboxRoutes.vaultApplePayMerchantSession), handle: ({ body }) => ({ status: 201, json: appleMerchantSession(ctx, body) }) },

    // Basis Theory 3DS (web-threeds in the page: public key, CORS; the service's server calls: secret key).
    { name: 'btCreateThreeDSSession', method: 'POST', path: anyOrigin(sandboxRoutes.btCreateThreeDSSession), auth: 'bt', guarded: true, handle: ({ body }) => createBtThreeDSSession(ctx, body) },
    {
      name: 'btAuthenticateThreeDSSession',
      method: 'POST',
      path: anyOrigin(sandboxRoutes.btAuthenticateThreeDSSession),
      auth: 'bt-secret',
      guarded: true,
      handle: ({ params, url }) => authenticateBtThreeDSSession(ctx, idOf(params), url.origin),
    },
    { name: 'btThreeDSChallengeResult', method: 'GET', path: anyOrigin(sandboxRoutes.btThreeDSChallengeResult), auth: 'bt-secret', guarded: true, handle: ({ params }) => btChallengeResult(ctx, idOf(params)) },
    { name: 'btChallengeFramePage', method: 'GET', path: anyOrigin(sandboxRoutes.btChallengeFramePage), auth: 'none', guarded: false, handle: () => ({ html: challengeFramePage }) },
    { name: 'btMethodFramePage', method: 'GET', path: anyOrigin(sandboxRoutes.btMethodFramePage), auth: 'none', guarded: false, handle: () => ({ html: methodFramePage }) },

    // API (secret key), sections 4.1–4.10.
    { name: 'createPaymentInstrumentFromToken', ...api(routes.createPaymentInstrumentFromToken), handle: ({ body }) => ({ json: createInstrumentFromToken(ctx, body) }) },
    { name: 'retrievePaymentInstrument', ...api(routes.retrievePaymentInstrument), handle: ({ params }) => ({ json: publicInstrument(requireInstrument(ctx, idOf(params))) }) },
    { name: 'listCustomerPaymentInstruments', ...api(routes.listCustomerPaymentInstruments), handle: ({ params }) => ({ json: listCustomerInstruments(ctx, idOf(params)) }) },
    { name: 'createThreeDSSession', ...api(routes.createThreeDSSession), handle: ({ body }) => ({ json: createThreeDSSession(ctx, body) }) },
    { name: 'processPayment', ...api(routes.processPayment), handle: ({ body, url }) => ({ json: processPayment(ctx, body, url.origin) }) },
    { name: 'retrievePayment', ...api(routes.retrievePayment), handle: ({ params }) => ({ json: requirePayment(ctx, idOf(params)) }) },
    { name: 'voidPayment', ...api(routes.voidPayment), handle: ({ body }) => ({ json: voidPayment(ctx, body) }) },
    { name: 'refundPayment', ...api(routes.refundPayment), handle: ({ body }) => ({ json: refundPayment(ctx, body) }) },
    { name: 'createProcessor', ...api(routes.createProcessor), handle: ({ body }) => ({ json: createProcessor(ctx, body) }) },
    { name: 'archiveProcessors', ...api(routes.archiveProcessors), handle: ({ body }) => ({ json: archiveProcessors(ctx, body) }) },
    { name: 'createPaymentFlow', ...api(routes.createPaymentFlow), handle: ({ body }) => ({ json: createPaymentFlow(ctx, body) }) },
    { name: 'createStore', ...api(routes.createStore), handle: ({ body }) => ({ json: createStore(ctx, body) }) },
    { name: 'createProduct', ...api(routes.createProduct), handle: ({ body }) => ({ json: createProduct(ctx, body) }) },
    { name: 'createCheckoutSession', ...api(routes.createCheckoutSession), handle: ({ body }) => ({ json: createCheckoutSession(ctx, body) }) },
    { name: 'listPayments', ...api(routes.listPayments), handle: ({ body }) => ({ json: listPayments(ctx, body) }) },
    { name: 'listOrders', ...api(routes.listOrders), handle: ({ url }) => ({ json: listOrders(ctx, url.searchParams) }) },
    {
      name: 'listWebhooks',
      ...api(routes.listWebhooks),
      handle: ({ url }) => {
        const { storeId } = validate(listWebhooksRequest, { storeId: url.searchParams.get('storeId') ?? undefined });
        requireStore(ctx, storeId);
        return { json: { data: state.webhookEvents.filter((event) => event.storeId === storeId) } };
      },
    },

    // ACS pages (no auth, HTML forms).
    { name: 'acsChallenge', ...acs(sandboxRoutes.acsChallenge), handle: ({ form }) => challengePage(ctx, form) },
    { name: 'acsComplete', ...acs(sandboxRoutes.acsComplete), handle: ({ form }) => completePage(ctx, form) },

    // Test helpers (secret key).
    {
      name: 'advanceClock',
      ...helper('POST', sandboxRoutes.advanceClock),
      handle: ({ body }) => ({ json: { now: ctx.clock.advance(validate(advanceRequest, body).ms).toISOString() } }),
    },
    {
      name: 'completeCheckoutSession',
      ...helper('POST', sandboxRoutes.completeCheckoutSession),
      handle: ({ params, body }) => ({ json: completeCheckoutSession(ctx, idOf(params), body) }),
    },
    {
      name: 'listDeliveredWebhooks',
      ...helper('GET', sandboxRoutes.listDeliveredWebhooks),
      handle: ({ url }) => {
        const storeId = url.searchParams.get('storeId');
        const matches = (entry: { storeId: string }): boolean => storeId === null || entry.storeId === storeId;
        return { json: { data: state.webhookEvents.filter(matches), deliveries: state.webhookDeliveries.filter(matches) } };
      },
    },
    {
      name: 'addWebhookEndpoint',
      ...helper('POST', sandboxRoutes.addWebhookEndpoint),
      handle: ({ body }) => {
        const input = validate(endpointRequest, body);
        requireStore(ctx, input.storeId);
        const endpoints = state.webhookEndpoints.get(input.storeId) ?? [];
        if (!endpoints.includes(input.url)) endpoints.push(input.url);
        state.webhookEndpoints.set(input.storeId, endpoints);
        return { status: 201, json: { storeId: input.storeId, endpoints } };
      },
    },
  ];
}

/** The msw handlers: every route, the vault's CORS preflight, and JSON 404s for unknown API and vault paths. */
export function createHandlers(ctx: SandboxContext, keys: RouteKeys, faults: SandboxFaults): HttpHandler[] {
  const unknown = (kind: string) => ({ request }: { request: Request }): Response => {
    const requestId = ctx.nextId('req');
    const error = new SandboxHttpError(404, 'not_found', `No ${kind} route ${request.method} ${new URL(request.url).pathname}`);
    const cors = kind === 'vault' ? vaultCorsHeaders : {};
    return Response.json(kind === 'vault' ? error.toProblemDetails() : error.toBody(requestId), { status: 404, headers: { ...cors, 'x-request-id': requestId } });
  };
  // Every vault path answers a CORS preflight, as Basis Theory's API does.
  const vaultPaths = [sandboxRoutes.vaultTokenizeCard, `${sandboxRoutes.vaultTokenizeCard}/*`, sandboxRoutes.vaultTokenizeApplePay, sandboxRoutes.vaultTokenizeGooglePay, sandboxRoutes.vaultApplePayMerchantSession];
  return [
    ...routeDefinitions(ctx).map((route) => createRouteHandler(ctx, keys, faults, route)),
    ...vaultPaths.map((path) => http.options(anyOrigin(path), () => new Response(null, { status: 204, headers: vaultCorsHeaders }))),
    http.options(anyOrigin('/3ds/*'), () => new Response(null, { status: 204, headers: btCorsHeaders })),
    http.all(anyOrigin(`${API_PREFIX}/*`), unknown('API')),
    http.all(anyOrigin(`${sandboxRoutes.vaultTokenizeCard}/*`), unknown('vault')),
  ];
}

