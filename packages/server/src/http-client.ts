import { sleep, TesseraAbortError, TesseraError, TesseraTimeoutError, toFieldErrors } from '@tessera/core';
import * as z from 'zod/mini';
import { createApiError } from './api-error.js';
import { TesseraConnectionError } from './connection-error.js';
import { generateIdempotencyKey } from './idempotency-key.js';
import { redactHeaders, type TesseraLogger } from './logger.js';
import { checkRequestOptions, type RawRequestOptions } from './request-options.js';
import { retryDelay } from './retry-policy.js';
import { TesseraResponseValidationError } from './response-validation-error.js';
import { AttemptTimeoutError, BodyReadError, HttpStatusError } from './transport-errors.js';

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

/** What one attempt got: a 2xx response and its whole body. */
interface AttemptResult {
  status: number;
  requestId: string | undefined;
  text: string;
}

/** The largest error body read; a longer one is dropped (the error keeps its status and headers). */
const MAX_ERROR_BODY_BYTES = 10 * 1024 * 1024;

const noop = (): void => undefined;

/**
 * Sends the API's requests: authentication, idempotency keys, retries, timeouts, aborts, logging, and the mapping
 * of every failure to a Tessera error. Each attempt is one `fetch` with its own time limit (an AbortController and
 * one timer covering the headers and the body); the retry loop around it keeps the idempotency key, the waits and
 * the log events in one place. The body is serialized once per call and sent as a string, so nothing has to be
 * cloned for a retry. Internal; the public surface is `Tessera`.
 */
export class HttpClient {
  readonly #apiKey: string;
  readonly #config: HttpClientConfig;
  readonly #authorization: string;

  constructor(config: HttpClientConfig) {
    this.#apiKey = config.apiKey;
    this.#config = config;
    this.#authorization = `Bearer ${config.apiKey}`;
  }

  /** Sends one logical call (with its retries) and returns the parsed body of the 2xx response. */
  async send(method: Method, path: string, options: RawRequestOptions = {}): Promise<HttpResult> {
    checkRequestOptions(options);
    const { signal, body } = options;
    const timeoutMs = options.timeoutMs ?? this.#config.timeoutMs;
    const maxRetries = options.maxRetries ?? this.#config.maxRetries;
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: this.#authorization,
      'x-tessera-client': this.#config.clientHeader,
    };
    // Generated once per logical call, before the first attempt, so every retry carries the same key.
    if (method !== 'GET') headers['idempotency-key'] = options.idempotencyKey ?? generateIdempotencyKey();
    if (options.headers) for (const [name, value] of Object.entries(options.headers)) headers[name.toLowerCase()] = value;
    const url = `${this.#config.apiUrl}${path}${queryString(options.query)}`;
    // Serialized once: every attempt sends the same string, so a retry needs no clone of a consumed body.
    const bodyText = body === undefined ? undefined : JSON.stringify(body);
    const sentHeaders = bodyText !== undefined && headers['content-type'] === undefined ? { ...headers, 'content-type': 'application/json' } : headers;
    const logger = this.#config.logger;

