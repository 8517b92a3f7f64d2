import { cmsTokenHeader, sleep } from '@tessera/core/internal';
import { looksLikeSessionToken, sessionOfToken } from '../service/cms-sessions.js';
import { type ErrorFormat, type RouteAnswer, type RouteResult, type SandboxAnswer, answerOf, errorAnswer } from '../wire/answer.js';
import { bodyTooDeep, nestsTooDeep, readBody } from './body.js';
import type { SandboxContext } from '../service/context.js';
import type { FaultDecision, SandboxFaults } from './faults.js';
import { SandboxHttpError } from '../errors/http-error.js';
import { hostnameOf, isLoopbackAddress, isLoopbackHostname } from './loopback.js';
import type { IdempotencyClaim, IdempotencyStore, Reservation } from '../state/idempotency.js';
import type { SandboxRequest } from './request.js';
import type { RouteName } from './route-name.js';
import type { RouteOverride } from './override.js';
import { TEST_CLOCK_HEADER, underRequestedTestClock } from '../service/test-clock-scope.js';

/**
 * Who may call a route: the secret API key, a browser session token in `x-cms-token` (`session`: the browser session
 * API's own routes), either (`key-or-session`: pay-v2, continue and radar sessions, which the vendor's browser code
 * calls on the session token too), the public vault key, BT's `BT-API-KEY` header with the public key
 * (`bt`, BT's browser routes) or with the secret key (`bt-secret`, BT's server routes: refused to a request with
 * an `Origin`, a page's), anyone on this machine
 * (`loopback`: the dashboard's page and its data, see {@link isLoopbackRequest}), a page of the sandbox's own origin
 * (`same-origin`: the stand-in wallet sheets' routes, see {@link isSameOriginRequest}), or anyone (the pages).
 */
export type RouteAuth = 'api' | 'session' | 'key-or-session' | 'vault' | 'bt' | 'bt-secret' | 'loopback' | 'same-origin' | 'none';

/**
 * True for a request a browser sent from a page of the sandbox's own origin, or that no browser sent (no `Origin`,
 * no `Sec-Fetch-Site`: a test's fetch): a page on another origin sends its own in `Origin`.
 */
export function isSameOriginRequest(request: Pick<SandboxRequest, 'header' | 'origin'>): boolean {
  const origin = request.header('origin');
  const site = request.header('sec-fetch-site');
  return (origin === null || origin === request.origin) && (site === null || site === 'same-origin' || site === 'none');
}


/**
 * True for a request from this machine to a loopback name: its socket's peer is a loopback address (when it came
 * over one) and its Host (the URL's, through msw) names loopback, so a page on a DNS name rebound to 127.0.0.1 is
 * refused too.
 */
export function isLoopbackRequest(request: Pick<SandboxRequest, 'remoteAddress' | 'header' | 'origin'>): boolean {
  const address = request.remoteAddress;
  if (address !== undefined && !isLoopbackAddress(address)) return false;
  return isLoopbackHostname(hostnameOf(request.header('host') ?? new URL(request.origin).host));
}

/** One route of the sandbox. */
export interface RouteDefinition {
  /** Name used by fault rules and idempotency scopes: core's operation name, or the sandbox's own route name. */
  name: RouteName;
  /** Upper-case HTTP method (any: the router matches every method). */
  method: string;
  /** Path pattern, msw's syntax without an origin (`/api/public/v1/payments/:id`); see http/router.ts. */
  path: string;
  auth: RouteAuth;
  /** Faults and `Idempotency-Key` apply (API and vault routes; not the ACS pages or `/sandbox/*` helpers). */
  guarded: boolean;
  /** CORS headers of a route a page on another origin calls, beside those of its `auth` (the vault's, BT's). */
  cors?: Readonly<Record<string, string>> | undefined;
  /**
   * The operation. Synchronous on purpose: the check and the change happen in one turn of the event loop, so two
   * concurrent requests on one payment cannot both pass the check (two captures at once: exactly one wins).
   */
  handle(request: SandboxRequest): RouteResult;
}

/** What every route shares: the keys it checks, the fault rules, the idempotency records and the overrides. */
export interface RouteServices {
  keys: RouteKeys;
  faults: SandboxFaults;
  idempotency: IdempotencyStore;
  /** The operations replaced by name (`sandbox.override`), read at step 5 of every request. */
  overrides: ReadonlyMap<RouteName, RouteOverride>;
}

/** Keys the routes check. */
export interface RouteKeys {
  apiKey: string;
  vaultKey: string;
}

/**
 * CORS headers of the vault, Basis Theory's API as a browser page calls it directly (any origin, the `BT-*`
 * headers basis-theory-js and web-threeds send, no credentials); the API routes send none.
 */
