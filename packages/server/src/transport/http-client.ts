import { TesseraAbortError, TesseraConnectionError, TesseraError, TesseraTimeoutError } from '@tessera/core';
import { describeConnectionFailure, isLoopbackUrl, type HttpMethod } from '@tessera/core/internal';
import type { Input, KyInstance } from 'ky';
import { TesseraApiError } from '../errors/api-error.js';
import { attempt, type AttemptAnswer, type AttemptCall, type AttemptTransport, type FetchFunction } from './attempt.js';
import { generateIdempotencyKey } from './idempotency-key.js';
import { isKyError } from './ky-errors.js';
import { redactHeaders, type TesseraLogger } from '../core/logger.js';
import { TesseraOutcomeUnknownError } from '../errors/outcome-unknown-error.js';
import { createRedactor, redactDeep, type Redactor } from '../plumbing/redact.js';
import { checkRequestOptions, type RawRequestOptions } from '../core/request-options.js';
import { failureKind } from './failure.js';
import { retryOptions } from './retry-policy.js';
import { BodyReadError } from './transport-errors.js';

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
  /** With `readRedirect`: the 3xx answer's `Location`, parsed once, resolved against the request URL (never followed). */
  location?: URL;
  /**
   * The body with the API key removed from every string (keys too): what an error may keep of this answer. `data`
   * itself is the service's answer, returned to the caller unchanged.
   */
  redactedData(): unknown;
}

/** Default largest success body read: 4 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** How one operation departs from the defaults of {@link HttpClient.send} (the catalog's `answer` and `auth`). */
export interface SendMode {
  /** Read a 3xx answer's `Location` instead of refusing it (`answer: 'redirect'`). */
  readRedirect?: boolean;
  /** Send no `Authorization` header: a public route (`auth: 'none'`) never receives the secret key. */
  anonymous?: boolean;
  /** The call only reads (a list sent as a POST): retried as a GET is, whatever `idempotentRetries` says. */
  readOnly?: boolean;
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

// ky is loaded with the first request, not with the package: its load checks what `Request` supports, which makes
// Node load its whole fetch implementation, a cost a process that never sends should not pay.
let kyLoading: Promise<KyInstance> | undefined;
let loadedKy: KyInstance | undefined;
async function loadKy(): Promise<KyInstance> {
  kyLoading ??= import('ky').then((module) => (loadedKy = module.default));
  return kyLoading;
}

/**
 * Sends the API's requests on ky: ky runs the attempts, their time limits, the retries (limits, backoff with
 * jitter, `Retry-After`) and aborts; this class builds the call (headers, the idempotency key set once so every
 * retry carries it unchanged, the body) and {@link attempt} sends each attempt. ky is handed neither headers nor
 * body, so nothing it builds or reports holds the API key, and no copy of them is made per attempt. `shouldRetry`
 * only reads what the failed attempt says (`failureKind`). Internal; the public surface is `Tessera`.
 */
export class HttpClient {
  readonly #config: HttpClientConfig;
  readonly #redact: Redactor;
  readonly #idempotentRetries: boolean;
  readonly #transport: AttemptTransport;
  readonly #origin: string;
  /** The caller's logger, whose throws are dropped ({@link quiet}). */
  readonly #logger: TesseraLogger | undefined;
  // The headers every call sends, with and without the key; a call copies one and adds its own.
  readonly #headers: Readonly<Record<string, string>>;
  readonly #anonymousHeaders: Readonly<Record<string, string>>;

  constructor(config: HttpClientConfig) {
    this.#config = config;
    this.#redact = createRedactor(config.apiKey);
    this.#idempotentRetries = config.idempotentRetries ?? isLoopbackUrl(config.apiUrl);
    this.#transport = { fetch: config.fetch, redact: this.#redact, maxResponseBytes: config.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES };
    this.#origin = new URL(config.apiUrl).origin;
    this.#logger = quiet(config.logger);
    this.#anonymousHeaders = { accept: 'application/json', 'x-tessera-client': config.clientHeader };
    this.#headers = { ...this.#anonymousHeaders, authorization: `Bearer ${config.apiKey}` };
  }

