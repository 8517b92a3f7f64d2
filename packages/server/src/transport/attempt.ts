import { safeRequestId, type HttpMethod } from '@tessera/core/internal';
import { createApiError } from './failure.js';
import { readCappedText } from './read-body.js';
import type { Redactor } from '../plumbing/redact.js';
import { TesseraRedirectError } from '../errors/redirect-error.js';
import { TesseraResponseTooLargeError } from '../errors/response-too-large-error.js';
import { BodyTooLargeError } from './transport-errors.js';

/** A fetch function: the runtime's, or one passed by the user (a proxy agent, a test double). */
export type FetchFunction = (input: Request, init?: RequestInit) => Promise<Response>;

/** One logical call as every attempt sends it, built once before the first, so every retry sends the same key and body. */
export interface AttemptCall {
  method: HttpMethod;
  url: string;
  /** Names in lower case; the idempotency key of a non-GET among them. */
  headers: Record<string, string>;
  /** The JSON text of the body. */
  body: string | undefined;
  idempotencyKey: string | undefined;
  /** Read a 3xx answer's `Location` instead of refusing it. */
  readRedirect: boolean;
}

/** What the attempts of one client share. */
export interface AttemptTransport {
  /** A custom fetch, or `undefined` for the runtime's (looked up at each attempt). */
  fetch: FetchFunction | undefined;
  /** Removes the API key from a text. */
  redact: Redactor;
  /** The largest success body read, in bytes. */
  maxResponseBytes: number;
}

/** What a successful attempt read: its response (body consumed), the body text, and a redirect's `Location`. */
export interface AttemptAnswer {
  response: Response;
  text: string;
  /** The `x-request-id`, key redacted and checked by core's `safeRequestId`. */
  requestId: string | undefined;
  /** With `readRedirect`: the 3xx answer's `Location`, parsed once, resolved against the request URL (never followed). */
  location?: URL;
}

/** The largest error body read; a longer one is dropped (the error keeps its status and headers). */
const MAX_ERROR_BODY_BYTES = 10 * 1024 * 1024;

const noop = (): void => undefined;

/**
 * One attempt of a call: fetch (the runtime's with the URL and init as they are; a custom fetch gets a `Request`),
 * refuse a redirect (never followed with the key), and read the body within `signal` (the attempt's time limit and
 * the caller's abort), capped. Every answer but a 2xx (or a redirect that is read) is thrown as the Tessera error it
 * is, built here once from the raw text; a redirect refused and a body over the limit too. What fetch or the body
 * read reject with (a network failure, `BodyReadError`, the signal's reason) is left to the retry policy.
 * `onResponse` is told the status as soon as the headers arrive.
 */
export async function attempt(
  call: AttemptCall,
  transport: AttemptTransport,
  signal: AbortSignal,
  onResponse?: (status: number, requestId: string | undefined) => void,
): Promise<AttemptAnswer> {
  const init: RequestInit = { method: call.method, headers: call.headers, body: call.body ?? null, signal, redirect: 'manual' };
  const customFetch = transport.fetch;
  // The runtime's fetch honours its signal; a custom one may not, so its promise is raced with the signal.
  const response = customFetch ? await untilAborted(customFetch(new Request(call.url, init)), signal) : await globalThis.fetch(call.url, init);
  const { redact } = transport;
  const requestId = safeRequestId(redact(response.headers.get('x-request-id') ?? ''));
  onResponse?.(response.status, requestId);
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    response.body?.cancel().catch(noop);
    // A runtime that hides the redirect (a browser's opaque one) leaves nothing to read: refused as usual.
    const location = locationUrl(response.headers.get('location'), call.url);
    if (call.readRedirect && response.type !== 'opaqueredirect' && location !== undefined) return { response, text: '', requestId, location };
    throw new TesseraRedirectError(response.status, location?.origin);
  }
  if (response.ok || response.type === 'opaque') {
    try {
      return { response, text: await readCappedText(response, transport.maxResponseBytes, signal, customFetch === undefined), requestId };
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      throw new TesseraResponseTooLargeError({ status: response.status, limit: error.limit, requestId, idempotencyKey: call.idempotencyKey });
    }
  }
  // A body that fails, stalls or is too long leaves the error without data, like one that is not JSON.
  const text = await readCappedText(response, MAX_ERROR_BODY_BYTES, signal).catch((error: unknown) => {
    if (signal.aborted) throw error;
    return '';
  });
  throw createApiError(response, text, redact);
}

/** `promise`, or a rejection with the signal's reason as soon as `signal` aborts (a fetch may ignore its signal). */
async function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) throw signal.reason;
  let onAbort = noop;
  const aborted = new Promise<never>((_resolve, reject) => {
    // The signal's own reason (an AbortError or ky's TimeoutError), as fetch itself would reject.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    onAbort = () => reject(signal.reason);
  });
  signal.addEventListener('abort', onAbort);
  try {
    return await Promise.race([promise, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * A `Location` header resolved against the request URL, or `undefined` when absent or not a URL. A refused redirect
 * names only its origin, never its path or query.
 */
function locationUrl(location: string | null, base: string): URL | undefined {
  if (location === null) return undefined;
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}
