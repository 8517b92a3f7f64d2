import { TesseraValidationError } from '@tessera/core';
import { isPagePath } from '../platform/page-path.js';
import { isSecureUrl } from '../vault/environment.js';

/**
 * Checks the `returnUrl` option of `confirmPayment`, `pay()` and a store checkout's `pay()`: a path of this page's
 * origin (`/checkout/return`) or an https URL (plain http only on this machine). The customer is sent back there by
 * the redirect page, so `javascript:`, `data:`, a plain-http or a protocol-relative URL is a `TesseraValidationError`
 * naming `returnUrl` (returned, for the caller to throw before anything is sent; `undefined` when it is right).
 * `absolute`: only an URL (the service resolves no path).
 */
export function returnUrlRefusal(returnUrl: unknown, absolute = false): TesseraValidationError | undefined {
  if (returnUrl === undefined) return undefined;
  if (typeof returnUrl === 'string' && ((!absolute && isPagePath(returnUrl)) || (/^https?:\/\//i.test(returnUrl) && isSecureUrl(returnUrl)))) return undefined;
  return new TesseraValidationError([{ field: 'returnUrl', code: 'invalid', message: `must be ${absolute ? '' : 'a path of this page or '}an https URL (http only on localhost)` }]);
}
