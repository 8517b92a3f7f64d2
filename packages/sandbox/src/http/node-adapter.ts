import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorAnswer, type RouteAnswer, type SandboxAnswer } from '../wire/answer.js';
import { MAX_BODY_BYTES, payloadTooLarge } from './body.js';
import { SandboxHttpError } from '../errors/http-error.js';
import { parseHost } from './loopback.js';
import type { SandboxRequest } from './request.js';
import type { Router } from './router.js';
import type { ServedHost } from './served-host.js';

// Past the limit the 413 is sent at once (with `connection: close`) and the rest of the body is read and dropped:
// a client still sending reads the answer as it arrives (fetch, curl) and stops, rather than seeing a reset
// connection it would retry as a network failure. Past this much more the socket is closed, the answer long sent.
const MAX_DRAINED_BYTES = 64 * MAX_BODY_BYTES;

/**
 * Reads a request's body and calls `done` once: with its bytes; with `undefined` as soon as it passes
 * {@link MAX_BODY_BYTES} (the rest is read and dropped) or when the connection closed first; or with an error.
 * Listeners, not a promise: the answer is then written in the turn the last chunk arrives in.
 */
function readBytes(request: IncomingMessage, done: (body: Buffer | undefined, error?: unknown) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let called = false;
  const finish = (body: Buffer | undefined, error?: unknown): void => {
    if (called) return;
    called = true;
    done(body, error);
  };
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) {
      chunks.push(chunk);
      return;
    }
    chunks.length = 0;
    finish(undefined);
    if (size > MAX_DRAINED_BYTES) request.destroy();
  });
  request.on('end', () => finish(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
  request.on('error', (error) => finish(undefined, error));
  request.on('close', () => finish(undefined));
}

// What fetch's `text()` does: a leading BOM dropped, invalid UTF-8 replaced.
const fetchUtf8 = new TextDecoder('utf-8');
/** A node:http header value as a fetch `Headers` holds it (repeated lines joined). */
const headerValue = (value: string | string[]): string => (Array.isArray(value) ? value.join(', ') : value);

// The adapter's own answers (before any route runs) have no sandbox request id: they get one of their own.
let adapterAnswers = 0;
const adapterRequestId = (): string => `req_server_${String(++adapterAnswers).padStart(6, '0')}`;

/** Sends an answer (headers by name, as fetch's `Headers` lists them: what the answer made a `Response` would send). */
function send(response: ServerResponse, answer: SandboxAnswer): void {
  const { headers } = answer;
  // One flat list to writeHead rather than a setHeader per header (each checked and stored); only the replay flag
  // goes through setHeader, for the request log to read back.
  const lines: string[] = [];
  for (const name of Object.keys(headers).sort()) {
    if (name === 'idempotent-replayed') response.setHeader(name, headers[name]!);
    else lines.push(name, headers[name]!);
  }
  lines.push('content-length', String(Buffer.byteLength(answer.body)));
  response.writeHead(answer.status, lines).end(answer.body);
}

/** Sends an error the adapter answers itself, through the one error writer. */
export function sendError(response: ServerResponse, error: SandboxHttpError, headers: Record<string, string> = {}): void {
  send(response, errorAnswer(error, adapterRequestId(), 'api', headers));
}

// A path of plain segments (letters, digits, `_`, `-`): `new URL` would give it back as it is, so it is used as the
// pathname without one (about 1 µs a request). Anything else (a query, percent-encoding, dots, `//`) goes through it.
const plainPath = /^(?:\/[\w-]+)*\/?$/;

// The origin of each Host header seen (a client sends the same one on every request), or `null` for one that is
// not a valid host (the request is then answered 400). Read by `parseHost`, as the Host check reads the name.
// Bounded: cleared when it fills up.
const origins = new Map<string, string | null>();
const MAX_ORIGINS = 256;

function originOf(host: string): string | null {
  let origin = origins.get(host);
  if (origin === undefined) {
    origin = parseHost(host)?.origin ?? null;
    if (origins.size >= MAX_ORIGINS) origins.clear();
    origins.set(host, origin);
  }
  return origin;
}

/**
 * A node:http request as the router reads it. The URL is made only when a route reads it (its query); the path
 * and origin, which every request needs, are read without it when the path is plain (see {@link plainPath}).
 */
class NodeSandboxRequest implements SandboxRequest {
  params: Record<string, string> = {};
  body: unknown = undefined;
  form: Record<string, string> = {};
  #url: URL | undefined;

  constructor(
    readonly method: string,
    readonly pathname: string,
    readonly origin: string,
    private readonly incoming: IncomingMessage,
    private readonly bytes: Buffer | undefined,
    url: URL | undefined,
  ) {
    this.#url = url;
  }

  get url(): URL {
    this.#url ??= new URL(this.incoming.url ?? '/', this.origin);
    return this.#url;
  }

  get remoteAddress(): string | undefined {
    return this.incoming.socket.remoteAddress;
  }

  header(name: string): string | null {
    const value = this.incoming.headers[name];
    return value === undefined ? null : headerValue(value);
  }

  text(): string {
    return this.bytes ? fetchUtf8.decode(this.bytes) : '';
  }
}

/** The request's path and origin (and its URL when one had to be made); `undefined` for a malformed URL. */
function locate(request: IncomingMessage, fallbackHost: string): { pathname: string; origin: string; url?: URL } | undefined {
  const target = request.url ?? '/';
  // The origin is always the Host's, read as the Host check read it (an absolute-form target names no other).
  const origin = originOf(request.headers.host ?? fallbackHost);
  if (origin === null) return undefined;
  if (plainPath.test(target)) return { pathname: target === '' ? '/' : target, origin };
  try {
    const url = new URL(target, origin);
    return { pathname: url.pathname, origin, url };
  } catch {
    return undefined;
  }
}

/** Sends the 500 of a failure past the router (or drops the connection when the answer has started). */
function sendFailure(response: ServerResponse): void {
  if (!response.headersSent) sendError(response, new SandboxHttpError(500, 'internal_error', 'The sandbox failed unexpectedly'));
  else response.destroy();
}

/** Writes the router's answer (an injected drop closes the socket: the client sees no answer). */
function sendAnswer(request: IncomingMessage, response: ServerResponse, answer: RouteAnswer): void {
  if (answer === 'dropped') request.socket.destroy();
  else send(response, answer);
}

/** Answers a request whose body (if any) has been read. */
function answerRequest(router: Router, fallbackHost: string, request: IncomingMessage, response: ServerResponse, method: string, body: Buffer | undefined): void {
  const location = locate(request, fallbackHost);
  if (location === undefined) {
    sendError(response, new SandboxHttpError(400, 'validation_error', 'Malformed request URL'));
    return;
  }
  const failed = (): void => sendFailure(response);
  const sent = (answer: RouteAnswer): void => {
    try {
      sendAnswer(request, response, answer);
    } catch {
      sendFailure(response);
    }
  };
  let routed: RouteAnswer | Promise<RouteAnswer>;
  try {
    const sandboxRequest = new NodeSandboxRequest(method, location.pathname, location.origin, request, body, location.url);
    // Over HTTP a request no route matches gets the router's one "no route" answer (msw passes it on instead).
    routed = router.route(sandboxRequest) ?? router.notFound(sandboxRequest);
  } catch {
    failed();
    return;
  }
  // Most routes answer in one go over node:http (see routePipeline): written in this turn, no promise to wait for.
  if (routed instanceof Promise) routed.then(sent, failed);
  else sent(routed);
}

/**
 * The node:http adapter, a thin shell around the router: refuses a request whose Host the server does not answer as
 * (every route, before its body is read: see {@link ServedHost}), reads the request into a {@link SandboxRequest},
 * asks the router, writes its answer, in the turn the body's last chunk arrives when the route needs nothing
 * asynchronous. No fetch `Request` or `Response` is made, and msw is not involved.
 */
export function serveNode(router: Router, served: ServedHost, request: IncomingMessage, response: ServerResponse): void {
  if (!served.accepts(request.headers.host)) {
    sendError(response, served.refusal, { connection: 'close' });
    return;
  }
  const method = request.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') {
    answerRequest(router, served.fallback, request, response, method, undefined);
    return;
  }
  readBytes(request, (body, error) => {
    if (error !== undefined) sendFailure(response);
    else if (body === undefined) sendError(response, payloadTooLarge(), { connection: 'close' });
    else answerRequest(router, served.fallback, request, response, method, body);
  });
}
