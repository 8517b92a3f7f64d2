import { NetworkError, TimeoutError } from 'ky';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiError, type TesseraApiError } from '../errors/api-error.js';
import { failureKind, MAX_RETRY_AFTER_MS, neverSent, retryDelay, retryOptions, type RetryDecision } from './retry-policy.js';
import { BodyReadError } from './transport-errors.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const request = new Request('http://127.0.0.1/api/public/v1/payments/process', { method: 'POST' });
// An answer's error as the attempt builds it, with its kind.
const httpError = (status: number, headers?: Record<string, string>, data?: unknown): TesseraApiError =>
  createApiError({ status, statusText: '', headers: new Headers(headers) }, data === undefined ? '' : JSON.stringify(data), (text) => text);
const networkError = (cause: Error): NetworkError => new NetworkError(request, { cause });

describe('failureKind', () => {
  it('says the service cannot have acted on a refused connection, a DNS failure, nothing written, 408, 429 and 503', () => {
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    const dns = new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }) });
    const unwritten = new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET', socket: { bytesWritten: 0 } }) });
    for (const error of [networkError(refused), networkError(dns), networkError(unwritten), httpError(408), httpError(429), httpError(503)]) {
      expect(failureKind(error)).toBe('not-acted');
    }
  });

  it('says the outcome is unknown after a timeout, a connection lost after sending, a body cut off, 500, 502, 504', () => {
    const lost = new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET', socket: { bytesWritten: 812 } }) });
    const reset = new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
    for (const error of [new TimeoutError(request), networkError(lost), networkError(reset), new BodyReadError('cut'), httpError(500), httpError(502), httpError(504)]) {
      expect(failureKind(error)).toBe('outcome-unknown');
    }
  });

  it('never retries an answer, a permanent conflict or anything else', () => {
    expect(failureKind(httpError(409, undefined, { error: { code: 'request_in_progress', message: 'busy' } }))).toBe('conflict');
    expect(failureKind(httpError(409, undefined, { error: { code: 'invalid_state', message: 'no' } }))).toBe('final');
    expect(failureKind(httpError(409, undefined, { error: { code: 'idempotency_key_reused', message: 'no' } }))).toBe('final');
    for (const status of [400, 401, 403, 404, 413, 422]) expect(failureKind(httpError(status))).toBe('final');
    expect(failureKind(new DOMException('aborted', 'AbortError'))).toBe('final');
    expect(failureKind(new Error('bug'))).toBe('final');
  });

  it('reads the causes of a network error only a few levels down', () => {
    expect(neverSent({ cause: { cause: { code: 'EAI_AGAIN' } } })).toBe(true);
    expect(neverSent({ code: 'ECONNRESET' })).toBe(false);
    expect(neverSent(undefined)).toBe(false);
  });
});

describe('retryOptions', () => {
  it('retries what cannot charge twice always, and the rest only when repeatable', async () => {
    const strict = retryOptions(2, false);
    const repeatable = retryOptions(2, true);
    expect(await strict.shouldRetry!({ error: httpError(503), retryCount: 1 })).toBe(true);
    expect(await strict.shouldRetry!({ error: httpError(500), retryCount: 1 })).toBe(false);
    expect(await strict.shouldRetry!({ error: new TimeoutError(request), retryCount: 1 })).toBe(false);
    expect(await repeatable.shouldRetry!({ error: httpError(500), retryCount: 1 })).toBe(true);
    expect(await repeatable.shouldRetry!({ error: new BodyReadError('cut'), retryCount: 1 })).toBe(true);
    expect(await repeatable.shouldRetry!({ error: httpError(404), retryCount: 1 })).toBe(false);
    // A 5xx outside the statuses a retry can help (599) is not retried.
    expect(await repeatable.shouldRetry!({ error: httpError(599), retryCount: 1 })).toBe(false);
  });

  it('backs off from 0.5 s doubling to 8 s with 50–100 % jitter, and caps Retry-After at 30 s', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelay(httpError(500), attempt))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelay(new TimeoutError(request), attempt))).toEqual([250, 500, 1000, 2000, 4000, 8000]);
    expect(retryDelay(httpError(429, { 'retry-after': '3' }), 1)).toBe(3000);
    expect(retryDelay(httpError(503, { 'retry-after': '3600' }), 1)).toBe(MAX_RETRY_AFTER_MS);
    expect(MAX_RETRY_AFTER_MS).toBe(30_000);
  });

  it("decides the wait itself and reports it before ky waits (ky's delay is the one decided)", async () => {
    const decisions: RetryDecision[] = [];
    const options = retryOptions(2, true, (decision) => decisions.push(decision));
    const error = httpError(429, { 'retry-after': '30' });
    expect(await options.shouldRetry!({ error, retryCount: 1 })).toBe(true);
    expect(decisions).toEqual([{ retryCount: 1, delayMs: 30_000, error }]);
    expect(options.delay!(1)).toBe(30_000);
    expect(options.jitter).toBeUndefined();
    expect(options.methods).toEqual(expect.arrayContaining(['get', 'post']));
  });
});
