import { isSettledPayment, normalizePaymentStatus, type PaymentStatusFields, type AbortOptions } from '@tessera/core';
import { poll } from '@tessera/core/internal';

/** Options of {@link waitForFinalStatus}; `signal` stops polling (also during the wait) with a `TesseraAbortError`. */
export interface PaymentPollingOptions<T> extends AbortOptions {
  /** Milliseconds between polls. Default 1500 (the service asks for every 1–2 s). */
  intervalMs?: number;
  /** Give up after this long with a `TesseraTimeoutError`. Default 120000. */
  timeoutMs?: number;
  /**
   * Called with the payment whenever its `status`, `subStatus` or normalized status changes (and for the first one
   * fetched), e.g. to show progress: the rule of the server's `payments.waitForFinalStatus`.
   */
  onStatus?: (payment: T) => void;
}

/**
 * What a poller calls with each payment fetched: `onStatus` for the first one and whenever its `status`, `subStatus`
 * or normalized status changes (the server's rule), so every `onStatus` of the SDK means the same thing.
 */
export function onStatusChange<T extends PaymentStatusFields>(onStatus: ((payment: T) => void) | undefined): (payment: T) => void {
  let lastStatus: string | undefined;
  return (payment) => {
    const status = `${payment.status}/${payment.subStatus ?? ''}/${normalizePaymentStatus(payment)}`;
    if (status !== lastStatus) onStatus?.(payment);
    lastStatus = status;
  };
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
  return poll(fetchPayment, { ...options, until: isSettledPayment, onValue: onStatusChange(options.onStatus) });
}
