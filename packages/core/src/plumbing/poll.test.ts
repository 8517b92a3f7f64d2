import { afterEach, describe, expect, it, vi } from 'vitest';
import { TesseraAbortError, TesseraTimeoutError, TesseraValidationError } from '../errors/error-classes.js';
import { getThreeDSChallenge, requiresThreeDS } from '../payment-state/payment-action.js';
import {
  isFailedPaymentStatus,
  isSettledPaymentStatus,
  isTerminalPaymentStatus,
  knownPaymentStatuses,
  settledPaymentStatuses,
  terminalPaymentStatuses,
} from '../payment-status/payment-status.js';
import type { Payment } from '../resources/payment.js';
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
    const result = poll(fetchValue, { intervalMs: 1000, until: isSettledPaymentStatus, onValue: (s) => seen.push(s) });
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe('succeeded');
    expect(seen).toEqual(['pending', 'pending', 'succeeded']);
    expect(calls[1]! - calls[0]!).toBe(1000);
    expect(calls[2]! - calls[1]!).toBe(1000);
  });

  it('times out with a typed error, never waiting past the deadline', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const result = poll(() => Promise.resolve('pending'), { intervalMs: 1500, timeoutMs: 4000, until: isSettledPaymentStatus });
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

  it('holds the deadline while a fetch hangs, and aborts that fetch', async () => {
    vi.useFakeTimers();
    let fetchSignal: AbortSignal | undefined;
    const hung = (signal?: AbortSignal) =>
      new Promise<string>((_, reject) => {
        fetchSignal = signal;
        signal?.addEventListener('abort', () => reject(new TesseraAbortError()));
      });
    const result = poll(hung, { timeoutMs: 2000, until: () => true });
    const assertion = expect(result).rejects.toBeInstanceOf(TesseraTimeoutError);
    await vi.advanceTimersByTimeAsync(2000);
    await assertion;
    expect(fetchSignal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports a caller abort during a fetch as an abort, not a timeout', async () => {
    const controller = new AbortController();
    const result = poll((signal) => new Promise<string>((_, reject) => signal?.addEventListener('abort', () => reject(new TesseraAbortError()))), {
      until: () => true,
      signal: controller.signal,
    });
    controller.abort();
    await expect(result).rejects.toBeInstanceOf(TesseraAbortError);
  });

  it("reports a caller abort during a fetch as TesseraAbortError whatever the fetch rejected with (fetch's own AbortError)", async () => {
    const controller = new AbortController();
    const result = poll((signal) => new Promise<string>((_, reject) => signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')))), {
      until: () => true,
      signal: controller.signal,
    });
    controller.abort();
    await expect(result).rejects.toBeInstanceOf(TesseraAbortError);
  });

  it('refuses an interval or time limit a timer cannot hold, before fetching anything', async () => {
    const fetchValue = vi.fn(() => Promise.resolve('pending'));
    for (const bad of [{ intervalMs: 0 }, { intervalMs: -5 }, { intervalMs: 1.5 }, { timeoutMs: 3e9 }, { timeoutMs: Number.NaN }]) {
      await expect(poll(fetchValue, { until: () => true, ...bad })).rejects.toBeInstanceOf(TesseraValidationError);
    }
    expect(fetchValue).not.toHaveBeenCalled();
  });

  it('sleep rejects at once on an aborted signal', async () => {
    await expect(sleep(10, AbortSignal.abort())).rejects.toBeInstanceOf(TesseraAbortError);
  });
});

describe('payment status helpers', () => {
  it.each([['succeeded', true], ['failed', true], ['declined', true], ['authorized', true], ['refunded', true], ['pending', false], ['processing', false]])(
    '%s settled: %s',
    (status, expected) => {
      expect(isSettledPaymentStatus(status)).toBe(expected);
    },
  );

  it('derives the known, terminal, settled and failed statuses from one table, each check matching its list', () => {
    expect(knownPaymentStatuses).toEqual(['pending', 'succeeded', 'failed', 'declined', 'authorized', 'voided', 'partially_refunded', 'refunded']);
    expect(terminalPaymentStatuses).toEqual(['succeeded', 'failed', 'declined']);
    expect(settledPaymentStatuses).toEqual(['succeeded', 'failed', 'declined', 'authorized', 'voided', 'partially_refunded', 'refunded']);
    expect(knownPaymentStatuses.filter(isTerminalPaymentStatus)).toEqual(terminalPaymentStatuses);
    expect(knownPaymentStatuses.filter(isSettledPaymentStatus)).toEqual(settledPaymentStatuses);
    expect(knownPaymentStatuses.filter(isFailedPaymentStatus)).toEqual(['failed', 'declined']);
    expect(isTerminalPaymentStatus('authorized')).toBe(false);
    for (const unknown of ['processing', 'toString', '']) {
      expect([isTerminalPaymentStatus(unknown), isSettledPaymentStatus(unknown), isFailedPaymentStatus(unknown)]).toEqual([false, false, false]);
    }
  });

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
