import { normalizePaymentStatus, TesseraApiError, TesseraIdempotencyError, type Payment, type Tessera } from '@tessera/server';

/** A subscription as the merchant's own database keeps it. */
export interface Subscription {
  id: string;
  paymentInstrumentId: string;
  /** Price per period in minor units. */
  amount: number;
  currency: string;
  /** Billing period being charged, e.g. `2026-12`; part of the idempotency key. */
  period: string;
  /** Failed attempts in this period so far. */
  attempts: number;
}

/** What happened to one renewal. */
export type RenewalOutcome =
  | { kind: 'renewed'; payment: Payment }
  | { kind: 'retry_later'; payment?: Payment; reason: string; retryInDays: number }
  | { kind: 'gave_up'; payment?: Payment; reason: string }
  | { kind: 'needs_customer'; payment: Payment }
  /**
   * The service may have charged (no answer after the request was sent, a 500/502/504, a request with this key still
   * in progress). Run this same attempt again (same `attempts`, so the same idempotency key: a service that honours
   * keys answers the first result), or look the payment up (`payments.list`) before anything else. Never move on to
   * the next attempt: its new key could charge the period twice.
   */
  | { kind: 'unknown'; reason: string; idempotencyKey: string };

/** Days to wait before each retry of a declined renewal (dunning). After the last one, give up. */
export const RETRY_SCHEDULE_DAYS = [1, 3, 5] as const;

/**
 * Charges one period of a subscription as a merchant-initiated payment (`initiatedBy: 'merchant'`,
 * `reasonType: 'recurring'`) on the saved instrument. The idempotency key is derived from the subscription, the
 * period and the attempt, so a job that crashes and runs again never charges a period twice.
 */
export async function renewSubscription(tessera: Tessera, storeId: string, subscription: Subscription): Promise<RenewalOutcome> {
  const idempotencyKey = `renewal-${subscription.id}-${subscription.period}-${subscription.attempts}`;
  let payment: Payment;
  try {
    payment = await tessera.payments.purchase(
      {
        amount: subscription.amount,
        currency: subscription.currency,
        storeId,
        paymentInstrumentId: subscription.paymentInstrumentId,
        initiatedBy: 'merchant',
        reasonType: 'recurring',
      },
      { idempotencyKey },
    );
  } catch (error) {
    // The key of this attempt was already used with another body (e.g. the price changed since): a bug to fix,
    // never a conflict to retry later.
    if (TesseraIdempotencyError.isInstance(error)) return { kind: 'gave_up', reason: error.code };
    if (error instanceof TesseraApiError) {
      // 429 and 503: the service did not act, so a later attempt (with its own key) is safe.
      if (error.status === 429 || error.status === 503) return retryOrGiveUp(subscription, error.code);
      // Another 4xx means the request itself is wrong (e.g. the instrument was deleted): retrying will not help.
      if (error.status < 500 && error.status !== 409) return { kind: 'gave_up', reason: error.code };
    }
    // Anything else may have charged: the same attempt, with the same key, or a lookup, comes next.
    return { kind: 'unknown', reason: error instanceof Error ? error.name : 'error', idempotencyKey };
  }
  // One reading of the service's status and subStatus (`succeeded` / `approved`, `failed` / `voided`, …).
  const status = normalizePaymentStatus(payment);
  if (status === 'succeeded') return { kind: 'renewed', payment };
  if (status === 'requires_action') return { kind: 'needs_customer', payment };
  if (status === 'declined' || status === 'failed') return retryOrGiveUp(subscription, status, payment);
  return { kind: 'gave_up', payment, reason: `unexpected status ${payment.status}${payment.subStatus ? ` / ${payment.subStatus}` : ''}` };
}

function retryOrGiveUp(subscription: Subscription, reason: string, payment?: Payment): RenewalOutcome {
  const retryInDays = RETRY_SCHEDULE_DAYS[subscription.attempts];
  const withPayment = payment ? { payment } : {};
  return retryInDays === undefined ? { kind: 'gave_up', reason, ...withPayment } : { kind: 'retry_later', reason, retryInDays, ...withPayment };
}

/** Renews every subscription due, one at a time, and returns each outcome by subscription id. */
export async function renewDue(tessera: Tessera, storeId: string, due: Subscription[]): Promise<Map<string, RenewalOutcome>> {
  const outcomes = new Map<string, RenewalOutcome>();
  for (const subscription of due) outcomes.set(subscription.id, await renewSubscription(tessera, storeId, subscription));
  return outcomes;
}
