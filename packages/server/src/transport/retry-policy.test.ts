import { TimeoutError } from 'ky';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TesseraApiError } from '../errors/api-error.js';
import { createApiError } from './failure.js';
import { MAX_RETRY_AFTER_MS, retryDelay, retryOptions, type RetryDecision } from './retry-policy.js';
import { BodyReadError } from './transport-errors.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const request = new Request('http://127.0.0.1/api/public/v1/payments/process', { method: 'POST' });
// An answer's error as the attempt builds it, with its kind.
const httpError = (status: number, headers?: Record<string, string>, data?: unknown): TesseraApiError =>
  createApiError({ status, statusText: '', headers: new Headers(headers) }, data === undefined ? '' : JSON.stringify(data), (text) => text);

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
  });

  it("decides by the failure's kind alone, so the kind an error reports is what the client did: every status from 100 to 599", async () => {
    const strict = retryOptions(2, false);
    const repeatable = retryOptions(2, true);
    for (let status = 100; status <= 599; status++) {
      const error = httpError(status);
      expect([status, await strict.shouldRetry!({ error, retryCount: 1 })]).toEqual([status, error.kind === 'not-acted']);
      expect([status, await repeatable.shouldRetry!({ error, retryCount: 1 })]).toEqual([status, error.kind !== 'final']);
    }
    // The verdicts themselves, written out: [statuses, retried when not repeatable, retried when repeatable]. 501 and
    // 505: the service implements neither, so it did nothing and a retry cannot help. 512 and 599 (a proxy's own
    // statuses): it may have acted, so they are retried when the call is repeatable, as any other 5xx.
    const verdicts: [number[], boolean, boolean][] = [
      [[408, 429, 503], true, true],
      [[409, 500, 502, 504, 506, 511, 512, 520, 599], false, true],
      [[200, 301, 400, 401, 403, 404, 422, 501, 505], false, false],
    ];
    for (const [statuses, whenStrict, whenRepeatable] of verdicts) {
      for (const status of statuses) {
        const error = httpError(status);
        expect([status, await strict.shouldRetry!({ error, retryCount: 1 }), await repeatable.shouldRetry!({ error, retryCount: 1 })]).toEqual([status, whenStrict, whenRepeatable]);
      }
    }
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

  it.each([429, 503])("waits a %i's retryAfterMs, the header as its error read it once", (status) => {
    const limited = httpError(status, { 'retry-after': '3' });
    expect(limited).toMatchObject({ status, retryAfterMs: 3000 });
    // The wait is the error's reading, not a second parse of the header.
    Object.defineProperty(limited, 'retryAfterMs', { value: 1500 });
    expect(retryDelay(limited, 1)).toBe(1500);
  });

  it('gives an error answer without a readable Retry-After no retryAfterMs', () => {
    expect(httpError(503, {}).retryAfterMs).toBeUndefined();
    expect(httpError(429, { 'retry-after': 'soon' }).retryAfterMs).toBeUndefined();
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
