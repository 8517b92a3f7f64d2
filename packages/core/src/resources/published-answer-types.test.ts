import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { isKnownWebhookEvent } from '../webhooks/known-webhook-event.js';
import { appEvent, type AppEvent } from './event.js';
import { paymentInstrument, type PaymentInstrument } from './payment-instrument.js';
import { paymentSchema, purchaseRequest, type Payment, type PurchaseRequest } from './payment.js';
import { productSchema, type ListedProduct, type Product } from './product.js';
import { subscriptionSchema, type ListedSubscription, type Subscription } from './subscription.js';
import { threeDSSession, type ThreeDSSession } from './threeds-session.js';

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

describe('the other resources as the published answers show them', () => {
  it('are typed without a cast', () => {
    expectTypeOf<PaymentInstrument['cardEnrichment']>().toEqualTypeOf<{ [k: string]: unknown; funding?: string | null | undefined; segment?: string | null | undefined } | undefined>();
    expectTypeOf<NonNullable<PaymentInstrument['customer']>['email']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<PaymentInstrument['isDefault']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<NonNullable<NonNullable<Subscription['price']>['currencyOptions']>[string]['amount']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<NonNullable<Subscription['product']>['name']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<NonNullable<Product['variants'][number]['prices']>[number]['interval']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<NonNullable<ListedProduct['price']>['recurring']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<ListedSubscription['priceCurrencyOptions']>().not.toBeUnknown();
    expectTypeOf<NonNullable<AppEvent['properties']>['amount']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<NonNullable<AppEvent['store']>['name']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<ThreeDSSession['createdAt']>().toEqualTypeOf<string | undefined>();
  });

  it('accept the published examples as they are, and a field of another type as sent', () => {
    const instrument = {
      id: 'pi_123', type: 'card', customerId: 'cus_123', accountId: 'acc_123', isActive: true, isDefault: false, tokenizer: 'basistheory', createdAt: '2024-03-20T10:30:00Z',
      card: { last4: '1234', brand: 'visa', expYear: 2025, expMonth: 12 }, customer: { id: 'cus_123', email: 'john@example.com', firstName: 'John', lastName: 'Doe' },
      cardEnrichment: { funding: 'credit', segment: 'premium' }, processorTokens: [],
    };
    expect(z.parse(paymentInstrument, instrument)).toEqual(instrument);
    expect(z.parse(paymentInstrument, { ...instrument, isActive: 'yes', cardEnrichment: null })).toEqual({ ...instrument, isActive: 'yes', cardEnrichment: null });
    const subscription = {
      id: 'sub_123', status: 'active', currency: 'USD', quantity: 1, createdAt: '2024-03-20T10:30:00Z', currentPeriodStart: '2024-03-20T00:00:00Z', currentPeriodEnd: '2024-04-20T00:00:00Z',
      customer: { id: 'cus_456', email: 'john@example.com', firstName: 'John', lastName: 'Doe' }, product: { id: 'prod_123', name: 'Premium Plan' },
      price: { id: 'price_123', recurring: true, interval: 'month', intervalCount: 1, currencyOptions: { USD: { amount: 2999 } } },
    };
    expect(z.parse(subscriptionSchema, subscription)).toEqual(subscription);
    const product = {
      id: 'prod_123', name: 'Premium Plan', description: 'Our premium subscription plan',
      variants: [{ id: 'var_123', name: 'Monthly', default: true, prices: [{ id: 'price_123', recurring: true, interval: 'month', intervalCount: 1, currencyOptions: { USD: { amount: 2999, currency: 'USD' } } }] }],
    };
    expect(z.parse(productSchema, product)).toEqual(product);
    const event = {
      id: 'evt_123', accountId: 'acc_456', storeId: 'store_123', customerId: 'cus_789', eventType: 's_order_paid', properties: { orderId: 'ord_123', amount: 2999, currency: 'USD', paymentId: 'pay_456' },
      draft: false, processedAt: '2024-03-20T10:35:00Z', createdAt: '2024-03-20T10:30:00Z', customer: { id: 'cus_789', email: 'john@example.com', firstName: 'John', lastName: 'Doe' }, store: { id: 'store_123', name: 'My Store' },
    };
    expect(z.parse(appEvent, event)).toEqual(event);
    expect(z.parse(appEvent, { ...event, properties: { amount: '29.99' }, customer: 'cus_789' })).toMatchObject({ properties: { amount: '29.99' }, customer: 'cus_789' });
    const session = { id: 'threeds_xyz789', externalSessionId: 'x', provider: 'basis_theory', status: 'created', paymentInstrumentId: 'inst_abc123', createdAt: '2024-03-20T10:30:00Z' };
    expect(z.parse(threeDSSession, session)).toEqual(session);
  });
});