export const vaultCorsHeaders: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, accept, bt-api-key, bt-client-user-agent, bt-idempotency-key, bt-trace-id, idempotency-key',
  'access-control-expose-headers': 'bt-trace-id, x-request-id',
  'access-control-max-age': '600',
};

/** CORS headers of BT's browser routes (web-threeds calls them from the page and reads `BT-TRACE-ID`). */
export const btCorsHeaders: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, bt-api-key, bt-trace-id',
  'access-control-expose-headers': 'bt-trace-id, x-request-id',
  'access-control-max-age': '600',
};

/**
 * CORS headers of the routes the radar stand-in scripts call from the merchant's page (any origin, a JSON body, no
 * credentials, nothing secret in the answer).
 */
export const radarCorsHeaders: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-expose-headers': 'x-request-id',
  'access-control-max-age': '600',
};

/**
 * CORS headers of the browser session API (the store's page is on another origin than the service): any origin,
 * JSON with `x-cms-token` (and the `Idempotency-Key` Tessera's client sends), no credentials.
 */
export const sessionCorsHeaders: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': `content-type, ${cmsTokenHeader}, idempotency-key`,
  'access-control-expose-headers': 'x-request-id',
  'access-control-max-age': '600',
};

/** One route's whole pipeline: authenticate → read body → idempotency → faults → handle → store. */
export type RoutePipeline = (request: SandboxRequest) => RouteAnswer | Promise<RouteAnswer>;

/** A 401 for a browser session token sent to a route of the secret-key API. */
const sessionTokenRefused = (): SandboxHttpError =>
  new SandboxHttpError(
    401,
    'unauthorized',
    `A browser session token (${cmsTokenHeader}) only opens the browser session routes (/api/v1/cms/session/*, /api/v1/checkout/session/init, /api/v1/checkout-sessions/{token}/v2, /api/v1/checkout-sessions/{id}/promotions/apply, /api/v1/payment/create-payment-instrument, /api/v1/threeds/create-session, /api/v1/payments/{id}, /api/v1/products, and pay-v2, payments/continue and radar-sessions for its own payments): call this route from your server with Authorization: Bearer <secret key>`,
    { headers: { 'www-authenticate': 'Bearer' } },
  );

/**
 * A 403 for a page calling a BT private-key route: a browser sends `Origin` on every cross-origin request (and on a
 * same-origin POST), a server's HTTP client does not. The sandbox's private key is a published constant, so a
 * hostile page could send it: it is refused before anything runs (docs/contracts.md, "Keys").
 */
const privateKeyFromPage = (): SandboxHttpError =>
  new SandboxHttpError(
    403,
    'forbidden',
    'This Basis Theory route takes the private key, and a private key is for your server: call this from your server (no Origin header), not from a page; a page uses the public key on POST /3ds/sessions only',
  );

/** Step 1: the caller's key, as the route's `auth` asks (the session a token opens set on the request). */
function authenticate(ctx: SandboxContext, auth: RouteAuth, request: SandboxRequest, keys: RouteKeys): void {
  const authorization = request.header('authorization');
  const sessionToken = request.header(cmsTokenHeader);
  if (auth === 'session') {
    if (sessionToken === null && authorization === `Bearer ${keys.apiKey}`) {
      throw new SandboxHttpError(401, 'unauthorized', `This route takes a browser session token in ${cmsTokenHeader} (POST /api/v1/cms/session/anonymous { storeId }), not the secret key: from your server, use the secret-key API`);
    }
    request.cmsSession = sessionOfToken(ctx, sessionToken);
  } else if (auth === 'key-or-session' && authorization !== `Bearer ${keys.apiKey}` && sessionToken !== null) {
    request.cmsSession = sessionOfToken(ctx, sessionToken);
  } else if (auth === 'api' || auth === 'key-or-session') {
    if (authorization !== `Bearer ${keys.apiKey}`) {
      if (auth === 'api' && (sessionToken !== null || looksLikeSessionToken(authorization))) throw sessionTokenRefused();
      throw new SandboxHttpError(401, 'unauthorized', 'Missing or invalid API key: send Authorization: Bearer <secret key>', {
        headers: { 'www-authenticate': 'Bearer' },
      });
    }
  } else if (auth === 'loopback') {
    if (!isLoopbackRequest(request)) throw new SandboxHttpError(403, 'forbidden', 'The sandbox dashboard is served on loopback only (127.0.0.1, ::1, localhost)');
  } else if (auth === 'same-origin') {
    if (!isSameOriginRequest(request)) throw new SandboxHttpError(403, 'forbidden', 'This route answers pages of the sandbox\'s own origin only (its wallet sheet): open the sheet through the sandbox\'s Apple Pay or Google Pay stand-in');
  } else if (auth === 'vault') {
    const key = request.header('bt-api-key');
    if (key === keys.apiKey || (request.header('authorization') ?? '') !== '') {
      throw new SandboxHttpError(403, 'forbidden', 'The vault takes the public key in BT-API-KEY, never the secret API key');
    }
    if (key !== keys.vaultKey) throw new SandboxHttpError(401, 'unauthorized', 'Missing or invalid BT-API-KEY: send the sandbox test public key');
  } else if (auth === 'bt' || auth === 'bt-secret') {
    if (auth === 'bt-secret' && request.header('origin') !== null) throw privateKeyFromPage();
    const key = request.header('bt-api-key');
    const expected = auth === 'bt' ? keys.vaultKey : keys.apiKey;
    if (key !== expected) {
      const known = key === keys.apiKey || key === keys.vaultKey;
      throw new SandboxHttpError(
        known ? 403 : 401,
        known ? 'forbidden' : 'unauthorized',
        auth === 'bt' ? 'This route takes the public key in BT-API-KEY, never the secret key' : 'This route takes the secret key in BT-API-KEY',
      );
    }
  }
}

