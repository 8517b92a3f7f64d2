import { afterEach, describe, expect, it, vi } from 'vitest';
import { TesseraAbortError, TesseraTimeoutError } from './errors.js';
import { getThreeDSChallenge, isTerminalPaymentStatus, requiresThreeDS } from './payment-status.js';
import type { Payment } from './payment.js';
import { poll, sleep } from './poll.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('poll', () => {
  it('returns the first value that satisfies until, spacing attempts by intervalMs', async () => {
    vi.useFakeTimers();
    const statuses = ['pending', 'pending', 'succeeded'];
    const calls: number[] = [];
    const fetchValue = vi.fn(() => {
      calls.push(Date.now());
      return Promise.resolve(statuses.shift()!);
    });
    const seen: string[] = [];
    const result = poll(fetchValue, { intervalMs: 1000, until: isTerminalPaymentStatus, onValue: (s) => seen.push(s) });
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe('succeeded');
    expect(seen).toEqual(['pending', 'pending', 'succeeded']);
    expect(calls[1]! - calls[0]!).toBe(1000);
    expect(calls[2]! - calls[1]!).toBe(1000);
  });

  it('times out with a typed error, never waiting past the deadline', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const result = poll(() => Promise.resolve('pending'), { intervalMs: 1500, timeoutMs: 4000, until: isTerminalPaymentStatus });
    const assertion = expect(result).rejects.toBeInstanceOf(TesseraTimeoutError);
    await vi.runAllTimersAsync();
    await assertion;
    expect(Date.now() - start).toBe(4000);
  });

  it('aborts during the wait and leaves no timer behind', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const result = poll(() => Promise.resolve('pending'), { intervalMs: 1500, until: () => false, signal: controller.signal });
    const assertion = expect(result).rejects.toBeInstanceOf(TesseraAbortError);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await assertion;
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sleep rejects at once on an aborted signal', async () => {
    await expect(sleep(10, AbortSignal.abort())).rejects.toBeInstanceOf(TesseraAbortError);
  });
});

describe('payment status helpers', () => {
  it.each([['succeeded', true], ['failed', true], ['declined', true], ['authorized', true], ['refunded', true], ['pending', false], ['processing', false]])(
    '%s terminal: %s',
    (status, expected) => {
      expect(isTerminalPaymentStatus(status)).toBe(expected);
    },
  );

  it('reads the challenge from a pending payment', () => {
    const payment: Payment = {
      id: 'pay_1',
      amount: 100,
      currency: 'USD',
      status: 'pending',
      requireAction: 'threeds_auth',
      requireActionData: {
        type: 'threeds_auth',
        metadata: { threedsSession: { externalSessionId: 'ext_1', acsChallengeUrl: 'http://127.0.0.1/acs', acsTransID: 'acs_1', messageVersion: '2.2.0' } },
      },
    };
    expect(requiresThreeDS(payment)).toBe(true);
    expect(getThreeDSChallenge(payment)).toEqual({ sessionId: 'ext_1', acsChallengeUrl: 'http://127.0.0.1/acs', acsTransactionId: 'acs_1', threeDSVersion: '2.2.0' });
    expect(requiresThreeDS({ ...payment, status: 'succeeded', requireAction: 'none' })).toBe(false);
  });
});
