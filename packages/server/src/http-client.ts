import { sleep, TesseraAbortError, TesseraError, TesseraTimeoutError, toFieldErrors } from '@tessera/core';
import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance } from 'ky';
import * as z from 'zod/mini';
import { createApiError } from './api-error.js';
import { TesseraConnectionError } from './connection-error.js';
import { generateIdempotencyKey } from './idempotency-key.js';
import { redactHeaders, type TesseraLogger } from './logger.js';
import { checkRequestOptions, type RawRequestOptions } from './request-options.js';
import { backoffDelay, retryDelay } from './retry-policy.js';
import { TesseraResponseValidationError } from './response-validation-error.js';

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
}

/** A successful response: the parsed JSON body (or `undefined` when empty). */
export interface HttpResult {
  data: unknown;
  status: number;
  requestId: string | undefined;
}

/** The HTTP method of a call. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An error while reading a 2xx body: the connection dropped after the headers. Retried like a connection error. */
class BodyReadError extends Error {}

/**
 * Sends the API's requests: authentication, idempotency keys, retries, timeouts, aborts, logging, and the mapping
 * of every failure to a Tessera error. Each attempt is one ky request (URL, JSON body, per-attempt timeout, HTTP
 * error with the parsed body); the retry loop is ours, so that the idempotency key, the waits and the log events
 * are in one place and no Request has to be cloned in advance. Internal; the public surface is `Tessera`.
 */
export class HttpClient {
  readonly #apiKey: string;
  readonly #config: HttpClientConfig;
  readonly #ky: KyInstance;

  constructor(config: HttpClientConfig) {
    this.#apiKey = config.apiKey;
    this.#config = config;
    const customFetch = config.fetch;
    this.#ky = ky.create({
      retry: 0,
      throwHttpErrors: true,
      // Resolved per call, so a fetch replaced after construction (msw, a polyfill) is the one used.
      fetch: (input, init) => (customFetch ?? globalThis.fetch)(input as Request, init),
    });
  }

  /** Sends one logical call (with its retries) and returns the parsed body of the 2xx response. */
  async send(method: Method, path: string, options: RawRequestOptions = {}): Promise<HttpResult> {
    checkRequestOptions(options);
    const { signal, body } = options;
    const timeoutMs = options.timeoutMs ?? this.#config.timeoutMs;
    const maxRetries = options.maxRetries ?? this.#config.maxRetries;
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${this.#apiKey}`,
      'x-tessera-client': this.#config.clientHeader,
    };
    // Generated once per logical call, before the first attempt, so every retry carries the same key.
    if (method !== 'GET') headers['idempotency-key'] = options.idempotencyKey ?? generateIdempotencyKey();
    if (options.headers) for (const [name, value] of Object.entries(options.headers)) headers[name.toLowerCase()] = value;
    const url = `${this.#config.apiUrl}${path}${queryString(options.query)}`;
    const logger = this.#config.logger;

    for (let retryCount = 0; ; retryCount++) {
      const startedAt = logger ? now() : 0;
      logger?.({ type: 'request', method, url, retryCount, headers: redactHeaders(new Headers(headers)) });
      try {
        const pending = this.#ky(url, {
          method,
          headers,
          timeout: timeoutMs,
          ...(signal ? { signal } : {}),
          ...(body !== undefined ? { json: body } : {}),
        });
        const response = await pending;
        const requestId = response.headers.get('x-request-id') ?? undefined;
        logger?.({ type: 'response', method, url, status: response.status, retryCount, durationMs: Math.round(now() - startedAt), requestId });
        // ky's text() bounds the body read by the same timeout (a stalled body is a retryable timeout).
        const text = await pending.text().catch((error: unknown) => {
          throw signal?.aborted || isTimeoutError(error) ? error : new BodyReadError('The connection closed while reading the response', { cause: error });
        });
        return { data: parseJson(text, response.status, requestId), status: response.status, requestId };
      } catch (error) {
        if (signal?.aborted) throw new TesseraAbortError('The request was aborted', { cause: signal.reason });
        if (logger && isHTTPError(error)) {
          const requestId = error.response.headers.get('x-request-id') ?? undefined;
          logger({ type: 'response', method, url, status: error.response.status, retryCount, durationMs: Math.round(now() - startedAt), requestId });
        }
        const delayMs = retryCount < maxRetries ? (error instanceof BodyReadError ? backoffDelay(retryCount + 1) : retryDelay(error, retryCount + 1)) : undefined;
        if (delayMs === undefined) throw this.#toTesseraError(error, timeoutMs);
        logger?.({ type: 'retry', method, url, retryCount: retryCount + 1, delayMs: Math.round(delayMs), reason: retryReason(error) });
        await sleep(delayMs, signal);
      }
    }
  }

  #toTesseraError(error: unknown, timeoutMs: number): Error {
    if (TesseraError.isInstance(error)) return error;
    // ky's errors hold the Request, whose headers carry the API key: never keep them as a cause.
    if (isHTTPError(error)) return createApiError(error.response, error.data, (text) => this.#redact(text));
    if (isTimeoutError(error)) return new TesseraTimeoutError(`The request timed out after ${timeoutMs} ms`);
    if (isNetworkError(error) || error instanceof BodyReadError) return new TesseraConnectionError(undefined, { cause: error.cause });
    return new TesseraConnectionError(undefined, { cause: error });
  }

  #redact(text: string): string {
    return text.split(this.#apiKey).join('[redacted]');
  }
}

function now(): number {
  return globalThis.performance?.now() ?? Date.now();
}

function queryString(query: RawRequestOptions['query']): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.append(name, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function parseJson(text: string, status: number, requestId: string | undefined): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new TesseraResponseValidationError([{ field: '', code: 'invalid_json', message: 'is not JSON' }], { status, requestId });
  }
}

function retryReason(error: unknown): string {
  if (isHTTPError(error)) return `status ${error.response.status}`;
  return isTimeoutError(error) ? 'timeout' : 'connection error';
}

/**
 * Parses a response body with `schema`. When `key` is given, a body wrapped as `{ [key]: resource }` and a bare
 * resource are both accepted, and the resource is returned.
 */
export function parseResponse<S extends z.core.$ZodType>(schema: S, result: HttpResult, key?: string): z.output<S> {
  let input = result.data;
  if (key !== undefined && typeof input === 'object' && input !== null) {
    const wrapped = (input as Record<string, unknown>)[key];
    if (typeof wrapped === 'object' && wrapped !== null) input = wrapped;
  }
  const parsed = z.safeParse(schema, input, { reportInput: true });
  if (parsed.success) return parsed.data;
  throw new TesseraResponseValidationError(toFieldErrors(parsed.error.issues), { status: result.status, requestId: result.requestId });
}
