import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry-policy.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('parseRetryAfter', () => {
  it('reads delay seconds and HTTP dates, and ignores anything else', () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z') });
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(' 0 ')).toBe(0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT')).toBe(10_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT')).toBe(0);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-1')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  it('doubles from 0.5 s up to 8 s, with jitter between 50 % and 100 %', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect([1, 2, 3, 4, 5, 6, 10].map(backoffDelay)).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    expect(backoffDelay(1)).toBe(375);
    expect(MAX_RETRY_AFTER_MS).toBe(30_000);
  });
});
