import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { isKnownWebhookEvent } from '../webhooks/webhook-event.js';
import { paymentSchema, purchaseRequest, type Payment, type PurchaseRequest } from './payment.js';

// The published GET payment example (GET-payments-paymentId.md), with the void, refund and guide fields.
const publishedPayment = {
  id: 'pay_123',
  amount: 2999,
  currency: 'USD',
  status: 'succeeded',
  createdAt: '2024-03-20T10:30:00Z',
  customer: { id: 'cus_456', email: 'john@example.com', firstName: 'John', lastName: 'Doe' },
  transactions: [{ id: 'txn_789', type: 'purchase', status: 'succeeded', amount: 2999, currency: 'USD' }],
  paymentInstrument: { type: 'card', card: { last4: '4242', brand: 'visa', expYear: 2025, expMonth: 12 } },
  refundedAmount: 0,
  orderId: 'ord_1',
};

describe('a payment as the published answers show it', () => {
  it('a consumer reads every published field without a cast', () => {
    const payment: Payment = z.parse(paymentSchema, publishedPayment);
    expectTypeOf(payment.createdAt).toEqualTypeOf<string | undefined>();
    expectTypeOf(payment.customer?.email).toEqualTypeOf<string | null | undefined>();
    expectTypeOf(payment.paymentInstrument?.card?.last4).toEqualTypeOf<string | undefined>();
    expectTypeOf(payment.paymentInstrument?.card?.expYear).toEqualTypeOf<number | undefined>();
    expectTypeOf(payment.transactions?.[0]?.amount).toEqualTypeOf<number | undefined>();
    expectTypeOf(payment.refundedAmount).toEqualTypeOf<number | undefined>();
    expectTypeOf(payment.voidedAt).toEqualTypeOf<string | undefined>();
    expectTypeOf(payment.orderId).toEqualTypeOf<string | undefined>();
    expect([payment.createdAt, payment.customer?.email, payment.paymentInstrument?.card?.last4, payment.transactions?.[0]?.amount, payment.refundedAmount]).toEqual([
      '2024-03-20T10:30:00Z',
      'john@example.com',
      '4242',
      2999,
      0,
    ]);
  });

  it.each([
    ['createdAt as a number', { createdAt: 12345 }],
    ['customer null', { customer: null }],
    ['a card with a string expiry', { paymentInstrument: { card: { expYear: '2025' } } }],
    ['transactions as an object', { transactions: { id: 'txn_1' } }],
    ['a decimal refundedAmount', { refundedAmount: 15.5 }],
  ])('a published field of another type (%s) is passed through as sent, never refused', (_name, fields) => {
    const answer = { ...publishedPayment, ...fields };
    expect(z.parse(paymentSchema, answer)).toEqual(answer);
    // The webhook event of such a payment is still a known event.
    expect(isKnownWebhookEvent({ id: 'evt_1', type: 'payment/succeeded', data: answer })).toBe(true);
  });

  it('a purchase takes metadata (strings, numbers, booleans, null), which is sent as given', () => {
    const request: PurchaseRequest = { amount: 2999, currency: 'USD', storeId: 's', paymentInstrumentId: 'pi', metadata: { reference: 'order-7', attempt: 1, gift: false, note: null } };
    expect(z.parse(purchaseRequest, request).metadata).toEqual(request.metadata);
    expectTypeOf({ ...request, metadata: { nested: { a: 1 } } }).not.toExtend<PurchaseRequest>();
    expect(z.safeParse(purchaseRequest, { ...request, metadata: { nested: { a: 1 } } }).success).toBe(false);
  });
});
