import { TesseraAbortError, TesseraConnectionError, TesseraError, TesseraTimeoutError } from '@tessera/core';
import { safeRequestId, type HttpMethod } from '@tessera/core/internal';
import ky, { isHTTPError, isKyError, isTimeoutError } from 'ky';
import { createApiError } from './api-error.js';
import { describeConnectionFailure } from './connection-failure.js';
import { generateIdempotencyKey } from './idempotency-key.js';
import { redactHeaders, type TesseraLogger } from './logger.js';
import { isLoopbackUrl } from './loopback.js';
import { TesseraOutcomeUnknownError } from './outcome-unknown-error.js';
import { readCappedText } from './read-body.js';
import { createRedactor, redactDeep, type Redactor } from './redact.js';
import { TesseraRedirectError } from './redirect-error.js';
import { checkRequestOptions, type RawRequestOptions } from './request-options.js';
import { TesseraResponseTooLargeError } from './response-too-large-error.js';
import { classifyFailure, retryOptions } from './retry-policy.js';
import { BodyReadError, BodyTooLargeError } from './transport-errors.js';

/** A fetch function: the runtime's, or one passed by the user (a proxy agent, a test double). */
export type FetchFunction = (input: Request, init?: RequestInit) => Promise<Response>;

/** Settings of an {@link HttpClient}, already validated by the `Tessera` constructor. */
export interface HttpClientConfig {
  apiKey: string;
  /** `{baseUrl}/api/public/v1`, without a trailing slash. */
  apiUrl: string;
  timeoutMs: number;
  maxRetries: number;
  clientHeader: string;
  fetch: FetchFunction | undefined;
  logger: TesseraLogger | undefined;
  /**
   * Whether the service honours idempotency keys, so a call that changes something may be retried when its outcome
   * is unknown. Default: true for a loopback `apiUrl` (a local sandbox), false otherwise.
   */
  idempotentRetries?: boolean | undefined;
  /** The largest success body read, in bytes. Default {@link DEFAULT_MAX_RESPONSE_BYTES}. */
  maxResponseBytes?: number | undefined;
}

/** A successful response: the parsed JSON body (or `undefined` when empty). */
export interface HttpResult {
  data: unknown;
  status: number;
  requestId: string | undefined;
  /** The key every attempt carried (`undefined` for a GET), so an answer the SDK cannot read can name it. */
  idempotencyKey: string | undefined;
  /** With `readRedirect`: the 3xx answer's `Location`, resolved against the request URL (never followed). */
  location?: string;
  /**
   * The body with the API key removed from every string (keys too): what an error may keep of this answer. `data`
   * itself is the service's answer, returned to the caller unchanged.
   */
  redactedData(): unknown;
}

/** Default largest success body read: 4 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** The largest error body read; a longer one is dropped (the error keeps its status and headers). */
const MAX_ERROR_BODY_BYTES = 10 * 1024 * 1024;

const noop = (): void => undefined;

/** How one operation departs from the defaults of {@link HttpClient.send} (the catalog's `answer` and `auth`). */
export interface SendMode {
  /** Read a 3xx answer's `Location` instead of refusing it (`answer: 'redirect'`). */
  readRedirect?: boolean;
  /** Send no `Authorization` header: a public route (`auth: 'none'`) never receives the secret key. */
  anonymous?: boolean;
}

/** What the error mapping needs to know about a call. */
interface CallContext {
  method: HttpMethod;
  path: string;
  idempotencyKey: string | undefined;
  repeatable: boolean;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

/**
 * Sends the API's requests on ky: ky runs the attempts, their time limits, the retries (limits, backoff with
 * jitter, `Retry-After`) and aborts; this class adds what ky lacks. The idempotency key is set once per logical
 * call, so every retry carries it unchanged; `shouldRetry` retries only what cannot charge twice
 * (see `classifyFailure`); redirects are never followed (`redirect: 'manual'`); each attempt's body is read within
 * the attempt's time limit, capped, and cancelled on timeout or abort (`readCappedText`); every failure becomes a
 * Tessera error with the API key redacted. Internal; the public surface is `Tessera`.
 */
export class HttpClient {
  readonly #config: HttpClientConfig;
  readonly #authorization: string;
  readonly #redact: Redactor;
  readonly #idempotentRetries: boolean;
  readonly #maxResponseBytes: number;
  readonly #origin: string;

  constructor(config: HttpClientConfig) {
    this.#config = config;
    this.#authorization = `Bearer ${config.apiKey}`;
    this.#redact = createRedactor(config.apiKey);
    this.#idempotentRetries = config.idempotentRetries ?? isLoopbackUrl(config.apiUrl);
    this.#maxResponseBytes = config.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.#origin = new URL(config.apiUrl).origin;
  }

