import { checkoutRoutes, DEFAULT_CHECKOUT_BASE_PATH } from '@tessera/core';
import { hmacWithApiKey } from '../core/api-key-hmac.js';
import type { CheckoutHandlerOptions, CheckoutRouteName } from './checkout-options.js';
import { CheckoutFailure } from './checkout-failure.js';
import { pathPaymentId } from './checkout-requests.js';
import { checkOrigin, corsHeaders, normalizeOrigins } from './origin-policy.js';
import { pay } from './pay-route.js';
import { paymentTokens } from './payment-token.js';
import { continuePayment, retrieve, saveRadarSession } from './payment-routes.js';
import { serverFailure } from './service-failure.js';
import { DEFAULT_CHECKOUT_MAX_BODY_BYTES, readJsonBody } from './request-body.js';

/** A Fetch handler: a `Request` in, a `Response` out (Next.js route handlers, Hono, Bun, Deno, workers). */
export type CheckoutHandler = (request: Request) => Promise<Response>;

/** How long a payment token is good for unless told otherwise: one hour. */
export const DEFAULT_PAYMENT_TOKEN_TTL_SECONDS = 3600;

/** The label the default payment-token secret is derived from the API key with. */
const SECRET_LABEL = 'tessera checkout payment token secret v1';

const encoder = new TextEncoder();

/** Each route of core's `checkoutRoutes`: its name, its method, and its path as a pattern (`{id}` captured). */
const routes = (Object.entries(checkoutRoutes) as [CheckoutRouteName, string][]).map(([name, route]) => {
  const [allow, template] = route.split(' ') as [string, string];
  return { name, allow, pattern: new RegExp(`^${template.replace('{id}', '([^/]+)')}$`) };
});

/** The route the path names: its name, the method it takes, and the payment id in its path. */
function routeOf(path: string): { name: CheckoutRouteName; allow: string; paymentId?: string } | undefined {
  for (const { name, allow, pattern } of routes) {
    const match = pattern.exec(path);
    if (!match) continue;
    if (match[1] === undefined) return { name, allow };
    let paymentId: string;
    try {
      paymentId = decodeURIComponent(match[1]);
    } catch {
      return undefined;
    }
    return pathPaymentId.test(paymentId) ? { name, allow, paymentId } : undefined;
  }
  return undefined;
}

function checkOptions(options: CheckoutHandlerOptions): void {
  if (typeof options?.tessera !== 'object' || options.tessera === null) throw new TypeError('createCheckoutHandler: pass your Tessera client as tessera');
  if (typeof options.order !== 'function') throw new TypeError('createCheckoutHandler: pass order(orderRef, request), which answers the amount, currency and store of an order reference');
  if (options.basePath !== undefined && !/^\/[^?#\s]*$/.test(options.basePath)) throw new TypeError('createCheckoutHandler: basePath must be a path starting with "/" (e.g. "/api/tessera")');
  if (options.maxBodyBytes !== undefined && (!Number.isInteger(options.maxBodyBytes) || options.maxBodyBytes < 1024)) throw new TypeError('createCheckoutHandler: maxBodyBytes must be a whole number of bytes, at least 1024');
  if (options.paymentTokenSecret !== undefined && (typeof options.paymentTokenSecret !== 'string' || options.paymentTokenSecret.length < 32)) {
    throw new TypeError('createCheckoutHandler: paymentTokenSecret must be at least 32 characters (or leave it out to derive it from your API key)');
  }
  const ttl = options.paymentTokenTtlSeconds;
  if (ttl !== undefined && (!Number.isInteger(ttl) || ttl < 60 || ttl > 86_400)) throw new TypeError('createCheckoutHandler: paymentTokenTtlSeconds must be a whole number from 60 to 86400');
}

/**
 * The merchant's server side of the checkout: one Fetch handler serving every route the browser client
 * (`@tessera/tokenizer`'s `createTessera(...).pay`) calls below `basePath`, as `checkoutRoutes` of `@tessera/core`
 * declares them. The merchant says what only it knows (`order`: amount, currency, store and customer of an order
 * reference, never read from the page; the hooks); the handler checks the origin, the body's size and fields, makes
 * the instrument, the 3DS session and the payment with one idempotency key per `(orderRef, attempt)`, and lets the
 * page read, continue or save a radar session only for a payment this handler made for it (a signed payment token).
 * Every error is a typed `CheckoutErrorAnswer` without card data or the service's internals.
 *
 * @throws TypeError when an option is missing or invalid (at creation, not per request).
 */
export function createCheckoutHandler(options: CheckoutHandlerOptions): CheckoutHandler {
  checkOptions(options);
  const basePath = (options.basePath ?? DEFAULT_CHECKOUT_BASE_PATH).replace(/\/+$/, '');
  const allowedOrigins = options.allowedOrigins === undefined ? undefined : normalizeOrigins(options.allowedOrigins);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_CHECKOUT_MAX_BODY_BYTES;
  const { tessera } = options;
  const given = options.paymentTokenSecret;
  const secret = async (): Promise<Uint8Array> => {
    if (given !== undefined) return encoder.encode(given);
    const derived = await hmacWithApiKey(tessera, SECRET_LABEL);
    if (derived === undefined) throw new TypeError('createCheckoutHandler: this tessera client was not made by this copy of @tessera/server: pass paymentTokenSecret');
    return derived;
  };
  const tokens = paymentTokens(secret, options.paymentTokenTtlSeconds ?? DEFAULT_PAYMENT_TOKEN_TTL_SECONDS);
  const onError = options.onError ?? ((error: unknown) => console.error('[tessera checkout]', error));

  const withCors = (response: Response, request: Request): Response => {
    for (const [name, value] of Object.entries(corsHeaders(request, allowedOrigins))) response.headers.set(name, value);
    return response;
  };

  const answer = async (request: Request): Promise<Response> => {
    const method = request.method.toUpperCase();
    let route: CheckoutRouteName = 'pay';
    const report = (error: unknown) => {
      try {
        onError(error, { route });
      } catch {
        // A logger that throws never changes the answer.
      }
    };
    try {
      const path = new URL(request.url).pathname;
      const below = path === basePath || path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : undefined;
      const found = below === undefined ? undefined : routeOf(below);
      if (found === undefined) throw new CheckoutFailure(404, 'not_found', 'No such checkout route: check the base path the checkout client and handler share.');
      route = found.name;
      if (method === 'OPTIONS') {
        // A preflight of an allowed page on another origin; refused like its request would be for any other.
        checkOrigin(request, 'GET', allowedOrigins);
        return new Response(null, { status: 204, headers: { allow: found.allow, ...corsHeaders(request, allowedOrigins, found.allow) } });
      }
      if (method !== found.allow) {
        throw new CheckoutFailure(405, 'method_not_allowed', `This checkout route takes ${found.allow} only.`, undefined, { allow: found.allow });
      }
      checkOrigin(request, method, allowedOrigins);
      const context = { options, tessera, tokens, report };
      if (found.name === 'retrieve') return await retrieve(context, request, found.paymentId!);
      const body = await readJsonBody(request, maxBodyBytes);
      if (found.name === 'pay') return await pay(context, body, request);
      if (found.name === 'continue') return await continuePayment(context, request, found.paymentId!);
      return await saveRadarSession(context, request, body);
    } catch (error) {
      if (error instanceof CheckoutFailure) return error.toResponse();
      report(error);
      return serverFailure().toResponse();
    }
  };

  return async (request) => withCors(await answer(request), request);
}
