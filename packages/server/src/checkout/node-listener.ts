/** What the listener reads of Node's `IncomingMessage` (Express's `req`, Fastify's `request.raw`). */
export interface NodeRequestLike extends AsyncIterable<Uint8Array | string> {
  method?: string | undefined;
  /** The path and query; below a mount point, Express's `originalUrl` is read instead. */
  url?: string | undefined;
  originalUrl?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

/** What the listener writes of Node's `ServerResponse` (Express's `res`, Fastify's `reply.raw`). */
export interface NodeResponseLike {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(chunk?: Uint8Array): unknown;
}

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /**
   * The origin the handler is reached at (`https://shop.example`), for the request's URL: the default origin check
   * compares the page's `Origin` with it. Default: `http://` and the `Host` header (behind TLS or a proxy, give it).
   */
  origin?: string;
}

/** What a request the listener cannot turn into a Fetch `Request` is answered (a method Fetch forbids, a bad URL). */
const unreadable = { error: { code: 'invalid_request', message: 'This request cannot be read (its method, Host header or path): send it as the checkout client does.' } };

/** What a handler that threw is answered (its error goes to `console.error`, never to the caller). */
const failed = { error: { code: 'server_error', message: 'The server could not answer this request: try again later.' } };

/**
 * The request's URL: its path and query on `origin` (the option, else `http://` and the `Host` header). A target in
 * absolute form (`POST http://other/...`) keeps only its path and query: the origin is never the request's to name.
 */
function requestUrl(target: string, origin: string): URL {
  if (target.startsWith('/')) return new URL(`${origin}${target}`);
  const absolute = new URL(target);
  return new URL(`${origin}${absolute.pathname}${absolute.search}`);
}

/** The Fetch `Request` of a Node request, its body pulled as the handler reads it. Throws when Fetch cannot hold it. */
function toRequest(req: NodeRequestLike, origin: string | undefined): Request {
  const method = (req.method ?? 'GET').toUpperCase();
  const host = typeof req.headers.host === 'string' ? req.headers.host : 'localhost';
  const url = requestUrl(req.originalUrl ?? req.url ?? '/', origin ?? new URL(`http://${host}`).origin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const iterator = req[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  // Pulled as the handler reads, so a body over its limit is never read to the end.
  const body =
    method === 'GET' || method === 'HEAD'
      ? null
      : new ReadableStream<Uint8Array>({
          async pull(controller) {
            const next = await iterator.next();
            if (next.done) controller.close();
            else controller.enqueue(typeof next.value === 'string' ? encoder.encode(next.value) : new Uint8Array(next.value));
          },
          // Over the limit: reading stops; the request is not destroyed, so the 413 still reaches the page.
          cancel() {},
        });
  const init: RequestInit & { duplex?: 'half' } = { method, headers, ...(body === null ? {} : { body, duplex: 'half' }) };
  return new Request(url, init);
}

function writeResponse(res: NodeResponseLike, status: number, headers: Headers, body: Uint8Array): void {
  res.statusCode = status;
  headers.forEach((value, name) => res.setHeader(name, value));
  res.end(body);
}

function writeJson(res: NodeResponseLike, status: number, answer: unknown): void {
  writeResponse(res, status, new Headers({ 'content-type': 'application/json', 'cache-control': 'no-store' }), new TextEncoder().encode(JSON.stringify(answer)));
}

/**
 * A Node `(req, res)` listener around a Fetch handler (the checkout handler, the webhook handler), for `node:http`,
 * Express (`app.use('/api/tessera', toNodeListener(handler))`, before any body parser: the handler reads and caps the
 * body itself) and Fastify (`request.raw`, `reply.raw`, with its body parsing left off for the route). Its promise
 * never rejects, so `void listener(req, res)` is safe: a request Fetch cannot hold (a `TRACE`, a `Host` that is no
 * host, a path that is no URL) is answered 400 `invalid_request`, a handler that throws 500 `server_error`.
 *
 * @throws TypeError when `origin` is not an origin (at creation, not per request).
 */
export function toNodeListener(handler: (request: Request) => Promise<Response>, options: NodeListenerOptions = {}): (req: NodeRequestLike, res: NodeResponseLike) => Promise<void> {
  let origin: string | undefined;
  if (options.origin !== undefined) {
    try {
      origin = new URL(options.origin).origin;
    } catch {
      throw new TypeError(`toNodeListener: origin "${options.origin}" is not an origin: write it as https://shop.example`);
    }
  }
  return async (req, res) => {
    let request: Request;
    try {
      request = toRequest(req, origin);
    } catch {
      writeJson(res, 400, unreadable);
      return;
    }
    let response: Response;
    let body: Uint8Array;
    try {
      response = await handler(request);
      body = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      console.error('[tessera]', error);
      writeJson(res, 500, failed);
      return;
    }
    writeResponse(res, response.status, response.headers, body);
  };
}
