import * as z from 'zod/mini';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Order } from '../resources/order.js';
import type { Payment } from '../resources/payment.js';
import type { Subscription } from '../resources/subscription.js';
import { isKnownWebhookEvent, knownWebhookEventTypes, publishedWebhookEventTypes } from './known-webhook-event.js';
import { webhookEvent, type KnownWebhookEvent, type WebhookEvent } from '../resources/webhook-event.js';

const payment = { id: 'pay_1', amount: 2999, currency: 'USD', status: 'succeeded', subStatus: 'approved', requireAction: 'none' };
const order = { id: 'ord_1', status: 'paid', amount: 2999, currency: 'USD', paymentId: 'pay_1', items: [{ id: 'ord_1_li_1', quantity: 1, orderLineItemProduct: { name: 'Pro' } }] };
const subscription = { id: 'sub_1', status: 'active', currency: 'USD', currentPeriodEnd: '2026-02-01T00:00:00.000Z' };
const parse = (body: unknown): WebhookEvent => z.parse(webhookEvent, body);

/** What a receiver does with an event: each known type's data, read without a cast. */
function describeEvent(event: WebhookEvent): string {
  if (!isKnownWebhookEvent(event)) return `skipped ${event.type}`;
  switch (event.type) {
    case 'payment/succeeded':
    case 'payment/declined':
      expectTypeOf(event.data).toEqualTypeOf<Payment>();
      return `${event.type} ${event.data.id} ${event.data.amount} ${event.data.currency} ${event.data.status}`;
    case 'order/paid':
      expectTypeOf(event.data).toEqualTypeOf<Order>();
      return `order ${event.data.id} ${event.data.items?.length ?? 0} items`;
    case 'subscription/past_due':
      expectTypeOf(event.data).toEqualTypeOf<Subscription>();
      return `subscription ${event.data.id} ${event.data.currentPeriodEnd ?? ''}`;
    default:
      expectTypeOf(event.type).toExtend<KnownWebhookEvent['type']>();
      return event.type;
  }
}

describe('webhook events', () => {
  it('narrows data on type once the event is known (type-level: tsc checks this file)', () => {
    const event = parse({ id: 'evt_1', type: 'payment/succeeded', data: payment });
    expectTypeOf(event).toEqualTypeOf<WebhookEvent>();
    // Without the check the unknown member stays in every case (its `type` is any string), so data is unknown.
    if (event.type === 'payment/succeeded') {
      // @ts-expect-error data is unknown until isKnownWebhookEvent rules the unknown member out
      expect(event.data.amount).toBe(2999);
    }
    if (isKnownWebhookEvent(event) && event.type === 'payment/succeeded') expectTypeOf(event.data.amount).toEqualTypeOf<number>();
    // A case the SDK does not know still compiles: an UnknownWebhookEvent's type is any string.
    switch (event.type) {
      case 'order/shipped':
        expectTypeOf(event.data).toEqualTypeOf<unknown>();
        break;
      default:
        break;
    }
    expect(describeEvent(event)).toBe('payment/succeeded pay_1 2999 USD succeeded');
  });

  it('reads each category’s resource', () => {
    expect(describeEvent(parse({ id: 'evt_2', type: 'order/paid', storeId: 'store_1', createdAt: '2026-01-01T00:00:00.000Z', data: order }))).toBe('order ord_1 1 items');
    expect(describeEvent(parse({ id: 'evt_3', type: 'subscription/past_due', data: subscription }))).toBe('subscription sub_1 2026-02-01T00:00:00.000Z');
    expect(describeEvent(parse({ id: 'evt_4', type: 'payment/declined', data: { ...payment, status: 'declined' } }))).toBe('payment/declined pay_1 2999 USD declined');
  });

  it('passes an unknown type, extra fields and a known type with other data through, and refuses only a body without id or type', () => {
    const unknown = parse({ id: 'evt_5', type: 'order/shipped', data: { tracking: 'X1' }, livemode: false });
    expect(unknown).toEqual({ id: 'evt_5', type: 'order/shipped', data: { tracking: 'X1' }, livemode: false });
    expect(isKnownWebhookEvent(unknown)).toBe(false);
    expect(describeEvent(unknown)).toBe('skipped order/shipped');
    const extra = parse({ id: 'evt_6', type: 'payment/succeeded', data: { ...payment, riskScore: 12 }, attempt: 2 });
    expect(isKnownWebhookEvent(extra)).toBe(true);
    expect(extra).toMatchObject({ attempt: 2, data: { riskScore: 12 } });
    // A known type whose data is not its resource is passed through too, but is not known: its data is not a Payment.
    for (const data of [undefined, null, 'pay_1', { id: 'pay_1' }, { ...payment, amount: '29.99' }]) {
      const odd = parse({ id: 'evt_7', type: 'payment/succeeded', data });
      expect(isKnownWebhookEvent(odd)).toBe(false);
    }
    // Not a key of the table by inheritance.
    expect(isKnownWebhookEvent(parse({ id: 'evt_8', type: 'toString', data: {} }))).toBe(false);
    for (const body of [null, [], 'evt', { type: 'order/paid' }, { id: 'evt_9' }, { id: 1, type: 'order/paid' }]) {
      expect(z.safeParse(webhookEvent, body).success).toBe(false);
    }
  });

  it('knows every published type and every type the sandbox fires', () => {
    for (const type of publishedWebhookEventTypes) expect(knownWebhookEventTypes).toContain(type);
    expect(knownWebhookEventTypes).toEqual(expect.arrayContaining(['payment/succeeded', 'payment/completed', 'payment/expired', 'subscription/renewed', 'subscription/past_due']));
    expect(knownWebhookEventTypes.every((type) => /^(payment|order|subscription)\/[a-z_]+$/.test(type))).toBe(true);
  });
});