/**
 * Step 3: the `Idempotency-Key` of a guarded POST, claimed for this body; `undefined` without a key. On a browser
 * session token the key is the session's own: another session sending the same key and body gets its own answer,
 * never this one's (its checkout token, its payment). A route open to anyone (`none`: the anonymous session) keeps
 * no answer for a key: with no caller to scope it by, a stranger sending the same key and body would get the first
 * caller's answer (its session token), and the kept answer would put that token in the data file.
 */
function claimKey(route: RouteDefinition, request: SandboxRequest, text: string, idempotency: IdempotencyStore): Exclude<IdempotencyClaim, { kind: 'conflict' }> | undefined {
  const key = route.guarded && route.auth !== 'none' && request.method !== 'GET' && request.method !== 'HEAD' ? request.header('idempotency-key') : null;
  if (key === null) return undefined;
  const claim = idempotency.reserve(request.cmsSession === undefined ? route.name : `${route.name} ${request.cmsSession.id}`, key, text);
  if (claim.kind === 'conflict' && claim.reason === 'reused') {
    throw new SandboxHttpError(409, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request body');
  }
  if (claim.kind === 'conflict') throw new SandboxHttpError(409, 'idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed');
  return claim;
}

/**
 * Step 4: the injected error or drop of a guarded route, once its latency (if any) has passed: throws an injected
 * error, returns a drop.
 */
function injectedFault(fault: FaultDecision['fault']): FaultDecision['fault'] {
  if (fault?.kind === 'server_error') {
    throw new SandboxHttpError(fault.status ?? 503, fault.status === 500 ? 'internal_error' : 'service_unavailable', 'Injected fault: the service is unavailable');
  }
  if (fault?.kind === 'rate_limit') {
    throw new SandboxHttpError(429, 'rate_limited', 'Too many requests', { headers: { 'retry-after': String(fault.retryAfterSeconds ?? 1) } });
  }
  return fault;
}

/** Fills the request's `body` (JSON, at most `MAX_BODY_DEPTH` levels deep) or `form` (a urlencoded form) from its text. */
function parseBody(request: SandboxRequest, text: string): void {
  const contentType = request.header('content-type') ?? '';
  if (contentType.includes('application/x-www-form-urlencoded')) {
    request.form = Object.fromEntries(new URLSearchParams(text));
    return;
  }
  if (text.trim() === '') return;
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new SandboxHttpError(400, 'validation_error', 'The request body is not valid JSON', {
      fields: [{ field: '', code: 'invalid_json', message: 'is not valid JSON' }],
    });
  }
  if (nestsTooDeep(text)) throw bodyTooDeep();
  request.body = body;
}

/**
 * Step 5: the operation (or its override, when it answers), on the parsed body. A body that is not JSON is not
 * stored (a retry runs the operation); what the operation answers, an error included, is.
 */
function handle(pipeline: PipelineRoute, request: SandboxRequest, text: string, requestId: string, extra: Record<string, string>): SandboxAnswer {
  parseBody(request, text);
  try {
    const { route, services } = pipeline;
    const override = services.overrides.size === 0 ? undefined : services.overrides.get(route.name);
    const run = (): RouteResult => override?.(request) ?? route.handle(request);
    // An API request may name a scoped test clock it runs under (sandbox only): see service/test-clocks.ts.
    const result = route.auth === 'api' || (route.auth === 'key-or-session' && request.cmsSession === undefined) ? underRequestedTestClock(pipeline.ctx, request.header(testClockHeader), run) : run();
    return answerOf(result, requestId, extra);
  } catch (error) {
    if (!(error instanceof SandboxHttpError)) throw error;
    return errorAnswer(error, requestId, pipeline.format, extra);
  }
}

