import { NetworkError, TimeoutError } from 'ky';
import { describe, expect, it } from 'vitest';
import type { TesseraApiError } from '../errors/api-error.js';
import { createApiError, failureKind, neverSent } from './failure.js';
import { BodyReadError } from './transport-errors.js';

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
