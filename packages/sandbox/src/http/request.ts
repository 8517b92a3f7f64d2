import type { CmsSessionRecord } from '../service/cms-sessions.js';

/**
 * A request as every route reads it, whichever adapter received it (msw's fetch `Request` or node:http's
 * `IncomingMessage`): the one request shape from the adapter to the operation. The router fills `params`, the
 * route's pipeline `body` and `form` (after authentication, so an unauthenticated body is never parsed).
 */
export interface SandboxRequest {
  /** Upper-case HTTP method. */
  readonly method: string;
  /** The URL's path, as `url.pathname` gives it: what the router matches. */
  readonly pathname: string;
  /** The URL's origin, as `url.origin` gives it: where the links of the sandbox's own pages point. */
  readonly origin: string;
  /** The whole URL (the node:http adapter makes it only when it is read: the query of a GET list). */
  readonly url: URL;
  /**
   * The peer's IP address, when the request came over a socket (the node:http adapter); `undefined` through msw (the
   * request never left the process).
   */
  readonly remoteAddress?: string | undefined;
  /** A request header by lower-case name; `null` when absent. */
  header(name: string): string | null;
  /** The body as text (read at most once, and only by a route that takes one); throws a 413 past the limit. */
  text(): string | Promise<string>;
  /** Path parameters of the matched route, decoded. */
  params: Record<string, string>;
  /** Parsed JSON body (`undefined` when empty or a form). */
  body: unknown;
  /** Form fields of an `application/x-www-form-urlencoded` body. */
  form: Record<string, string>;
  /** The browser session its `x-cms-token` opened (set by the pipeline's authentication on the routes that take one). */
  cmsSession?: CmsSessionRecord | undefined;
}

/** A request of an adapter, before routing and parsing (the router and the pipeline fill in the rest). */
export function sandboxRequest(method: string, url: URL, header: SandboxRequest['header'], text: SandboxRequest['text']): SandboxRequest {
  return { method, pathname: url.pathname, origin: url.origin, url, header, text, params: {}, body: undefined, form: {} };
}
