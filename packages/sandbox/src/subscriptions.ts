import type { SandboxContext } from './context.js';
import { createOrder } from './orders.js';
import { charge } from './payments.js';
import { SandboxHttpError } from './http-error.js';
import type { BillingInterval, PaymentRecord, SubscriptionRecord } from './state.js';

/**
 * Adds `count` intervals to a time, in UTC calendar terms. Months and years keep the day of the month, clamped to
 * the target month's last day: Jan 31 + 1 month is Feb 28 (29 in a leap year), + 2 months is Mar 31.
 */
export function addInterval(fromMs: number, interval: BillingInterval, count: number): number {
  const date = new Date(fromMs);
  if (interval === 'day' || interval === 'week') {
    date.setUTCDate(date.getUTCDate() + (interval === 'week' ? 7 * count : count));
    return date.getTime();
  }
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + (interval === 'year' ? 12 * count : count));
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/** True for the intervals the test clock rebills; a subscription on any other interval is stored but not rebilled. */
export function isBillingInterval(interval: string): interval is BillingInterval {
  return interval === 'day' || interval === 'week' || interval === 'month' || interval === 'year';
}

/**
 * End of the current period: the start plus `renewals + 1` periods, counted from the start rather than from the last
 * period end, so a clamped month end does not drift (Jan 31 → Feb 28 → Mar 31, not Mar 28). `null` for an interval
 * the test clock does not bill.
 */
function periodEnd(subscription: SubscriptionRecord): string | null {
  const { interval } = subscription;
  if (!isBillingInterval(interval)) return null;
  return new Date(addInterval(Date.parse(subscription.createdAt), interval, subscription.intervalCount * (subscription.renewals + 1))).toISOString();
}

/** The facts a new subscription starts from; its id, status, period end and renewal count are set here. */
export type SubscriptionStart = Omit<SubscriptionRecord, 'id' | 'status' | 'currentPeriodEnd' | 'renewals' | 'createdAt'>;

/** Creates an active subscription starting now (its first period is paid) and fires `subscription/created`. */
export function startSubscription(ctx: SandboxContext, start: SubscriptionStart): SubscriptionRecord {
  const subscription: SubscriptionRecord = {
    id: ctx.nextId('sub'),
    ...start,
    status: 'active',
    get currentPeriodEnd() {
      return periodEnd(subscription);
    },
    renewals: 0,
    createdAt: ctx.nowIso(),
  };
  ctx.state.subscriptions.set(subscription.id, subscription);
  ctx.webhooks.emit('subscription/created', subscription.storeId, subscription);
  return subscription;
}

/** Upper bound of renewals billed by one clock move, so a huge jump cannot loop for long. */
export const MAX_RENEWALS_PER_ADVANCE = 10_000;

/**
 * Bills every active subscription whose period ended by `nowMs`, as merchant-initiated recurring purchases, one
 * per elapsed period. A renewal that does not succeed marks the subscription `past_due` and stops its billing.
 */
export function rebillDueSubscriptions(ctx: SandboxContext, nowMs: number): void {
  let budget = MAX_RENEWALS_PER_ADVANCE;
  for (const subscription of ctx.state.subscriptions.values()) {
    const { interval } = subscription;
    if (!isBillingInterval(interval)) continue;
    while (budget-- > 0 && subscription.status === 'active' && subscription.currentPeriodEnd !== null && Date.parse(subscription.currentPeriodEnd) <= nowMs) {
      let payment: PaymentRecord | undefined;
      try {
        payment = charge(
          ctx,
          {
            mode: 'purchase',
            amount: subscription.amount,
            currency: subscription.currency,
            storeId: subscription.storeId,
            paymentInstrumentId: subscription.paymentInstrumentId,
            initiatedBy: 'merchant',
            reasonType: 'recurring',
          },
          '',
          { threeDs: false },
        );
      } catch (error) {
        // The store's flow can no longer take payments (e.g. its processors were archived): the renewal fails.
        if (!(error instanceof SandboxHttpError)) throw error;
      }
      if (payment?.status !== 'succeeded') {
        subscription.status = 'past_due';
        ctx.webhooks.emit('subscription/past_due', subscription.storeId, subscription);
        break;
      }
      subscription.renewals++;
      createOrder(ctx, payment, [{ variantId: subscription.variantId, quantity: subscription.quantity, amount: subscription.amount }], { subscriptionId: subscription.id });
      ctx.webhooks.emit('subscription/renewed', subscription.storeId, subscription);
    }
  }
}
