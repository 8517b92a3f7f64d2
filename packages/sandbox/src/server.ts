import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { getResponse, matchRequestUrl, type RequestHandler } from 'msw';
import { MAX_BODY_BYTES } from './body-limit.js';
import { SandboxHttpError } from './http-error.js';
import { assertSupportedNode } from './node-version.js';
import type { StoredResponse } from './idempotency.js';
import { routePipelineOf, type RouteAnswer, type RoutePipeline } from './route.js';
import { createSandbox, type Sandbox, type SandboxOptions } from './sandbox.js';

/** Options of {@link startSandboxServer}. */
export interface SandboxServerOptions {
  /** Port to listen on; 0 (the default) picks a free port. */
  port?: number;
  /**
   * Interface to listen on. Default: loopback only, both `127.0.0.1` and `::1` (when the machine has IPv6), served
   * as `http://localhost:<port>`, the host basis-theory-js and web-threeds keep on plain http.
   */
  host?: string;
  /** The sandbox to serve; default a new one made with `sandboxOptions`. */
  sandbox?: Sandbox;
  /** Options of the sandbox created when `sandbox` is not given. */
  sandboxOptions?: SandboxOptions;
  /** Called once per request when its answer is sent (the CLI's `--log`). */
  onRequest?: (entry: SandboxRequestLogEntry) => void;
}

/** One served request, as `onRequest` receives it. */
export interface SandboxRequestLogEntry {
  method: string;
  /** Path without the query string. */
  path: string;
  /** Status sent; 0 when the connection was dropped (an injected fault) or closed before an answer. */
  status: number;
  /** Time from the request's arrival to the end of the answer, in milliseconds. */
  durationMs: number;
  /** True when the answer is a stored idempotent answer replayed (`idempotent-replayed: true`). */
  idempotentReplay: boolean;
}

/** A running sandbox HTTP server. */
export interface SandboxServer {
  /** Base URL, e.g. `http://localhost:4010` (no trailing slash). */
  url: string;
  /** The port actually bound. */
  port: number;
  /** The sandbox behind the server (state, clock, faults, defaults). */
  sandbox: Sandbox;
  /** Stops the server and closes open connections. */
  close(): Promise<void>;
}

// Past the limit the rest of the body is read and dropped so the client, still sending, gets the 413 instead of
// a reset connection (which it would retry as a network failure). Past this much more, the socket is closed.
const MAX_DRAINED_BYTES = 64 * MAX_BODY_BYTES;

/** One handler as the server dispatches to it. */
interface IndexedHandler {
  handler: RequestHandler;
  /** The handler's method and path when it is a plain HTTP handler (`http.get(path, …)`), else `undefined`. */
  method: string | undefined;
  path: string | undefined;
  /** Pre-filter of `path` (same syntax as msw's, any origin); msw's own matcher still decides and reads the params. */
  pattern: RegExp | undefined;
  /** The sandbox route behind the handler, called on plain data with no `Request` or `Response` (see route.ts). */
  pipeline: RoutePipeline | undefined;
}

/**
 * Picks, for one request's method, the handlers that could match it (same order); {@link dispatch} runs only those
 * whose pattern matches the URL, so that one or two run instead of all.
 */
type HandlerIndex = (method: string) => readonly IndexedHandler[];

// msw's generic path (getResponse: clone the request, parse it, run every handler's predicate, an AbortController
// and its DOMException per request, then the `Response` read back) costs more than the sandbox's own work. A
// sandbox route is matched here with msw's matcher and its handler's own pipeline runs on the node:http request's
// data: the handlers stay the one place behaviour lives. Every other handler (the CORS preflights, the JSON 404s,
// a handler of the caller's) goes through getResponse, which keeps all of msw's semantics.
function indexHandlers(handlers: readonly RequestHandler[]): HandlerIndex {
  const entries: IndexedHandler[] = handlers.map((handler) => {
    const info = handler.info as { method?: unknown; path?: unknown };
    if (typeof info.method !== 'string' || typeof info.path !== 'string') {
      return { handler, method: undefined, path: undefined, pattern: undefined, pipeline: undefined };
    }
    const source = info.path
      .split(/(\*|:[A-Za-z0-9_]+)/)
      .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    return { handler, method: info.method, path: info.path, pattern: new RegExp(`^${source}/?$`), pipeline: routePipelineOf(handler) };
  });
  // node:http only parses known methods, so this holds a few dozen lists at most.
  const byMethod = new Map<string, IndexedHandler[]>();
  return (method) => {
    let candidates = byMethod.get(method);
    if (candidates === undefined) {
      candidates = entries.filter((entry) => entry.method === undefined || entry.method === method);
      byMethod.set(method, candidates);
    }
    return candidates;
  };
}

