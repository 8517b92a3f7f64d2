import { TesseraError, TesseraValidationError } from '@tessera/core';
import { API_PREFIX, parseOrThrow, z, type HttpMethod } from '@tessera/core/internal';
import { Auth } from '../resources/auth.js';
import { BlockRules } from '../resources/block-rules.js';
import { BuilderSessions } from '../resources/builder-sessions.js';
import { rememberApiKey } from '../core/api-key-hmac.js';
import { CheckoutSessions } from '../resources/checkout-sessions.js';
import { Customers } from '../resources/customers.js';
import { assertKeyFitsOrigin, assertSecureOrigin, environmentNames, environmentOrigins, type TesseraEnvironment } from '../core/environment.js';
import { Events } from '../resources/events.js';
import { FunnelTracking } from '../resources/funnel-tracking.js';
import { Funnels } from '../resources/funnels.js';
import type { FetchFunction } from '../transport/attempt.js';
import { HttpClient } from '../transport/http-client.js';
import type { TesseraLogger } from '../core/logger.js';
import { Orders } from '../resources/orders.js';
import { PaymentFlows } from '../resources/payment-flows.js';
import { PaymentInstruments } from '../resources/payment-instruments.js';
import { Payments } from '../resources/payments.js';
import { Processors } from '../resources/processors.js';
import { Products } from '../resources/products.js';
import { PromotionCodes } from '../resources/promotion-codes.js';
import { Promotions } from '../resources/promotions.js';
import { RadarSessions } from '../resources/radar-sessions.js';
import type { RawRequestOptions } from '../core/request-options.js';
import { DEFAULT_MAX_RETRIES } from '../transport/retry-policy.js';
import { describeRuntime, isBrowserLike } from '../plumbing/runtime.js';
import { Stores } from '../resources/stores.js';
import { Subscriptions } from '../resources/subscriptions.js';
import { ThreeDSSessions } from '../resources/threeds-sessions.js';
import { VERSION } from '../core/version.js';
import { Webhooks } from '../resources/webhooks.js';

/** Options of the {@link Tessera} client. */
export interface TesseraOptions {
  /**
   * Your secret API key, sent as `Authorization: Bearer <apiKey>`. Keep it on the server. Default (when left out or
   * empty): the `TESSERA_API_KEY` environment variable; without either the constructor throws, saying so.
   */
  apiKey?: string;
  /**
   * Which API to talk to, when neither `baseUrl` nor the `TESSERA_BASE_URL` environment variable names one:
   * `'production'` (the default, `https://app.tagadapay.com`), `'development'` (`https://app.tagadapay.dev`) or
   * `'local'` (the sandbox, `http://localhost:4010`). See `environmentOrigins` (`@tessera/server/internal`).
   */
  environment?: TesseraEnvironment;
  /**
   * Origin of the service, overriding `environment`; requests go to `{baseUrl}/api/public/v1` (a `baseUrl` that
   * already ends in `/api/public/v1` is accepted, the prefix is not doubled). Default: the `TESSERA_BASE_URL`
   * environment variable where one exists, otherwise the origin of `environment`.
   */
  baseUrl?: string;
  /** Time limit of each attempt in milliseconds. Default 60000. */
  timeoutMs?: number;
  /** Retries after the first attempt, 0–10. `0` disables retries. Default 2. */
  maxRetries?: number;
  /**
   * Whether the service honours `Idempotency-Key`, so that a call which changes something (a payment, refund, void,
   * new instrument) may be retried when its outcome is unknown (a timeout or a connection lost after sending, a
   * 500, 502 or 504). Off: such a call is not retried and fails with `TesseraOutcomeUnknownError`. Default: on for a
   * loopback `baseUrl` (127.0.0.0/8, `localhost`, `[::1]`: the local sandbox, which honours keys), off for any
   * other origin until the real service is known to honour them. GETs, and failures where the service cannot have
   * acted (connection refused, DNS failure, 429, 503), are retried either way.
   */
  idempotentRetries?: boolean;
  /** The largest successful response body read, in bytes; a longer one fails with `TesseraResponseTooLargeError`. Default 4 MiB. */
  maxResponseBytes?: number;
  /** The fetch to use. Default: the global `fetch`, looked up at each request. */
  fetch?: FetchFunction;
  /** Receives one event per request, response and retry, with secrets redacted. */
  logger?: TesseraLogger;
  /**
   * Lets the client run in a browser page. Anyone who opens the page can read a key shipped to it: only set this
   * for a restricted key you are prepared to expose.
   */
  dangerouslyAllowBrowser?: boolean;
}

/** Default time limit of each attempt. */
export const DEFAULT_TIMEOUT_MS = 60_000;

const isFunction = (value: unknown): boolean => typeof value === 'function';

/** What a missing key's error says: where a key comes from. */
const MISSING_API_KEY = 'is missing: pass your secret API key as the apiKey option, or set the TESSERA_API_KEY environment variable';

