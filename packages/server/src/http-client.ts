import { TesseraAbortError, TesseraError, TesseraTimeoutError, toFieldErrors } from '@tessera/core';
import ky, { isHTTPError, isNetworkError, isTimeoutError, type Hooks, type KyInstance } from 'ky';
import * as z from 'zod/mini';
import { createApiError } from './api-error.js';
import { TesseraConnectionError } from './connection-error.js';
import { generateIdempotencyKey } from './idempotency-key.js';
import { redactHeaders, type TesseraLogger } from './logger.js';
import { checkRequestOptions, type RawRequestOptions } from './request-options.js';
import { retryOptions } from './retry-policy.js';
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

/**
 * Sends the API's requests on ky: authentication, idempotency keys, retries, timeouts, aborts, logging, and
 * the mapping of every failure to a Tessera error. Internal; the public surface is `Tessera`.
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
      throwHttpErrors: true,
      // Resolved per call, so a fetch replaced after construction (msw, a polyfill) is the one used.
      fetch: (input, init) => (customFetch ?? globalThis.fetch)(input as Request, init),
      ...(config.logger ? { hooks: loggingHooks(config.logger) } : {}),
    });
  }

  /** Sends one logical call (with its retries) and returns the parsed body of the 2xx response. */
  async send(method: Method, path: string, options: RawRequestOptions = {}): Promise<HttpResult> {
    checkRequestOptions(options);
    const timeoutMs = options.timeoutMs ?? this.#config.timeoutMs;
    const maxRetries = options.maxRetries ?? this.#config.maxRetries;
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${this.#apiKey}`,
      'x-tessera-client': this.#config.clientHeader,
    };
    // Generated once here, so every retry of this call (a clone of the same Request) carries the same key.
    if (method !== 'GET') headers['idempotency-key'] = options.idempotencyKey ?? generateIdempotencyKey();
    if (options.headers) for (const [name, value] of Object.entries(options.headers)) headers[name.toLowerCase()] = value;
    try {
      const response = await this.#ky(`${this.#config.apiUrl}${path}`, {
        method,
        headers,
        timeout: timeoutMs,
        retry: retryOptions(maxRetries),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.query ? { searchParams: options.query } : {}),
        ...(options.body !== undefined ? { json: options.body } : {}),
      });
      const status = response.status;
      const requestId = response.headers.get('x-request-id') ?? undefined;
      const text = await response.text();
      if (text === '') return { data: undefined, status, requestId };
      try {
        return { data: JSON.parse(text) as unknown, status, requestId };
      } catch {
        throw new TesseraResponseValidationError([{ field: '', code: 'invalid_json', message: 'is not JSON' }], { status, requestId });
      }
    } catch (error) {
      throw this.#toTesseraError(error, options.signal, timeoutMs);
    }
  }

  #toTesseraError(error: unknown, signal: AbortSignal | undefined, timeoutMs: number): Error {
    if (signal?.aborted) return new TesseraAbortError('The request was aborted', { cause: signal.reason });
    if (TesseraError.isInstance(error)) return error;
    // ky's errors hold the Request, whose headers carry the API key: never keep them as a cause.
    if (isHTTPError(error)) return createApiError(error.response, error.data, (text) => this.#redact(text));
    if (isTimeoutError(error)) return new TesseraTimeoutError(`The request timed out after ${timeoutMs} ms`);
    if (isNetworkError(error)) return new TesseraConnectionError(undefined, { cause: error.cause });
    return new TesseraConnectionError(undefined, { cause: error });
  }

  #redact(text: string): string {
    return text.split(this.#apiKey).join('[redacted]');
  }
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

function loggingHooks(logger: TesseraLogger): Hooks {
  const startedAt = new WeakMap<Request, number>();
  const now = (): number => globalThis.performance?.now() ?? Date.now();
  const logRequest = (request: Request, retryCount: number): void => {
    startedAt.set(request, now());
    logger({ type: 'request', method: request.method, url: request.url, retryCount, headers: redactHeaders(request.headers) });
  };
  return {
    beforeRequest: [({ request }) => logRequest(request, 0)],
    beforeRetry: [
      ({ request, error, retryCount }) => {
        const reason = isHTTPError(error) ? `status ${error.response.status}` : isTimeoutError(error) ? 'timeout' : 'connection error';
        logger({ type: 'retry', method: request.method, url: request.url, retryCount, reason });
        logRequest(request, retryCount);
      },
    ],
    afterResponse: [
      ({ request, response, retryCount }) => {
        const start = startedAt.get(request);
        logger({
          type: 'response',
          method: request.method,
          url: request.url,
          status: response.status,
          retryCount,
          durationMs: start === undefined ? undefined : Math.round(now() - start),
          requestId: response.headers.get('x-request-id') ?? undefined,
        });
      },
    ],
  };
}
