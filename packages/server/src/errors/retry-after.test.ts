import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRetryAfter } from './retry-after.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('parseRetryAfter', () => {
  it('reads delay seconds and HTTP dates, and ignores anything else', () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z') });
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT')).toBe(10_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-1')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});