/** One request as {@link dispatch} reads it: its URL and body, its headers, and the fetch `Request` when one is needed. */
interface ServedRequest {
  url: URL;
  baseUrl: string;
  /** A request header by lower-case name, as the fetch `Request` would give it; `null` when absent. */
  header: (name: string) => string | null;
  /** The body decoded as the fetch `Request`'s `text()` decodes it. */
  text: () => string;
  /** The request as a fetch `Request`, built on first use. */
  fetchRequest(): Request;
}

/**
 * Runs the candidates in order, as msw's getResponse does: the first that answers wins. A sandbox route answers
 * with its {@link RouteAnswer}, any other handler with a `Response`.
 */
async function dispatch(candidates: readonly IndexedHandler[], served: ServedRequest): Promise<RouteAnswer | Response | undefined> {
  const { url, baseUrl } = served;
  const href = `${url.origin}${url.pathname}`;
  for (const { handler, path, pattern, pipeline } of candidates) {
    if (pattern !== undefined && !pattern.test(href)) continue;
    if (pipeline && path !== undefined) {
      const match = matchRequestUrl(url, path, baseUrl);
      if (match.matches) return pipeline({ header: served.header, text: served.text, url, params: (match.params ?? {}) as Record<string, string> });
      continue;
    }
    const answer = await getResponse([handler], served.fetchRequest(), { baseUrl, quiet: true });
    if (answer) return answer;
  }
  return undefined;
}

/** Reads the body; `undefined` when it is over {@link MAX_BODY_BYTES} (read to its end and dropped, see above). */
function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DRAINED_BYTES) request.destroy();
      else if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else chunks.length = 0;
    });
    request.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks)));
    request.on('error', reject);
    request.on('close', () => resolve(undefined));
  });
}

// `fatal`: invalid UTF-8 throws instead of being replaced; `ignoreBOM`: a leading BOM is kept, not dropped.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
// What fetch's `text()` does: a leading BOM dropped, invalid UTF-8 replaced.
const fetchUtf8 = new TextDecoder('utf-8');

/**
 * The body as the Request is given it: the same bytes either way, but undici reads a string body back about twice
 * as fast as a byte array. Only valid UTF-8 goes as a string (it encodes back to the same bytes), and only with a
 * `content-type` (undici would otherwise add `text/plain;charset=UTF-8`).
 */
function requestBody(body: Buffer, contentType: string | undefined): string | Uint8Array<ArrayBuffer> {
  if (contentType !== undefined) {
    try {
      return strictUtf8.decode(body);
    } catch {
      // Not UTF-8: passed as bytes, below.
    }
  }
  return new Uint8Array(body);
}

// The server's own answers (before any route runs) have no sandbox request id: they get one of their own.
let serverRequests = 0;

/** An error the server answers itself, in the one error body every API error has ({@link SandboxHttpError.toBody}). */
function sendJson(response: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  const requestId = `req_server_${String(++serverRequests).padStart(6, '0')}`;
  const body = JSON.stringify(new SandboxHttpError(status, code, message).toBody(requestId));
  response.writeHead(status, { ...headers, 'content-type': 'application/json', 'x-request-id': requestId }).end(body);
}

/** A node:http header value as a fetch `Headers` holds it (repeated lines joined). */
const headerValue = (value: string | string[]): string => (Array.isArray(value) ? value.join(', ') : value);

/** Sends a sandbox route's answer as the `Response` made of it would be sent (headers by name, as `Headers` lists them). */
function sendStored(response: ServerResponse, stored: StoredResponse): void {
  // setHeader (not writeHead's argument) so that the request log can read `idempotent-replayed` back.
  for (const name of Object.keys(stored.headers).sort()) response.setHeader(name, stored.headers[name]!);
  response.setHeader('content-length', String(Buffer.byteLength(stored.body)));
  response.writeHead(stored.status).end(stored.body);
}

