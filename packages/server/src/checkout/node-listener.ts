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

/**
 * A Node `(req, res)` listener around a Fetch handler (the checkout handler, the webhook handler), for `node:http`,
 * Express (`app.use('/api/tessera', toNodeListener(handler))`, before any body parser: the handler reads and caps the
 * body itself) and Fastify (`request.raw`, `reply.raw`, with its body parsing left off for the route).
 */
export function toNodeListener(handler: (request: Request) => Promise<Response>, options: NodeListenerOptions = {}): (req: NodeRequestLike, res: NodeResponseLike) => Promise<void> {
  return async (req, res) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const host = typeof req.headers.host === 'string' ? req.headers.host : 'localhost';
    const url = new URL(req.originalUrl ?? req.url ?? '/', options.origin ?? `http://${host}`);
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
    const response = await handler(new Request(url, init));
    res.statusCode = response.status;
    response.headers.forEach((value, name) => res.setHeader(name, value));
    res.end(new Uint8Array(await response.arrayBuffer()));
  };
}