const tesseraOptions = z.object({
  // No whitespace or control characters: such a key cannot be a header value, and `Headers` would put the whole key
  // in its error. The message never quotes the key.
  apiKey: z.string().check(z.refine((key) => key !== '', { message: MISSING_API_KEY, params: { code: 'required' }, abort: true }), z.maxLength(1000), z.regex(/^[\x21-\x7e]*$/, 'must be printable ASCII without whitespace or control characters')),
  environment: z.optional(z.enum(environmentNames)),
  baseUrl: z.optional(z.url({ protocol: /^https?$/ })),
  timeoutMs: z.optional(z.int().check(z.positive(), z.maximum(2_147_483_647))),
  maxRetries: z.optional(z.int().check(z.minimum(0), z.maximum(10))),
  idempotentRetries: z.optional(z.boolean()),
  maxResponseBytes: z.optional(z.int().check(z.positive(), z.maximum(2_147_483_647))),
  fetch: z.optional(z.custom<FetchFunction>(isFunction, 'must be a function')),
  logger: z.optional(z.custom<TesseraLogger>(isFunction, 'must be a function')),
  dangerouslyAllowBrowser: z.optional(z.boolean()),
});

// A path below the API prefix: one leading slash, no `.`/`..` segment (even percent-encoded), no backslash, no
// query or fragment (use `query`).
const relativePath = /^\/(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[^?#\s\\]*$/;
const encodedDotOrSlash = /%(?:2e|2f|5c)/i;

/**
 * True when `path`, resolved against `apiUrl` as `fetch` will resolve it, stays below the API prefix: the
 * normalised pathname starts with `{prefix}/`.
 */
function staysBelowPrefix(apiUrl: string, path: string): boolean {
  if (!relativePath.test(path) || encodedDotOrSlash.test(path)) return false;
  let resolved: URL;
  try {
    resolved = new URL(`${apiUrl}${path}`);
  } catch {
    return false;
  }
  const base = new URL(apiUrl);
  return resolved.origin === base.origin && resolved.pathname.startsWith(`${base.pathname}/`) && resolved.search === '' && resolved.hash === '';
}

/** An environment variable of the runtime (`process.env`, where there is one), `undefined` when unset or empty. */
function environmentVariable(name: 'TESSERA_API_KEY' | 'TESSERA_BASE_URL'): string | undefined {
  const scope = globalThis as { process?: { env?: Record<string, string | undefined> } };
  return scope.process?.env?.[name] || undefined;
}

/** The origin without a trailing `/api/public/v1`, so a `baseUrl` given with the prefix does not double it. */
function stripApiPrefix(baseUrl: string): string {
  return baseUrl.endsWith(API_PREFIX) ? baseUrl.slice(0, -API_PREFIX.length).replace(/\/+$/, '') : baseUrl;
}

/**
 * The Tessera API client for merchant servers.
 *
 * ```ts
 * const tessera = new Tessera({ apiKey: process.env.TESSERA_API_KEY! }); // environment: 'local' for the sandbox
 * const payment = await tessera.payments.purchase({ amount: 1999, currency: 'USD', storeId, paymentInstrumentId,
 *   initiatedBy: 'customer' });
 * ```
 */
export class Tessera {
  /** Payment instruments: `createFromToken`, `retrieve`, `list`. */
  readonly paymentInstruments: PaymentInstruments;
  /** Customers: `listPaymentInstruments`, `retrieve`, `list`. */
  readonly customers: Customers;
  /** 3DS sessions: `createSession`. */
  readonly threeds: ThreeDSSessions;
  /** Payments: `process`, `purchase`, `authorize`, `capture`, `continue`, `retrieve`, `waitForFinalStatus`, `void`, `refund`, `list`. */
  readonly payments: Payments;
  /** Radar sessions: `create` (save the device check a payment asked for, before continuing it). */
  readonly radarSessions: RadarSessions;
  /** Processors: `create`, `archive`. */
  readonly processors: Processors;
  /** Payment flows: `create`. */
  readonly paymentFlows: PaymentFlows;
  /** Stores: `create`. */
  readonly stores: Stores;
  /** Products: `create`, `list`, `retrieve`. */
  readonly products: Products;
  /** Checkout sessions: `create`. */
  readonly checkoutSessions: CheckoutSessions;
  /** Orders: `list`, `retrieve`. */
  readonly orders: Orders;
  /** Webhooks: `createEndpoint`, `list`, and `constructEvent` to verify a delivery. */
  readonly webhooks: Webhooks;
  /** The account's events: `list`, `retrieve`, `recent`. */
  readonly events: Events;
  /** Subscriptions: `create`, `list`, `retrieve`, `rebill`, `changeProcessor`. */
  readonly subscriptions: Subscriptions;
  /** The API key: `test` (is it valid, and for which account). */
  readonly auth: Auth;
  /** Promotions: `create`, `update`, `retrieve`. */
  readonly promotions: Promotions;
  /** Promotion codes: `create`, `list`, `update` (a code counts its uses and may expire). */
  readonly promotionCodes: PromotionCodes;
  /** Block rules: `create`, `list` (payments matching an enabled rule are declined). */
  readonly blockRules: BlockRules;
  /** Funnels: `create`, `createPreviewSession` (a preview session of one of a funnel's steps). */
  readonly funnels: Funnels;
  /** Funnel tracking: `trackStep` (an event at a funnel step, listed with the app events). */
  readonly funnelTracking: FunnelTracking;
  /** Builder sessions: `create` (a short-lived token for a plugin deployment's builder). */
  readonly builderSessions: BuilderSessions;
  /** The service origin requests go to. */
  readonly baseUrl: string;
  readonly #http: HttpClient;
  readonly #apiUrl: string;

  /**
   * @throws TesseraValidationError when an option is invalid, e.g. an API key with whitespace or control characters
   *   (neither the message nor any cause contains the key), an unknown `environment`, or the sandbox's key
   *   (`sk_test_tessera_sandbox`) for an origin other than a local one (field `apiKey`, code `sandbox_key`), or a
   *   plain `http://` origin other than a loopback one (field `baseUrl`, code `insecure_url`: the key would travel
   *   unencrypted).
   * @throws TesseraError `browser_not_allowed` in a browser page unless `dangerouslyAllowBrowser` is true.
   */
  constructor(options: TesseraOptions = {}) {
    const apiKey = options.apiKey || (environmentVariable('TESSERA_API_KEY') ?? '');
    const settings = parseOrThrow(tesseraOptions, { ...options, apiKey, baseUrl: options.baseUrl ?? environmentVariable('TESSERA_BASE_URL') });
    if (isBrowserLike() && settings.dangerouslyAllowBrowser !== true) {
      throw new TesseraError(
        'browser_not_allowed',
        'The Tessera server client would expose your secret API key in a browser. Use @tessera/tokenizer in the page and call Tessera from your server (or pass dangerouslyAllowBrowser: true if you understand the risk).',
      );
    }
    this.baseUrl = stripApiPrefix((settings.baseUrl ?? environmentOrigins[settings.environment ?? 'production']).replace(/\/+$/, ''));
    assertKeyFitsOrigin(settings.apiKey, this.baseUrl);
    assertSecureOrigin(this.baseUrl);
    this.#apiUrl = `${this.baseUrl}${API_PREFIX}`;
    const http = new HttpClient({
      apiKey: settings.apiKey,
      apiUrl: this.#apiUrl,
      timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxRetries: settings.maxRetries ?? DEFAULT_MAX_RETRIES,
      clientHeader: `tessera-server/${VERSION} ${describeRuntime()}`,
      fetch: settings.fetch,
      logger: settings.logger,
      idempotentRetries: settings.idempotentRetries,
      maxResponseBytes: settings.maxResponseBytes,
    });
    this.#http = http;
    rememberApiKey(this, settings.apiKey);
    this.paymentInstruments = new PaymentInstruments(http);
    this.customers = new Customers(http);
    this.threeds = new ThreeDSSessions(http);
    this.payments = new Payments(http);
    this.radarSessions = new RadarSessions(http);
    this.processors = new Processors(http);
    this.paymentFlows = new PaymentFlows(http);
    this.stores = new Stores(http);
    this.products = new Products(http);
    this.checkoutSessions = new CheckoutSessions(http);
    this.orders = new Orders(http);
    this.webhooks = new Webhooks(http);
    this.events = new Events(http);
    this.subscriptions = new Subscriptions(http);
    this.auth = new Auth(http);
    this.funnels = new Funnels(http);
    this.funnelTracking = new FunnelTracking(http);
    this.builderSessions = new BuilderSessions(http);
    this.promotions = new Promotions(http);
    this.promotionCodes = new PromotionCodes(http);
    this.blockRules = new BlockRules(http);
  }

  /**
   * Sends any request to `{baseUrl}/api/public/v1{path}`, for operations this SDK does not model yet. It gets the
   * same authentication, idempotency key (on non-GET requests), retries and errors as every other method. The
   * body is sent as JSON; the parsed JSON response is returned unvalidated.
   *
   * @param path relative to the API prefix, starting with `/` (e.g. `/payments/pay_123`); no `.` or `..` segment
   *   (also not percent-encoded), no backslash, query or fragment. The URL is resolved and its normalised pathname
   *   must stay below `/api/public/v1/`.
   * @throws TesseraValidationError (field `path`) for any other path, before sending.
   */
  async request<T = unknown>(method: HttpMethod, path: string, options: RawRequestOptions = {}): Promise<T> {
    if (typeof path !== 'string' || !staysBelowPrefix(this.#apiUrl, path)) {
      throw new TesseraValidationError([
        {
          field: 'path',
          code: 'invalid_format',
          message: 'must start with "/" and stay below the API prefix, without "..", encoded dots, backslashes, a query or a fragment',
        },
      ]);
    }
    const result = await this.#http.send(method, path, options);
    return result.data as T;
  }

  /** What `util.inspect` and `console.log` show: never the API key. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `Tessera { baseUrl: '${this.baseUrl}', apiKey: '[redacted]' }`;
  }

  /** What `JSON.stringify` shows: never the API key. */
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.baseUrl };
  }
}
