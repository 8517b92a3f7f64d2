import { isTerminalPaymentStatus, poll, type PaymentStatus } from '@tessera/core';

/** Options of {@link waitForPayment}. */
export interface WaitForPaymentOptions<T> {
  /** Milliseconds between polls. Default 1500 (the service asks for every 1–2 s). */
  intervalMs?: number;
  /** Give up after this long with a `TesseraTimeoutError`. Default 120000. */
  timeoutMs?: number;
  /** Stops polling (also during the wait) with a `TesseraAbortError`. */
  signal?: AbortSignal;
  /** Called with every payment fetched, e.g. to show progress. */
  onPayment?: (payment: T) => void;
}

/**
 * Polls a payment through the page's own server until its status is final (`succeeded`, `failed`, `declined`, or
 * a settled post-auth status such as `authorized`). `fetchPayment` calls your server, which calls
 * `GET /payments/{id}` with its API key: the browser never talks to the service directly.
 */
export function waitForPayment<T extends { status: PaymentStatus }>(
  fetchPayment: (signal?: AbortSignal) => Promise<T>,
  options: WaitForPaymentOptions<T> = {},
): Promise<T> {
  return poll(fetchPayment, {
    until: (payment) => isTerminalPaymentStatus(payment.status),
    intervalMs: options.intervalMs ?? 1500,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onPayment ? { onValue: options.onPayment } : {}),
  });
}