/** Adapts one node:http request to the sandbox's msw handlers (no second implementation of any route). */
async function serve(sandbox: Sandbox, index: HandlerIndex, fallbackHost: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const origin = `http://${request.headers.host ?? fallbackHost}`;
  const method = request.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(request);
  if (body === undefined && method !== 'GET' && method !== 'HEAD') {
    sendJson(response, 413, 'payload_too_large', 'The request body is larger than 1 MB', { connection: 'close' });
    return;
  }
  let url: URL;
  try {
    url = new URL(request.url ?? '/', origin);
  } catch {
    sendJson(response, 400, 'validation_error', 'Malformed request URL');
    return;
  }
  let fetchRequest: Request | undefined;
  const served: ServedRequest = {
    url,
    baseUrl: `${origin}/`,
    header: (name) => {
      const value = request.headers[name];
      return value === undefined ? null : headerValue(value);
    },
    text: () => (body ? fetchUtf8.decode(body) : ''),
    fetchRequest: () => {
      if (fetchRequest) return fetchRequest;
      const headers: [string, string][] = [];
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.push([name, headerValue(value)]);
      }
      fetchRequest = new Request(url, { method, headers, ...(body && body.length > 0 ? { body: requestBody(body, request.headers['content-type']) } : {}) });
      return fetchRequest;
    },
  };
  let answer: RouteAnswer | Response | undefined;
  try {
    answer = await dispatch(index(method), served);
    // A method fetch refuses (TRACE, TRACK) fails here, as it did when every request was made a `Request` first.
    if (!answer) served.fetchRequest();
  } catch {
    sendJson(response, 500, 'internal_error', 'The sandbox failed unexpectedly');
    return;
  }
  if (answer === 'dropped' || (answer instanceof Response && answer.type === 'error')) {
    // An injected dropped connection: the client sees the socket close with no answer.
    request.socket.destroy();
    return;
  }
  if (!answer) {
    sendJson(response, 404, 'not_found', `No route ${method} ${url.pathname}`);
    return;
  }
  if (!(answer instanceof Response)) {
    sendStored(response, answer);
    return;
  }
  // arrayBuffer(), not bytes(): with bytes() the checkout-web e2e (Chromium, 3DS pages) failed; cause not found.
  const payload = Buffer.from(await answer.arrayBuffer());
  answer.headers.forEach((value, name) => {
    response.setHeader(name, value);
  });
  response.setHeader('content-length', String(payload.length));
  response.writeHead(answer.status).end(payload);
}

function logWhenDone(onRequest: (entry: SandboxRequestLogEntry) => void, request: IncomingMessage, response: ServerResponse): void {
  const started = performance.now();
  const path = (request.url ?? '/').split('?')[0] ?? '/';
  let logged = false;
  const log = (status: number): void => {
    if (logged) return;
    logged = true;
    const idempotentReplay = response.getHeader('idempotent-replayed') === 'true';
    onRequest({ method: request.method ?? 'GET', path, status, durationMs: Math.round(performance.now() - started), idempotentReplay });
  };
  response.once('finish', () => log(response.statusCode));
  response.once('close', () => log(response.writableFinished ? response.statusCode : 0));
}

/**
 * Serves a sandbox over real HTTP (default loopback, `http://localhost:<port>`; port 0 = any free port). Every request goes through the
 * same msw handlers as `setupServer(...sandbox.handlers)`.
 */
export async function startSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  assertSupportedNode();
  // Loaded here so that the package's main entry stays importable in a browser (setupWorker).
  const { createServer } = await import('node:http');
  const sandbox = options.sandbox ?? createSandbox(options.sandboxOptions);
  const host = options.host ?? '127.0.0.1';
  let fallbackHost = host;
  const index = indexHandlers(sandbox.handlers);
  const { onRequest } = options;
  const newServer = (): Server => {
    const server = createServer((request, response) => {
      if (onRequest) logWhenDone(onRequest, request, response);
      serve(sandbox, index, fallbackHost, request, response).catch(() => {
        if (!response.headersSent) sendJson(response, 500, 'internal_error', 'The sandbox failed unexpectedly');
        else response.destroy();
      });
    });
    server.keepAliveTimeout = 5_000;
    return server;
  };
  const listen = (server: Server, port: number, address: string): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, address, () => {
        server.off('error', reject);
        resolve();
      });
    });
  const servers = [newServer()];
  await listen(servers[0]!, options.port ?? 0, host);
  const address = servers[0]!.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0);
  const isDefaultHost = options.host === undefined;
  if (isDefaultHost) {
    // `localhost` may resolve to ::1 first (Node, browsers): answer there too, on the same port.
    const ipv6 = newServer();
    try {
      await listen(ipv6, port, '::1');
      servers.push(ipv6);
    } catch {
      // No IPv6 loopback on this machine: clients fall back to 127.0.0.1.
    }
  }
  const hostForUrl = isDefaultHost ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  fallbackHost = `${hostForUrl}:${port}`;
  const closeOne = (server: Server): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  return {
    url: `http://${fallbackHost}`,
    port,
    sandbox,
    close: async () => {
      await Promise.all(servers.map(closeOne));
    },
  };
}
