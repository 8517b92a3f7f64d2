import { sleep, type OperationMethod } from '@tessera/core/internal';
import { http, HttpResponse, type HttpHandler, type RequestHandler } from 'msw';
import { MAX_BODY_BYTES } from './body-limit.js';
import type { SandboxContext } from './context.js';
import type { FaultDecision, SandboxFaults } from './faults.js';
import { SandboxHttpError } from './http-error.js';
import type { IdempotencyClaim, IdempotencyStore, Reservation, StoredResponse } from './idempotency.js';
import type { RouteName } from './route-name.js';

/**
 * Who may call a route: the secret API key, the public vault key, BT's `BT-API-KEY` header with the public key
 * (`bt`, BT's browser routes) or with the secret key (`bt-secret`, BT's server routes), or anyone (the pages).
 */
export type RouteAuth = 'api' | 'vault' | 'bt' | 'bt-secret' | 'none';

/** A request as a route's operation sees it. */
export interface RouteRequest {
  /** Parsed JSON body (`undefined` when empty). */
  body: unknown;
  /** Form fields of an `application/x-www-form-urlencoded` body. */
  form: Record<string, string>;
  params: Record<string, string>;
  url: URL;
}

/** What an operation answers: JSON, an HTML page, or a redirect (302 by default) to `redirect`. */
export type RouteResult = { status?: number; json: unknown } | { status?: number; html: string } | { status?: number; redirect: string };

/** One route of the sandbox. */
export interface RouteDefinition {
  /** Name used by fault rules and idempotency scopes: core's operation name, or the sandbox's own route name. */
  name: RouteName;
  method: OperationMethod;
  /** msw path, matching any origin (`*\/api/public/v1/...`). */
  path: string;
  auth: RouteAuth;
  /** Faults and `Idempotency-Key` apply (API and vault routes; not the ACS pages or `/sandbox/*` helpers). */
  guarded: boolean;
  /**
   * The operation. Synchronous on purpose: the check and the change happen in one turn of the event loop, so two
   * concurrent requests on one payment cannot both pass the check (two captures at once: exactly one wins).
   */
  handle(request: RouteRequest): RouteResult;
}

