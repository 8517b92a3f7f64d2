import { isSettledPayment, type PaymentStatusFields, type AbortOptions } from '@tessera/core';
import { poll } from '@tessera/core/internal';

/** Options of {@link waitForFinalStatus}; `signal` stops polling (also during the wait) with a `TesseraAbortError`. */
export interface PaymentPollingOptions<T> extends AbortOptions {
  /** Milliseconds between polls. Default 1500 (the service asks for every 1–2 s). */
  intervalMs?: number;
  /** Give up after this long with a `TesseraTimeoutError`. Default 120000. */
  timeoutMs?: number;
  /** Called with every payment fetched (its status unchanged or not), e.g. to show progress. */
  onStatus?: (payment: T) => void;
}

/**
 * Polls a payment through the page's own server until it will not change without the merchant acting (core's
 * `isSettledPayment`: `succeeded`, `failed`, `declined`, `authorized`, `voided`, `refunded`, `partially_refunded`,
 * in either form the service reports them, e.g. `pending` / `authorized` or `failed` / `voided`),
 * like the server's `payments.waitForFinalStatus`. `fetchPayment` calls your server, which calls
 * `GET /payments/{id}` with its API key: the browser never talks to the service directly.
 */
export function waitForFinalStatus<T extends PaymentStatusFields>(
  fetchPayment: (signal?: AbortSignal) => Promise<T>,
  options: PaymentPollingOptions<T> = {},
): Promise<T> {
  return poll(fetchPayment, { ...options, until: isSettledPayment, onValue: options.onStatus });
}