    for (let retryCount = 0; ; retryCount++) {
      const startedAt = logger ? now() : 0;
      logger?.({ type: 'request', method, url, retryCount, headers: redactHeaders(new Headers(headers)) });
      try {
        const onResponse = logger
          ? (response: Response): void => {
              const requestId = response.headers.get('x-request-id') ?? undefined;
              logger({ type: 'response', method, url, status: response.status, retryCount, durationMs: Math.round(now() - startedAt), requestId });
            }
          : undefined;
        const result = await this.#attempt(method, url, sentHeaders, bodyText, timeoutMs, signal, onResponse);
        return { data: parseJson(result.text, result.status, result.requestId), status: result.status, requestId: result.requestId };
      } catch (error) {
        if (signal?.aborted) throw new TesseraAbortError('The request was aborted', { cause: signal.reason });
        const delayMs = retryCount < maxRetries ? retryDelay(error, retryCount + 1) : undefined;
        if (delayMs === undefined) throw this.#toTesseraError(error, timeoutMs);
        logger?.({ type: 'retry', method, url, retryCount: retryCount + 1, delayMs: Math.round(delayMs), reason: retryReason(error) });
        await sleep(delayMs, signal);
      }
    }
  }

  /**
   * One attempt: fetch, then read the whole body, both within `timeoutMs`. Resolves with a 2xx body; rejects with
   * an {@link HttpStatusError} (body read and parsed), an {@link AttemptTimeoutError}, a {@link BodyReadError}, or
   * what fetch rejected with (a network error, an abort).
   */
  async #attempt(
    method: Method,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    onResponse: ((response: Response) => void) | undefined,
  ): Promise<AttemptResult> {
    if (signal?.aborted) throw new TesseraAbortError('The request was aborted', { cause: signal.reason });
    const controller = new AbortController();
    let timedOut = false;
    let headersReceived = false;
    let fail: (reason: unknown) => void = noop;
    // Settles only by rejecting: raced with each step, so a fetch or a body that ignores the abort still ends.
    const deadline = new Promise<never>((_resolve, reject) => {
      fail = reject;
    });
    deadline.catch(noop);
    const timer = setTimeout(() => {
      timedOut = true;
      fail(new AttemptTimeoutError());
      // Before the headers, the abort frees the connection. A body that stalls later is only given up on (as with
      // ky before): aborting undici in the middle of a body can fail an assertion inside it when the socket closes.
      if (!headersReceived) controller.abort();
    }, timeoutMs);
    const onAbort = (): void => {
      fail(new TesseraAbortError('The request was aborted', { cause: signal?.reason }));
      controller.abort();
    };
    signal?.addEventListener('abort', onAbort);
    try {
      const init: RequestInit = { method, headers, body: body ?? null, signal: controller.signal };
      // The fetch is looked up per attempt, so one replaced after construction (msw, a polyfill) is the one used.
      // A custom fetch gets a Request, as FetchFunction promises; the runtime's own takes the URL and init.
      const customFetch = this.#config.fetch;
      const response = await Promise.race([customFetch ? customFetch(new Request(url, init)) : globalThis.fetch(url, init), deadline]);
      headersReceived = true;
      onResponse?.(response);
      const status = response.status;
      if (!response.ok && response.type !== 'opaque') {
        // A body that fails or stalls leaves the error without data, like one that is not JSON.
        const data = await Promise.race([readErrorData(response, (text) => this.#redact(text)), deadline]).catch(noop);
        throw new HttpStatusError(response, data);
      }
      const requestId = response.headers.get('x-request-id') ?? undefined;
      let text: string;
      try {
        text = await Promise.race([response.text(), deadline]);
      } catch (error) {
        if (timedOut || signal?.aborted) throw error;
        throw new BodyReadError('The connection closed while reading the response', { cause: error });
      }
      return { status, requestId, text };
    } catch (error) {
      throw timedOut && !(error instanceof HttpStatusError) ? new AttemptTimeoutError() : error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  #toTesseraError(error: unknown, timeoutMs: number): Error {
    if (TesseraError.isInstance(error)) return error;
    if (error instanceof HttpStatusError) return createApiError(error.response, error.data, (text) => this.#redact(text));
    if (error instanceof AttemptTimeoutError) return new TesseraTimeoutError(`The request timed out after ${timeoutMs} ms`);
    if (error instanceof BodyReadError) return new TesseraConnectionError(undefined, { cause: error.cause });
    // The runtime's own error (never the request, whose headers carry the API key).
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

// `application/json`, and subtypes such as `problem+json` or `vnd.api+json`.
const jsonMimeType = /\/(?:.*[.+-])?json$/;

/**
 * The body of an error response: parsed JSON when its content type is JSON (`undefined` if it does not parse),
 * otherwise its text; `undefined` when empty, unreadable or larger than {@link MAX_ERROR_BODY_BYTES}. Secrets the
 * server echoed are removed from the raw text first, so no parsed field, message or truncation can keep them.
 */
async function readErrorData(response: Response, redact: (text: string) => string): Promise<unknown> {
  const raw = await readCappedText(response);
  if (!raw) return undefined;
  const text = redact(raw);
  const contentType = response.headers.get('content-type') ?? '';
  if (!jsonMimeType.test((contentType.split(';', 1)[0] ?? '').trim().toLowerCase())) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function readCappedText(response: Response): Promise<string | undefined> {
  const stream = response.body;
  if (!stream) {
    try {
      return await response.text();
    } catch {
      return undefined;
    }
  }
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = stream.getReader();
  } catch {
    return undefined;
  }
  const decoder = textDecoder(response.headers.get('content-type') ?? '');
  let text = '';
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      bytes += value.byteLength;
      if (bytes > MAX_ERROR_BODY_BYTES) {
        reader.cancel().catch(noop);
        return undefined;
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return undefined;
  }
}

function textDecoder(contentType: string): TextDecoder {
  const match = /;\s*charset\s*=\s*(?:"([^"]+)"|([^;,\s]+))/i.exec(contentType);
  const charset = match?.[1] ?? match?.[2];
  if (charset) {
    try {
      return new TextDecoder(charset);
    } catch {
      // An unknown charset: read as UTF-8.
    }
  }
  return new TextDecoder();
}

function retryReason(error: unknown): string {
  if (error instanceof HttpStatusError) return `status ${error.response.status}`;
  return error instanceof AttemptTimeoutError ? 'timeout' : 'connection error';
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