/** What every route shares: the keys it checks, the fault rules and the idempotency records. */
export interface RouteServices {
  keys: RouteKeys;
  faults: SandboxFaults;
  idempotency: IdempotencyStore;
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
 * A request as the route pipeline reads it: plain data, so that the HTTP server reaches a route without building a
 * fetch `Request` (msw users' requests are read through the same shape).
 */
export interface RouteInput {
  /** A request header by lower-case name; `null` when absent. */
  header(name: string): string | null;
  /** The body as text, read only by a POST route (after authentication). */
  text(): string | Promise<string>;
  url: URL;
  params: Record<string, string>;
}

/** What a route answers: a response to send, or `dropped` (an injected dropped connection: no answer at all). */
export type RouteAnswer = StoredResponse | 'dropped';

/** One route's whole pipeline, over plain data: authenticate → read body → idempotency → faults → handle → store. */
export type RoutePipeline = (request: RouteInput) => Promise<RouteAnswer>;

/** Step 1: the caller's key, as the route's `auth` asks. */
function authenticate(auth: RouteAuth, request: RouteInput, keys: RouteKeys): void {
  if (auth === 'api') {
    if (request.header('authorization') !== `Bearer ${keys.apiKey}`) {
      throw new SandboxHttpError(401, 'unauthorized', 'Missing or invalid API key: send Authorization: Bearer <secret key>', {
        headers: { 'www-authenticate': 'Bearer' },
      });
    }
  } else if (auth === 'vault') {
    const key = request.header('bt-api-key');
    if (key === keys.apiKey || (request.header('authorization') ?? '') !== '') {
      throw new SandboxHttpError(403, 'forbidden', 'The vault takes the public key in BT-API-KEY, never the secret API key');
    }
    if (key !== keys.vaultKey) throw new SandboxHttpError(401, 'unauthorized', 'Missing or invalid BT-API-KEY: send the sandbox test public key');
  } else if (auth === 'bt' || auth === 'bt-secret') {
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

/** Step 2: the body as text (empty for a GET), at most {@link MAX_BODY_BYTES}. */
async function readBody(route: RouteDefinition, request: RouteInput): Promise<string> {
  const text = route.method === 'POST' ? await request.text() : '';
  if (text.length > MAX_BODY_BYTES) throw new SandboxHttpError(413, 'payload_too_large', 'The request body is larger than 1 MB');
  return text;
}

/** Step 3: the `Idempotency-Key` of a guarded POST, claimed for this body; `undefined` without a key. */
function claimKey(route: RouteDefinition, request: RouteInput, text: string, idempotency: IdempotencyStore): Exclude<IdempotencyClaim, { kind: 'conflict' }> | undefined {
  const key = route.guarded && route.method === 'POST' ? request.header('idempotency-key') : null;
  if (key === null) return undefined;
  const claim = idempotency.reserve(route.name, key, text);
  if (claim.kind === 'conflict' && claim.reason === 'reused') {
    throw new SandboxHttpError(409, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request body');
  }
  if (claim.kind === 'conflict') throw new SandboxHttpError(409, 'idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed');
  return claim;
}

/** Step 4: the injected faults of a guarded route: waits the latency, throws an injected error, returns a drop. */
async function applyFaults(route: RouteDefinition, faults: SandboxFaults): Promise<FaultDecision['fault']> {
  if (!route.guarded) return undefined;
  const { latencyMs, fault } = faults.decide(route.name);
  if (latencyMs > 0) await sleep(latencyMs);
  if (fault?.kind === 'server_error') {
    throw new SandboxHttpError(fault.status ?? 503, fault.status === 500 ? 'internal_error' : 'service_unavailable', 'Injected fault: the service is unavailable');
  }
  if (fault?.kind === 'rate_limit') {
    throw new SandboxHttpError(429, 'rate_limited', 'Too many requests', { headers: { 'retry-after': String(fault.retryAfterSeconds ?? 1) } });
  }
  return fault;
}

function parseBody(text: string, contentType: string): { body: unknown; form: Record<string, string> } {
  if (contentType.includes('application/x-www-form-urlencoded')) return { body: undefined, form: Object.fromEntries(new URLSearchParams(text)) };
  if (text.trim() === '') return { body: undefined, form: {} };
  try {
    return { body: JSON.parse(text) as unknown, form: {} };
  } catch {
    throw new SandboxHttpError(400, 'validation_error', 'The request body is not valid JSON', {
      fields: [{ field: '', code: 'invalid_json', message: 'is not valid JSON' }],
    });
  }
}

function toStored(result: RouteResult, requestId: string, extraHeaders: Record<string, string>): StoredResponse {
  if ('redirect' in result) return { status: result.status ?? 302, body: '', headers: { ...extraHeaders, 'x-request-id': requestId, location: result.redirect } };
  const status = result.status ?? 200;
  if ('html' in result) return { status, body: result.html, headers: { ...extraHeaders, 'x-request-id': requestId, 'content-type': 'text/html; charset=utf-8' } };
  return { status, body: JSON.stringify(result.json), headers: { ...extraHeaders, 'x-request-id': requestId, 'content-type': 'application/json' } };
}

function errorStored(error: SandboxHttpError, requestId: string, extraHeaders: Record<string, string>, auth: RouteAuth): StoredResponse {
  return {
    status: error.status,
    body: JSON.stringify(auth === 'api' || auth === 'none' ? error.toBody(requestId) : error.toProblemDetails()),
    headers: { ...extraHeaders, ...error.headers, 'content-type': 'application/json', 'x-request-id': requestId },
  };
}

/**
 * Step 5: the operation, on the parsed body. A body that is not JSON is not stored (a retry runs the operation);
 * what the operation answers, an error included, is.
 */
function handle(route: RouteDefinition, request: RouteInput, text: string, requestId: string, extra: Record<string, string>): StoredResponse {
  const { body, form } = parseBody(text, request.header('content-type') ?? '');
  try {
    return toStored(route.handle({ body, form, params: request.params, url: request.url }), requestId, extra);
  } catch (error) {
    if (!(error instanceof SandboxHttpError)) throw error;
    return errorStored(error, requestId, extra, route.auth);
  }
}

const send = (stored: StoredResponse): Response => new Response(stored.body, { status: stored.status, headers: stored.headers });

const replayed = (stored: StoredResponse, requestId: string): StoredResponse => ({
  ...stored,
  headers: { ...stored.headers, 'idempotent-replayed': 'true', 'x-request-id': requestId },
});

/**
 * A route definition as its pipeline, in named steps: authenticate → read body → idempotency → faults → handle →
 * store. Auth, body and injected errors are never stored: a retry with the same key runs the operation.
 */
function routePipeline(ctx: SandboxContext, services: RouteServices, route: RouteDefinition): RoutePipeline {
  const cors = route.auth === 'vault' ? vaultCorsHeaders : route.auth === 'bt' ? btCorsHeaders : {};
  const tracesBt = route.auth === 'bt' || route.auth === 'bt-secret';
  return async (request) => {
    const requestId = ctx.nextId('req');
    // BT answers carry their trace id (web-threeds reads it as the correlation id).
    const extra = tracesBt ? { ...cors, 'bt-trace-id': requestId } : cors;
    let reservation: Reservation | undefined;
    try {
      authenticate(route.auth, request, services.keys);
      const text = await readBody(route, request);
      const claim = claimKey(route, request, text, services.idempotency);
      if (claim?.kind === 'replay') return replayed(claim.response, requestId);
      reservation = claim;
      const fault = await applyFaults(route, services.faults);
      if (fault?.kind === 'drop_before_commit') {
        reservation?.release();
        return 'dropped';
      }
      const answer = handle(route, request, text, requestId, extra);
      // Step 6: store the answer (success or a 4xx): a retry with the same key gets it back.
      reservation?.commit(answer);
      reservation = undefined;
      if (fault?.kind === 'drop_after_commit') return 'dropped';
      return answer;
    } catch (error) {
      reservation?.release();
      const httpError = error instanceof SandboxHttpError ? error : new SandboxHttpError(500, 'internal_error', 'The sandbox failed unexpectedly');
      return errorStored(httpError, requestId, extra, route.auth);
    }
  };
}

const pipelines = new WeakMap<RequestHandler, RoutePipeline>();

/**
 * The pipeline behind an msw handler made by {@link createRouteHandler} (else `undefined`): the HTTP server calls
 * it directly, with no fetch `Request` or `Response` in between; it is the handler's own, not a second one.
 */
export function routePipelineOf(handler: RequestHandler): RoutePipeline | undefined {
  return pipelines.get(handler);
}

/** Wraps a route definition as an msw handler: its pipeline, on the fetch `Request` msw gives, answered as a `Response`. */
export function createRouteHandler(ctx: SandboxContext, services: RouteServices, route: RouteDefinition): HttpHandler {
  const pipeline = routePipeline(ctx, services, route);
  const method = route.method === 'GET' ? http.get : http.post;
  const handler = method(route.path, async ({ request, params }) => {
    const answer = await pipeline({
      header: (name) => request.headers.get(name),
      text: () => request.text(),
      url: new URL(request.url),
      params: params as Record<string, string>,
    });
    return answer === 'dropped' ? HttpResponse.error() : send(answer);
  });
  pipelines.set(handler, pipeline);
  return handler;
}