  /** Whether a call that changes something is retried with its key (the client's `idempotentRetries`). */
  get idempotentRetries(): boolean {
    return this.#idempotentRetries;
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
    const headers: Record<string, string> = { ...(mode.anonymous === true ? this.#anonymousHeaders : this.#headers) };
    // Set once per logical call, before the first attempt, so every retry carries the same key.
    const idempotencyKey = method === 'GET' ? undefined : (options.idempotencyKey ?? generateIdempotencyKey());
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    if (options.headers) for (const [name, value] of Object.entries(options.headers)) headers[name.toLowerCase()] = value;
    const bodyText = body === undefined ? undefined : JSON.stringify(body);
    if (bodyText !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
    const url = `${this.#config.apiUrl}${path}${queryString(options.query)}`;
    const call: AttemptCall = { method, url, headers, body: bodyText, idempotencyKey, readRedirect: mode.readRedirect === true };
    const context: CallContext = { method, path, idempotencyKey, repeatable: method === 'GET' || mode.readOnly === true || this.#idempotentRetries, timeoutMs, signal };
    const logger = this.#logger;

    let answer: AttemptAnswer | undefined;
    let attempts = 0;
    // ky's fetch: one attempt on the signal of ky's Request (it aborts on the time limit and on the caller's abort).
    // ky always passes its Request.
    const fetchAttempt = async (input: Input): Promise<Response> => {
      const { signal: attemptSignal } = input as Request;
      if (logger === undefined) return (answer = await attempt(call, this.#transport, attemptSignal)).response;
      const retryCount = attempts++;
      const startedAt = now();
      logger({ type: 'request', method, url, retryCount, headers: redactHeaders(headers) });
      answer = await attempt(call, this.#transport, attemptSignal, (status, requestId) => {
        logger({ type: 'response', method, url, status, retryCount, durationMs: Math.round(now() - startedAt), requestId });
      });
      return answer.response;
    };

    try {
      const ky = loadedKy ?? (await loadKy());
      await ky(url, {
        method,
        timeout: timeoutMs,
        fetch: fetchAttempt,
        // Logged as the wait starts, with the wait it announces.
        retry: retryOptions(
          maxRetries,
          context.repeatable,
          logger
            ? ({ retryCount, delayMs, error }) => {
                const reason = failureReason(error, 'connection error');
                logger({ type: 'retry', method, url, retryCount, delayMs, reason, message: `${reason}: retrying in ${formatDelay(delayMs)}` });
              }
            : undefined,
        ),
        // Only the options a call needs: ky merges and copies every one it is given, on every call. Every answer but
        // a 2xx is thrown by the attempt as the Tessera error it is; a redirect that is read is handed back to ky.
        ...(signal === undefined ? {} : { signal }),
        ...(call.readRedirect ? { throwHttpErrors: false } : {}),
      });
    } catch (error) {
      throw this.#toTesseraError(error, context);
    }
    // ky resolves only with the response of an attempt that answered.
    const { response, text, requestId, location } = answer!;
    const data = parseJson(text);
    const redact = this.#redact;
    const result: HttpResult = { data, status: response.status, requestId, idempotencyKey, redactedData: () => redactDeep(data, redact) };
    if (location !== undefined) result.location = location;
    return result;
  }

  /**
   * Maps what ky rejected with to a Tessera error (never one holding ky's request): an attempt's own Tessera error as
   * it is, ky's timeout and network errors and a body cut off as the timeout and connection errors they are; a call
   * that changes something whose outcome is unknown, and was not retried, as {@link TesseraOutcomeUnknownError}.
   */
  #toTesseraError(error: unknown, context: CallContext): Error {
    if (context.signal?.aborted) return new TesseraAbortError('The request was aborted', { cause: context.signal.reason });
    const mapped = TesseraError.isInstance(error) ? error : this.#mapTransportError(error, context.timeoutMs);
    if (!context.repeatable && failureKind(error) === 'outcome-unknown') {
      const lost = error instanceof BodyReadError ? 'connection lost while reading the response' : 'connection lost after sending';
      return new TesseraOutcomeUnknownError(
        { method: context.method, path: context.path, idempotencyKey: context.idempotencyKey, reason: failureReason(error, lost) },
        { cause: mapped },
      );
    }
    return mapped;
  }

  #mapTransportError(error: unknown, timeoutMs: number): Error {
    if (isKyError(error, 'TimeoutError')) return new TesseraTimeoutError(`The request timed out after ${timeoutMs} ms`);
    if (error instanceof BodyReadError) return this.#connectionError(`The connection to ${this.#origin} closed while reading the response`, error.cause, '');
    // The runtime's own error: ky's NetworkError holds the request, so only its cause.
    const cause = isKyError(error, 'NetworkError') ? error.cause : error;
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

/**
 * The caller's logger, made unable to change a call: what it throws is dropped. A throw on the `response` event comes
 * after the service acted (a charge made): it must never turn the answer into a connection error.
 */
function quiet(logger: TesseraLogger | undefined): TesseraLogger | undefined {
  if (logger === undefined) return undefined;
  return (event) => {
    try {
      logger(event);
    } catch {
      // A log sink that fails never changes what the call did or answers.
    }
  };
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

/** A wait as people read it: `30 s`, `1.5 s`, `250 ms`. */
function formatDelay(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

/** Why an attempt failed, in short: `status 503`, `timeout`, else `connection` (what happened to the connection). */
function failureReason(error: unknown, connection: string): string {
  if (error instanceof TesseraApiError) return `status ${error.status}`;
  return isKyError(error, 'TimeoutError') ? 'timeout' : connection;
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
