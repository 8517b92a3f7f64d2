import type { SandboxContext } from './context.js';
import { createOrder } from './orders.js';
import { charge } from './payments.js';
import { SandboxHttpError } from './http-error.js';
import type { PaymentRecord, SubscriptionRecord } from './state.js';

/** Adds `count` intervals to a time, in UTC calendar terms. */
export function addInterval(fromMs: number, interval: SubscriptionRecord['interval'], count: number): number {
  const date = new Date(fromMs);
  switch (interval) {
    case 'day':
      date.setUTCDate(date.getUTCDate() + count);
      break;
    case 'week':
      date.setUTCDate(date.getUTCDate() + 7 * count);
      break;
    case 'month':
      date.setUTCMonth(date.getUTCMonth() + count);
      break;
    case 'year':
      date.setUTCFullYear(date.getUTCFullYear() + count);
      break;
  }
  return date.getTime();
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
    while (budget-- > 0 && subscription.status === 'active' && Date.parse(subscription.currentPeriodEnd) <= nowMs) {
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
        ctx.webhooks.emit('subscription.past_due', subscription.storeId, subscription);
        break;
      }
      subscription.renewals++;
      subscription.currentPeriodEnd = new Date(addInterval(Date.parse(subscription.currentPeriodEnd), subscription.interval, subscription.intervalCount)).toISOString();
      createOrder(ctx, payment, [{ variantId: subscription.variantId, quantity: subscription.quantity, amount: subscription.amount }], { subscriptionId: subscription.id });
      ctx.webhooks.emit('subscription.renewed', subscription.storeId, subscription);
    }
  }
}