  /** `{baseUrl}/api/public/v1`, without a trailing slash. */
  get apiUrl(): string {
    return this.#config.apiUrl;
  }

  /** Sends one logical call (with its retries) and returns the parsed body of the 2xx response. */
  async send(method: HttpMethod, path: string, options: RawRequestOptions = {}, mode: SendMode = {}): Promise<HttpResult> {
    checkRequestOptions(options);
    const { signal, body } = options;
    if (signal?.aborted) throw new TesseraAbortError('The request was aborted', { cause: signal.reason });
    const timeoutMs = options.timeoutMs ?? this.#config.timeoutMs;
    const maxRetries = options.maxRetries ?? this.#config.maxRetries;
    const headers: Record<string, string> = { accept: 'application/json', 'x-tessera-client': this.#config.clientHeader };
    if (mode.anonymous !== true) headers.authorization = this.#authorization;
    // Set once per logical call, before the first attempt, so every retry carries the same key.
    const idempotencyKey = method === 'GET' ? undefined : (options.idempotencyKey ?? generateIdempotencyKey());
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    if (options.headers) for (const [name, value] of Object.entries(options.headers)) headers[name.toLowerCase()] = value;
    const bodyText = body === undefined ? undefined : JSON.stringify(body);
    if (bodyText !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
    const url = `${this.#config.apiUrl}${path}${queryString(options.query)}`;
    const context: CallContext = { method, path, idempotencyKey, repeatable: method === 'GET' || this.#idempotentRetries, timeoutMs, signal };
    const logger = this.#config.logger;

    let successText = '';
    let redirect: { status: number; location: string } | undefined;
    let attempt = 0;
    // One attempt, called by ky with its Request (the managed signal aborts on the time limit and on the caller's
    // abort): fetch, refuse a redirect, read the body within the attempt. A 2xx body is kept for `send`; an error
    // body is handed back to ky, redacted, for its error data.
    const attemptFetch = async (request: Request): Promise<Response> => {
      const retryCount = attempt++;
      const startedAt = logger ? now() : 0;
      logger?.({ type: 'request', method, url, retryCount, headers: redactHeaders(request.headers) });
      // The runtime's fetch honours its signal; a custom one may not, so its promise is raced with the signal.
      const customFetch = this.#config.fetch;
      const response = customFetch ? await untilAborted(customFetch(request), request.signal) : await globalThis.fetch(request);
      const requestId = safeRequestId(response.headers.get('x-request-id'));
      logger?.({ type: 'response', method, url, status: response.status, retryCount, durationMs: Math.round(now() - startedAt), requestId });
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        response.body?.cancel().catch(noop);
        // A runtime that hides the redirect (a browser's opaque one) leaves nothing to read: refused as usual.
        const location = mode.readRedirect === true && response.type !== 'opaqueredirect' ? resolveLocation(response.headers.get('location'), url) : undefined;
        if (location !== undefined) {
          redirect = { status: response.status, location };
          // ky treats a 3xx as an error; the redirect is kept here and ky is handed an empty success.
          return new Response(null, { status: 204, headers: response.headers });
        }
        throw new TesseraRedirectError(response.status, locationOrigin(response.headers.get('location'), url));
      }
      if (response.ok || response.type === 'opaque') {
        try {
          successText = await readCappedText(response, this.#maxResponseBytes, request.signal, customFetch === undefined);
        } catch (error) {
          if (!(error instanceof BodyTooLargeError)) throw error;
          throw new TesseraResponseTooLargeError({ status: response.status, limit: error.limit, requestId, idempotencyKey });
        }
        return response;
      }
      // A body that fails, stalls or is too long leaves the error without data, like one that is not JSON.
      const text = await readCappedText(response, MAX_ERROR_BODY_BYTES, request.signal).catch((error: unknown) => {
        if (request.signal.aborted) throw error;
        return '';
      });
      // The text is handed back re-encoded as UTF-8, so ky must decode it as such.
      const errorHeaders = new Headers(response.headers);
      const contentType = errorHeaders.get('content-type');
      if (contentType !== null) errorHeaders.set('content-type', contentType.replace(/;\s*charset\s*=\s*(?:"[^"]*"|[^;,\s]*)/i, '; charset=utf-8'));
      return new Response(text === '' ? null : this.#redact(text), { status: response.status, statusText: response.statusText, headers: errorHeaders });
    };

    try {
      const response = await ky(url, {
        method,
        headers,
        body: bodyText ?? null,
        signal: signal ?? null,
        timeout: timeoutMs,
        redirect: 'manual',
        // ky always passes its Request.
        fetch: async (input) => attemptFetch(input as Request),
        // Logged as the wait starts, with the wait it announces.
        retry: retryOptions(
          maxRetries,
          context.repeatable,
          logger
            ? ({ retryCount, delayMs, error }) => {
                const reason = retryReason(error);
                logger({ type: 'retry', method, url, retryCount, delayMs, reason, message: `${reason}: retrying in ${formatDelay(delayMs)}` });
              }
            : undefined,
        ),
      });
      const requestId = safeRequestId(this.#redact(response.headers.get('x-request-id') ?? ''));
      const data = parseJson(successText);
      const result: HttpResult = { data, status: redirect?.status ?? response.status, requestId, idempotencyKey, redactedData: () => redactDeep(data, this.#redact) };
      if (redirect !== undefined) result.location = redirect.location;
      return result;
    } catch (error) {
      throw this.#toTesseraError(error, context);
    }
  }

  /** Maps what ky rejected with to a Tessera error (never one holding the request, whose headers carry the key). */
  #toTesseraError(error: unknown, context: CallContext): Error {
    if (context.signal?.aborted) return new TesseraAbortError('The request was aborted', { cause: context.signal.reason });
    if (TesseraError.isInstance(error)) return error;
    const mapped = this.#mapAttemptError(error, context.timeoutMs);
    const kind = classifyFailure(error);
    if (!context.repeatable && (kind === 'outcome-unknown')) {
      return new TesseraOutcomeUnknownError(
        { method: context.method, path: context.path, idempotencyKey: context.idempotencyKey, reason: failureReason(error) },
        { cause: mapped },
      );
    }
    return mapped;
  }

  #mapAttemptError(error: unknown, timeoutMs: number): Error {
    if (isHTTPError(error)) return createApiError(error.response, error.data, (text) => this.#redact(text));
    if (isTimeoutError(error)) return new TesseraTimeoutError(`The request timed out after ${timeoutMs} ms`);
    if (error instanceof BodyReadError) return this.#connectionError(`The connection to ${this.#origin} closed while reading the response`, error.cause, '');
    // The runtime's own error: ky's NetworkError holds the request (and its Authorization header), so only its cause.
    const cause = isKyError(error) ? error.cause : error;
    const hint = isLoopbackUrl(this.#origin)
      ? ': is the sandbox running? Start it with `npx -p @tessera/sandbox tessera-sandbox` (port 4010), or pass the baseUrl it prints'
      : ': check the network, and that this is the API you meant (the environment or baseUrl option, or TESSERA_BASE_URL)';
    return this.#connectionError(`Could not connect to ${this.#origin}`, cause, hint);
  }

  /** A connection error naming the origin and what the runtime said (`ECONNREFUSED 127.0.0.1:4010`), key redacted. */
  #connectionError(start: string, cause: unknown, hint: string): TesseraConnectionError {
    const { code, summary } = describeConnectionFailure(cause);
    const causeSummary = summary === undefined ? undefined : this.#redact(summary);
    const message = `${start}${causeSummary === undefined ? '' : ` (${causeSummary})`}${hint}`;
    return new TesseraConnectionError(message, { cause, origin: this.#origin, causeSummary, ...(code === undefined ? {} : { reason: code }) });
  }
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

function now(): number {
  return globalThis.performance?.now() ?? Date.now();
}

function queryString(query: RawRequestOptions['query']): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  // An array or object (checkout init's `items`) goes as JSON, as the published examples write it.
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.append(name, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** A `Location` header resolved against the request URL, or `undefined` when absent or not a URL. */
function resolveLocation(location: string | null, base: string): string | undefined {
  if (location === null) return undefined;
  try {
    return new URL(location, base).toString();
  } catch {
    return undefined;
  }
}

/** The origin a `Location` header points to (resolved against the request URL), never its path or query. */
function locationOrigin(location: string | null, base: string): string | undefined {
  if (location === null) return undefined;
  try {
    return new URL(location, base).origin;
  } catch {
    return undefined;
  }
}

/** A wait as people read it: `30 s`, `1.5 s`, `250 ms`. */
function formatDelay(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

function retryReason(error: unknown): string {
  if (isHTTPError(error)) return `status ${error.response.status}`;
  return isTimeoutError(error) ? 'timeout' : 'connection error';
}

function failureReason(error: unknown): string {
  if (isHTTPError(error)) return `status ${error.response.status}`;
  if (isTimeoutError(error)) return 'timeout';
  return error instanceof BodyReadError ? 'connection lost while reading the response' : 'connection lost after sending';
}

// A 2xx body that is not JSON is handed back as its text: after a 2xx the request happened, so the resource decides
// what it can recognise (and says the call succeeded when it cannot), never this parser.
function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
