// Why one attempt failed, as the retry loop of `HttpClient` sees it. Internal: every one of them is turned into a
// public Tessera error before it leaves the client, and none of them holds the request (whose headers carry the
// API key).

/** The response had an error status. `data` is its body: parsed JSON when it says it is JSON, else its text. */
export class HttpStatusError extends Error {
  readonly response: Response;
  readonly data: unknown;

  constructor(response: Response, data: unknown) {
    super(`HTTP ${response.status}`);
    this.response = response;
    this.data = data;
  }
}

/** The attempt ran past its time limit (before the headers, or while reading the body). */
export class AttemptTimeoutError extends Error {}

/** An error while reading a 2xx body: the connection dropped after the headers. Retried like a connection error. */
export class BodyReadError extends Error {}

// Messages of the `TypeError` that fetch implementations reject with when the network fails (the list ky and
// is-network-error use). Any other error from fetch (a bad header value, a bug) is not retried.
const networkErrorMessages: ReadonlySet<string> = new Set([
  'network error', // Chrome
  'Failed to fetch', // Chrome, msw
  'NetworkError when attempting to fetch resource.', // Firefox
  'The Internet connection appears to be offline.', // Safari 16
  'Network request failed', // cross-fetch
  'fetch failed', // undici (Node.js)
  'terminated', // undici (Node.js)
  ' A network error occurred.', // Bun (WebKit)
  'Network connection lost', // Cloudflare Workers
]);

/** True for the error fetch rejects with when the connection could not be made or was lost. */
export function isNetworkError(error: unknown): error is TypeError {
  if (!(error instanceof Error) && Object.prototype.toString.call(error) !== '[object Error]') return false;
  const { name, message, stack } = error as Error;
  if (name !== 'TypeError' || typeof message !== 'string') return false;
  if (message === 'Load failed' || (message.startsWith('Load failed (') && message.endsWith(')'))) {
    return stack === undefined || '__sentry_captured__' in (error as object); // Safari 17+
  }
  if (message.startsWith('error sending request for url')) return true; // Deno
  if (message.startsWith('Failed to fetch (') && message.endsWith(')')) return true; // Chrome with a host name
  return networkErrorMessages.has(message);
}
