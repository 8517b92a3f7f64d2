import { encodeServiceToken } from '@tessera/core';
import { type OperationInput, operations } from '@tessera/core/internal';
import type { core } from 'zod/mini';
import type { SandboxContext } from './context.js';
import { SandboxHttpError } from '../errors/http-error.js';
import { customers } from './customers.js';
import { createInstrumentFromToken } from './instruments.js';
import { processPayment, refundPayment } from './payments.js';
import { createProduct } from './products.js';
import { requireStore, stores } from './stores.js';
import { createSubscription, requireSubscription } from './subscriptions.js';
import { tokenizeCard } from '../emulations/vault.js';
import { advanceTestClock } from './test-clocks.js';
import { isTriggerable, triggerableEvents } from './trigger-types.js';
import { webhookEvents, type WebhookEventType } from './webhooks.js';
import { validate } from '../wire/validate.js';

/** The cards a trigger pays with: an approved one and the issuer decline (declined by every processor, `sandbox` ones too). */
const APPROVED_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000009995';

/** What a trigger made: the ids of what it created, and the events it fired (each `{ id, type }`). */
export interface TriggerResult {
  type: WebhookEventType;
  storeId: string;
  ids: Record<string, string>;
  events: { id: string; type: string }[];
}


/** The operations a trigger calls: each takes its whole input as its body (no path id, no wrapping key). */
type TriggerOperation = 'createPaymentInstrumentFromToken' | 'processPayment' | 'createProduct' | 'createSubscription' | 'refundPayment';

/** An operation's input, checked by the catalog's request schema as its route checks the body (a 400 naming every bad field). */
function checkedInput<K extends TriggerOperation>(name: K, body: unknown): OperationInput<K> {
  return validate(operations[name].request as core.$ZodType, body) as OperationInput<K>;
}

/**
 * Causes an event the way an app would (`POST /sandbox/trigger`): by calling the same operations as the API, each
 * input checked by the catalog's schema, on `storeId` (default: the sandbox's first store, the `sandbox` processor's).
 * `origin` is the sandbox's, for the links a payment answers. Answers the ids it created and the events that fired
 * (the asked one among them).
 */
export function trigger(ctx: SandboxContext, origin: string, type: string, storeIdGiven: string | undefined): TriggerResult {
  if (!isTriggerable(type)) {
    throw new SandboxHttpError(400, 'validation_error', `Cannot trigger "${type}": supported types are ${Object.keys(triggerableEvents).join(', ')}`, {
      fields: [{ field: 'type', code: 'not_triggerable', message: `is not one of ${Object.keys(triggerableEvents).join(', ')}` }],
    });
  }
  const storeId = storeIdGiven ?? stores.of(ctx).keys().next().value;
  if (storeId === undefined) throw new SandboxHttpError(404, 'not_found', 'The sandbox has no store');
  requireStore(ctx, storeId);
  const firstEvent = webhookEvents.of(ctx).length;
  const ids: Record<string, string> = {};

  const instrument = (cardNumber: string): void => {
    const token = tokenizeCard(ctx, { type: 'card', data: { number: cardNumber, expiration_month: 12, expiration_year: new Date(ctx.clock.nowMs()).getUTCFullYear() + 3, cvc: '123' } });
    const card = token.card as { last4?: string; brand?: string } | undefined;
    const serviceToken = encodeServiceToken({
      type: 'card',
      token: String(token.id),
      provider: 'basistheory',
      nonSensitiveMetadata: { last4: card?.last4 ?? '', brand: card?.brand ?? '', authentication: 'optional' },
    });
    const created = createInstrumentFromToken(ctx, checkedInput('createPaymentInstrumentFromToken', { serviceToken, storeId, customerData: { email: 'trigger@example.com', firstName: 'Trigger' } }), {});
    ids.customerId = String(created.customer.id);
    ids.paymentInstrumentId = String(created.paymentInstrument.id);
  };
  const purchase = (): string => {
    const body = { mode: 'purchase', amount: 1000, currency: 'USD', storeId, paymentInstrumentId: ids.paymentInstrumentId, initiatedBy: 'customer' };
    const { payment } = processPayment(ctx, checkedInput('processPayment', body), origin);
    ids.paymentId = payment.id;
    return payment.status;
  };
  const subscribe = (initiatePayment: boolean): string => {
    const { product } = createProduct(
      ctx,
      checkedInput('createProduct', {
        storeId,
        name: 'Triggered plan',
        active: true,
        variants: [{ name: 'Monthly', sku: 'TRIGGER', active: true, default: true, prices: [{ currencyOptions: { USD: { amount: 1200 } }, recurring: true, interval: 'month', intervalCount: 1, default: true }] }],
      }),
    );
    const priceId = product.variants[0]?.prices[0]?.id ?? '';
    ids.productId = product.id;
    ids.priceId = priceId;
    const { subscription } = createSubscription(ctx, checkedInput('createSubscription', { customerId: ids.customerId, priceId, storeId, currency: 'USD', initiatePayment }));
    ids.subscriptionId = String(subscription.id);
    return ids.subscriptionId;
  };

  switch (type) {
    case 'payment/succeeded':
      instrument(APPROVED_CARD);
      purchase();
      break;
    case 'payment/declined':
      instrument(DECLINED_CARD);
      purchase();
      break;
    case 'payment/refunded': {
      instrument(APPROVED_CARD);
      purchase();
      const refunded = refundPayment(ctx, checkedInput('refundPayment', { paymentIds: [ids.paymentId] }));
      const refund = refunded.refund as { id?: string } | undefined;
      if (refund?.id) ids.refundId = refund.id;
      break;
    }
    case 'order/paid':
      instrument(APPROVED_CARD);
      subscribe(true);
      break;
    case 'subscription/created':
      instrument(APPROVED_CARD);
      subscribe(false);
      break;
    case 'subscription/renewed': {
      instrument(APPROVED_CARD);
      const subscription = requireSubscription(ctx, subscribe(false));
      // The clock the subscription is on moves: a scoped one when the trigger ran under one (Tessera-Test-Clock).
      const now = Date.parse(ctx.nowIso(subscription.customerId));
      const end = subscription.currentPeriodEnd === null ? now : Date.parse(subscription.currentPeriodEnd);
      const ms = Math.max(0, end - now) + 1000;
      const clockId = customers.of(ctx).get(subscription.customerId)?.testClockId;
      if (clockId === undefined) ctx.clock.advance(ms);
      else advanceTestClock(ctx, clockId, { ms });
      break;
    }
  }
  const events = webhookEvents.of(ctx).slice(firstEvent).map((event) => ({ id: event.id, type: event.type }));
  return { type, storeId, ids, events };
}