/**
 * The vault, BT's routes and the wallet sheets' routes (`same-origin`) answer errors as Basis Theory does; the API
 * and the pages as the API does.
 */
export const errorFormatOf = (auth: RouteAuth): ErrorFormat =>
  auth === 'api' || auth === 'session' || auth === 'key-or-session' || auth === 'none' || auth === 'loopback' ? 'api' : 'problem';

const replayed = (stored: SandboxAnswer, requestId: string): SandboxAnswer => ({
  ...stored,
  headers: { ...stored.headers, 'idempotent-replayed': 'true', 'x-request-id': requestId },
});

/** What one route's pipeline holds for all its requests. */
interface PipelineRoute {
  ctx: SandboxContext;
  services: RouteServices;
  route: RouteDefinition;
  cors: Readonly<Record<string, string>>;
  tracesBt: boolean;
  format: ErrorFormat;
}

/**
 * One request going through its route's pipeline: its steps are methods, not closures made per request (fewer
 * objects for the collector on the node:http adapter's hot path).
 */
class PipelineRun {
  readonly requestId: string;
  readonly extra: Readonly<Record<string, string>>;
  reservation: Reservation | undefined = undefined;

  constructor(
    readonly pipeline: PipelineRoute,
    readonly request: SandboxRequest,
  ) {
    this.requestId = pipeline.ctx.nextId('req');
    // BT answers carry their trace id (web-threeds reads it as the correlation id).
    this.extra = pipeline.tracesBt ? { ...pipeline.cors, 'bt-trace-id': this.requestId } : pipeline.cors;
  }

  /** Steps 1 and 2, then the rest: in one go unless the body is read from a stream. */
  run(): RouteAnswer | Promise<RouteAnswer> {
    try {
      authenticate(this.pipeline.ctx, this.pipeline.route.auth, this.request, this.pipeline.services.keys);
      const text = readBody(this.request);
      if (typeof text !== 'string') return text.then((body) => this.afterBody(body)).catch((error: unknown) => this.failed(error));
      return this.afterBody(text);
    } catch (error) {
      return this.failed(error);
    }
  }

  /** Steps 3 and 4: idempotency, then the faults (waiting out an injected latency). */
  afterBody(text: string): RouteAnswer | Promise<RouteAnswer> {
    const { route, services } = this.pipeline;
    const claim = claimKey(route, this.request, text, services.idempotency);
    if (claim?.kind === 'replay') return replayed(claim.response, this.requestId);
    this.reservation = claim;
    const { latencyMs, fault } = route.guarded ? services.faults.decide(route.name) : noFault;
    if (latencyMs > 0) {
      return sleep(latencyMs)
        .then(() => this.finish(text, fault))
        .catch((error: unknown) => this.failed(error));
    }
    return this.finish(text, fault);
  }

  /** Steps 5 and 6, after the faults. */
  finish(text: string, fault: FaultDecision['fault']): RouteAnswer {
    if (injectedFault(fault)?.kind === 'drop_before_commit') {
      this.reservation?.release();
      return 'dropped';
    }
    const answer = handle(this.pipeline, this.request, text, this.requestId, this.extra);
    // Step 6: store the answer (success or a 4xx): a retry with the same key gets it back.
    this.reservation?.commit(answer);
    this.reservation = undefined;
    return fault?.kind === 'drop_after_commit' ? 'dropped' : answer;
  }

  failed(error: unknown): SandboxAnswer {
    this.reservation?.release();
    const httpError = error instanceof SandboxHttpError ? error : new SandboxHttpError(500, 'internal_error', 'The sandbox failed unexpectedly');
    return errorAnswer(httpError, this.requestId, this.pipeline.format, this.extra);
  }
}

/**
 * A route definition as its pipeline, in named steps: authenticate → read body → idempotency → faults → handle →
 * store. Auth, body and injected errors are never stored: a retry with the same key runs the operation. It runs in
 * one go, with no promise, unless the body is read from a stream or an injected latency waits (the node:http
 * adapter's requests: most of them).
 */
export function routePipeline(ctx: SandboxContext, services: RouteServices, route: RouteDefinition): RoutePipeline {
  const pipeline: PipelineRoute = {
    ctx,
    services,
    route,
    cors: route.cors ?? (route.auth === 'vault' ? vaultCorsHeaders : route.auth === 'bt' ? btCorsHeaders : route.auth === 'session' ? sessionCorsHeaders : {}),
    tracesBt: route.auth === 'bt' || route.auth === 'bt-secret',
    format: errorFormatOf(route.auth),
  };
  return (request) => new PipelineRun(pipeline, request).run();
}

const noFault: FaultDecision = { latencyMs: 0 };
const testClockHeader = TEST_CLOCK_HEADER.toLowerCase();
