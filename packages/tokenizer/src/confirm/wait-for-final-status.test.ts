import { TesseraAbortError, TesseraTimeoutError } from '@tessera/core';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { waitForFinalStatus } from './wait-for-final-status.js';

// Fake timers for one test, real ones again when it ends.
function useFakeTimers(): void {
  vi.useFakeTimers();
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

describe('waitForFinalStatus', () => {
  it('polls every 1.5 s by default until the payment is final', async () => {
    useFakeTimers();
    const statuses = ['pending', 'pending', 'succeeded'];
    const fetchPayment = vi.fn(() => Promise.resolve({ id: 'pay_1', status: statuses.shift() ?? 'succeeded' }));
    const seen: string[] = [];
    const done = waitForFinalStatus(fetchPayment, { onStatus: (payment) => seen.push(payment.status) });
    await vi.advanceTimersByTimeAsync(1499);
    expect(fetchPayment).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchPayment).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1500);
    await expect(done).resolves.toEqual({ id: 'pay_1', status: 'succeeded' });
    // onStatus fires on a change only (as the server's does), not on every poll.
    expect(seen).toEqual(['pending', 'succeeded']);
  });

  it('calls onStatus for the first payment and whenever status, subStatus or the action asked for changes', async () => {
    useFakeTimers();
    const payments = [
      { status: 'pending' },
      { status: 'pending' },
      { status: 'pending', requireAction: 'threeds' },
      { status: 'pending', subStatus: 'processing' },
      { status: 'succeeded' },
    ];
    const seen: unknown[] = [];
    const done = waitForFinalStatus(() => Promise.resolve(payments.shift() ?? { status: 'succeeded' }), { intervalMs: 10, onStatus: (payment) => seen.push(payment) });
    await vi.advanceTimersByTimeAsync(50);
    await done;
    expect(seen).toEqual([{ status: 'pending' }, { status: 'pending', requireAction: 'threeds' }, { status: 'pending', subStatus: 'processing' }, { status: 'succeeded' }]);
  });

  it.each(['failed', 'declined', 'authorized'])('stops on %s', async (status) => {
    await expect(waitForFinalStatus(() => Promise.resolve({ status }))).resolves.toEqual({ status });
  });

  it.each([
    ['an authorization as the vendor’s polling code reads it', { status: 'pending', subStatus: 'authorized' }],
    ['a void as the published API answers it', { status: 'failed', subStatus: 'voided' }],
    ['a purchase as the published API answers it', { status: 'succeeded', subStatus: 'approved' }],
  ])('stops at once on %s', async (_name, payment) => {
    const fetchPayment = vi.fn(() => Promise.resolve(payment));
    await expect(waitForFinalStatus(fetchPayment)).resolves.toEqual(payment);
    expect(fetchPayment).toHaveBeenCalledTimes(1);
  });

  it('times out and aborts with typed errors', async () => {
    useFakeTimers();
    const timedOut = waitForFinalStatus(() => Promise.resolve({ status: 'pending' }), { intervalMs: 1000, timeoutMs: 3000 });
    const assertion = expect(timedOut).rejects.toBeInstanceOf(TesseraTimeoutError);
    await vi.advanceTimersByTimeAsync(3000);
    await assertion;

    const controller = new AbortController();
    const aborted = waitForFinalStatus(() => Promise.resolve({ status: 'pending' }), { signal: controller.signal });
    const abortAssertion = expect(aborted).rejects.toBeInstanceOf(TesseraAbortError);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    await abortAssertion;
  });
});
