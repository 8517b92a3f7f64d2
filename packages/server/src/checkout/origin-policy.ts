import { CHECKOUT_PAYMENT_TOKEN_HEADER } from '@tessera/core';
import { CheckoutFailure } from './checkout-failure.js';

const forbidden = () => new CheckoutFailure(403, 'forbidden_origin', 'This checkout does not take requests from this page: pay from the shop’s own pages (or add its origin to allowedOrigins).');

/**
 * Refuses a request no allowed page sent (403 `forbidden_origin`):
 * - an `Origin` header that is not one of `allowed` (by default the request URL's own origin), `null` included;
 * - a POST without `Origin`: browsers always send it on a POST `fetch`, so only a non-browser client or a stripped
 *   header omits it, and the page's own calls never do;
 * - without `Origin`, a `Sec-Fetch-Site` other than `same-origin` (or `none`, a URL the user typed): another site's
 *   page, in a browser that sent no origin.
 * A same-origin GET without `Origin` (browsers omit it there) is let through: the payment token guards it.
 */
export function checkOrigin(request: Request, method: string, allowed: readonly string[] | undefined): void {
  const origin = request.headers.get('origin');
  if (origin !== null) {
    const allowedOrigins = allowed ?? [new URL(request.url).origin];
    if (!allowedOrigins.includes(origin)) throw forbidden();
    return;
  }
  if (method !== 'GET' && method !== 'HEAD') throw forbidden();
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') throw forbidden();
}

/**
 * The CORS headers of an answer to an allowed page on another origin than the handler's (`allowedOrigins` naming
 * `https://shop.example` for a handler on `https://api.shop.example`), so the page may read it; none for the
 * handler's own origin or a refused one. `allow`: the route's methods, for a preflight.
 */
export function corsHeaders(request: Request, allowed: readonly string[] | undefined, allow?: string): Record<string, string> {
  const origin = request.headers.get('origin');
  if (origin === null || allowed === undefined || !allowed.includes(origin) || origin === new URL(request.url).origin) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    vary: 'Origin',
    ...(allow === undefined ? {} : { 'access-control-allow-methods': allow, 'access-control-allow-headers': `content-type, ${CHECKOUT_PAYMENT_TOKEN_HEADER}`, 'access-control-max-age': '600' }),
  };
}

/** The allowed origins as `Origin` headers write them (`https://shop.example`, no path or trailing slash). */
export function normalizeOrigins(origins: readonly string[]): string[] {
  return origins.map((origin) => {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new TypeError(`allowedOrigins: "${origin}" is not an origin: write it as https://shop.example`);
    }
    if (url.origin === 'null' || url.pathname !== '/' || url.search !== '' || url.hash !== '') throw new TypeError(`allowedOrigins: "${origin}" is not an origin: write it as https://shop.example, without a path`);
    return url.origin;
  });
}
