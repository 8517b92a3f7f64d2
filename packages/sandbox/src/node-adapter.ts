import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'msw';
import { errorAnswer, type RouteAnswer, type SandboxAnswer } from './answer.js';
import { MAX_BODY_BYTES, payloadTooLarge } from './body.js';
import { SandboxHttpError } from './http-error.js';
import { sandboxRequest } from './request.js';
import type { Router } from './router.js';

// Past the limit the rest of the body is read and dropped so the client, still sending, gets the 413 instead of
// a reset connection (which it would retry as a network failure). Past this much more, the socket is closed.
const MAX_DRAINED_BYTES = 64 * MAX_BODY_BYTES;

/** The bytes of a request's body; `undefined` when it is over {@link MAX_BODY_BYTES} (read to its end and dropped). */
function readBytes(request: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DRAINED_BYTES) request.destroy();
      else if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else chunks.length = 0;
    });
    request.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    request.on('error', reject);
    request.on('close', () => resolve(undefined));
  });
}

// What fetch's `text()` does: a leading BOM dropped, invalid UTF-8 replaced.
const fetchUtf8 = new TextDecoder('utf-8');
// `fatal`: invalid UTF-8 throws instead of being replaced; `ignoreBOM`: a leading BOM is kept, not dropped.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The body as a fetch `Request` is given it: the same bytes either way, but undici reads a string body back about
 * twice as fast as a byte array. Only valid UTF-8 goes as a string (it encodes back to the same bytes), and only with
 * a `content-type` (undici would otherwise add `text/plain;charset=UTF-8`).
 */
function fetchBody(body: Buffer, contentType: string | undefined): string | Uint8Array<ArrayBuffer> {
  if (contentType !== undefined) {
    try {
      return strictUtf8.decode(body);
    } catch {
      // Not UTF-8: passed as bytes, below.
    }
  }
  return new Uint8Array(body);
}

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

/** What the adapter serves: the sandbox's router, or (handlers of the caller's) msw over the handlers. */
export type NodeAdapterTarget = { router: Router } | { handlers: readonly RequestHandler[] };

/**
 * Handlers of the caller's (not the sandbox's own list) go through msw's getResponse, which keeps all of msw's
 * semantics (order, `once`, predicates, resolvers that answer nothing); msw is loaded only then.
 */
async function mswAnswer(handlers: readonly RequestHandler[], request: IncomingMessage, url: URL, body: Buffer | undefined): Promise<Response | undefined> {
  const { getResponse } = await import('msw');
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.push([name, headerValue(value)]);
  }
  const method = request.method ?? 'GET';
  // A method fetch refuses (TRACE, TRACK) throws here: a 500, as before any handler ran.
  const fetchRequest = new Request(url, { method, headers, ...(body && body.length > 0 ? { body: fetchBody(body, request.headers['content-type']) } : {}) });
  return getResponse([...handlers], fetchRequest, { baseUrl: `${url.origin}/`, quiet: true });
}

/**
 * The node:http adapter, the fast path: reads the request into a {@link SandboxRequest}, asks the router, writes its
 * answer. No fetch `Request` or `Response` is made (msw is not involved) unless the handlers are the caller's.
 */
export async function serveNode(target: NodeAdapterTarget, fallbackHost: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const method = request.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const body = hasBody ? await readBytes(request) : undefined;
  if (hasBody && body === undefined) {
    sendError(response, payloadTooLarge(), { connection: 'close' });
    return;
  }
  let url: URL;
  try {
    url = new URL(request.url ?? '/', `http://${request.headers.host ?? fallbackHost}`);
  } catch {
    sendError(response, new SandboxHttpError(400, 'validation_error', 'Malformed request URL'));
    return;
  }
  let answer: RouteAnswer | Response | undefined;
  try {
    if ('router' in target) {
      const header = (name: string): string | null => {
        const value = request.headers[name];
        return value === undefined ? null : headerValue(value);
      };
      const routed = target.router.route(sandboxRequest(method, url, header, () => (body ? fetchUtf8.decode(body) : '')));
      // Most routes answer in one go over node:http (see routePipeline): no promise to wait for then.
      answer = routed instanceof Promise ? await routed : routed;
    } else {
      answer = await mswAnswer(target.handlers, request, url, body);
    }
  } catch {
    sendError(response, new SandboxHttpError(500, 'internal_error', 'The sandbox failed unexpectedly'));
    return;
  }
  if (answer === 'dropped' || (answer instanceof Response && answer.type === 'error')) {
    // An injected dropped connection: the client sees the socket close with no answer.
    request.socket.destroy();
    return;
  }
  if (answer === undefined) {
    sendError(response, new SandboxHttpError(404, 'not_found', `No route ${method} ${url.pathname}`));
    return;
  }
  if (!(answer instanceof Response)) {
    send(response, answer);
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
