/** Prefix of every API path (section 9). */
export const API_PREFIX = '/api/public/v1';

/** An HTTP method used by the API. */
export type HttpMethod = 'GET' | 'POST';

/** One operation of the API: method, path template (`{id}` placeholders) and whether the path is assumed. */
export interface Route {
  readonly method: HttpMethod;
  readonly path: string;
  /**
   * True where the document names the operation but not its path (section 4.10). These paths follow DESIGN.md;
   * when the real path is known, edit it here and nowhere else.
   */
  readonly assumed: boolean;
}

const given = (method: HttpMethod, path: string): Route => ({ method, path, assumed: false });
const assumed = (method: HttpMethod, path: string): Route => ({ method, path, assumed: true });

/** Every operation of the service, relative to `{baseUrl}/api/public/v1`. Nothing else in the SDK spells a path. */
export const routes = {
  createPaymentInstrumentFromToken: given('POST', '/payment-instruments/create-from-token'),
  retrievePaymentInstrument: given('GET', '/payment-instruments/{id}'),
  listCustomerPaymentInstruments: given('GET', '/customers/{id}/payment-instruments'),
  createThreeDSSession: given('POST', '/threeds/create-session'),
  processPayment: given('POST', '/payments/process'),
  retrievePayment: given('GET', '/payments/{id}'),
  voidPayment: given('POST', '/payments/void'),
  refundPayment: given('POST', '/payments/refund'),
  createProcessor: given('POST', '/processors/create'),
  archiveProcessors: assumed('POST', '/processors/archive'),
  createPaymentFlow: assumed('POST', '/payment-flows/create'),
  createStore: assumed('POST', '/stores/create'),
  createProduct: assumed('POST', '/products/create'),
  createCheckoutSession: assumed('POST', '/checkout-sessions/create'),
  listPayments: assumed('POST', '/payments'),
  listOrders: assumed('GET', '/orders'),
  listWebhooks: assumed('GET', '/webhooks'),
} as const satisfies Record<string, Route>;

/** Name of an operation in {@link routes}. */
export type OperationName = keyof typeof routes;

/**
 * Fills a route's `{id}` placeholder, percent-encoding the value (`encodeURIComponent`), and returns the path
 * relative to the API prefix: `/`, `?`, `#`, `\` or `%` in a value stay inside its one path segment. Throws a
 * `TypeError` if a placeholder has no value or is `.` or `..` (URL parsers resolve those even when encoded).
 */
export function routePath(route: Route, params: Readonly<Record<string, string>> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`Missing path parameter "${name}"`);
    if (value === '.' || value === '..') throw new TypeError(`Path parameter "${name}" cannot be a dot segment`);
    return encodeURIComponent(value);
  });
}
