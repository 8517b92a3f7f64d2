import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { getResponse, type RequestHandler } from 'msw';
import { createSandbox, type Sandbox, type SandboxOptions } from './sandbox.js';

/** Options of {@link startSandboxServer}. */
export interface SandboxServerOptions {
  /** Port to listen on; 0 (the default) picks a free port. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1` (loopback only). */
  host?: string;
  /** The sandbox to serve; default a new one made with `sandboxOptions`. */
  sandbox?: Sandbox;
  /** Options of the sandbox created when `sandbox` is not given. */
  sandboxOptions?: SandboxOptions;
}

/** A running sandbox HTTP server. */
export interface SandboxServer {
  /** Base URL, e.g. `http://127.0.0.1:4010` (no trailing slash). */
  url: string;
  /** The port actually bound. */
  port: number;
  /** The sandbox behind the server (state, clock, faults, defaults). */
  sandbox: Sandbox;
  /** Stops the server and closes open connections. */
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1_000_000;
// Past the limit the rest of the body is read and dropped so the client, still sending, gets the 413 instead of
// a reset connection (which it would retry as a network failure). Past this much more, the socket is closed.
const MAX_DRAINED_BYTES = 64 * MAX_BODY_BYTES;

/** Picks, for one request, the handlers that could match it (same order), so msw runs one or two instead of all. */
type HandlerIndex = (method: string, href: string) => RequestHandler[];

// msw runs every handler in turn (clone, parse, predicate) and that dominates the cost of a request. The index
// only narrows the list by method and path pattern; msw still matches and the handlers still answer.
function indexHandlers(handlers: readonly RequestHandler[]): HandlerIndex {
  const entries = handlers.map((handler) => {
    const info = handler.info as { method?: unknown; path?: unknown };
    if (typeof info.method !== 'string' || typeof info.path !== 'string') return { handler, method: undefined, pattern: undefined };
    const source = info.path
      .split(/(\*|:[A-Za-z0-9_]+)/)
      .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    return { handler, method: info.method, pattern: new RegExp(`^${source}/?$`) };
  });
  return (method, href) =>
    entries
      .filter((entry) => entry.method === undefined || entry.pattern === undefined || (entry.method === method && entry.pattern.test(href)))
      .map((entry) => entry.handler);
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

function sendJson(response: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify({ error: { code, message } }));
}

/** Adapts one node:http request to the sandbox's msw handlers (no second implementation of any route). */
async function serve(sandbox: Sandbox, index: HandlerIndex, fallbackHost: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const origin = `http://${request.headers.host ?? fallbackHost}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
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
  const fetchRequest = new Request(url, { method, headers, ...(body && body.length > 0 ? { body: new Uint8Array(body) } : {}) });
  let answer: Response | undefined;
  try {
    answer = await getResponse(index(method, `${url.origin}${url.pathname}`), fetchRequest, { baseUrl: `${origin}/`, quiet: true });
  } catch {
    sendJson(response, 500, 'internal_error', 'The sandbox failed unexpectedly');
    return;
  }
  if (answer?.type === 'error') {
    // An injected dropped connection: the client sees the socket close with no answer.
    request.socket.destroy();
    return;
  }
  if (!answer) {
    sendJson(response, 404, 'not_found', `No route ${method} ${url.pathname}`);
    return;
  }
  const payload = Buffer.from(await answer.arrayBuffer());
  const outgoing: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    outgoing[name] = value;
  });
  outgoing['content-length'] = String(payload.length);
  response.writeHead(answer.status, outgoing).end(payload);
}

/**
 * Serves a sandbox over real HTTP (default `127.0.0.1`, port 0 = any free port). Every request goes through the
 * same msw handlers as `setupServer(...sandbox.handlers)`.
 */
export async function startSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  // Loaded here so that the package's main entry stays importable in a browser (setupWorker).
  const { createServer } = await import('node:http');
  const sandbox = options.sandbox ?? createSandbox(options.sandboxOptions);
  const host = options.host ?? '127.0.0.1';
  let fallbackHost = host;
  const index = indexHandlers(sandbox.handlers);
  const server: Server = createServer((request, response) => {
    serve(sandbox, index, fallbackHost, request, response).catch(() => {
      if (!response.headersSent) sendJson(response, 500, 'internal_error', 'The sandbox failed unexpectedly');
      else response.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0);
  const hostForUrl = host.includes(':') ? `[${host}]` : host;
  fallbackHost = `${hostForUrl}:${port}`;
  return {
    url: `http://${fallbackHost}`,
    port,
    sandbox,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
