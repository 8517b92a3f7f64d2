import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { getRedirectUrl } from '../payment-state/payment-action.js';
import { paymentSchema, processPaymentRequest, refundPaymentRequest } from './payment.js';
import { createPaymentInstrumentFromTokenRequest, paymentInstrument } from './payment-instrument.js';
import { isSettledPayment, normalizePaymentStatus, type NormalizedPaymentStatus } from '../payment-status/payment-status.js';
import { createProductRequest } from './product.js';
import { createThreeDSSessionRequest } from './threeds-session.js';

const token = 'eyJ0eXBlIjoiY2FyZCJ9';

describe('requests as the published API takes them (one request satisfies both sources)', () => {
  it('create-from-token sends the token as tagadaToken and serviceToken, whichever the caller named', () => {
    expect(z.parse(createPaymentInstrumentFromTokenRequest, { serviceToken: token, storeId: 's', customerId: 'c' })).toMatchObject({ serviceToken: token, tagadaToken: token });
    expect(z.parse(createPaymentInstrumentFromTokenRequest, { tagadaToken: token, storeId: 's', customerId: 'c' })).toMatchObject({ serviceToken: token, tagadaToken: token });
  });

  it('create-from-token refuses both customerId and customerData, and neither', () => {
    const both = z.safeParse(createPaymentInstrumentFromTokenRequest, { tagadaToken: token, storeId: 's', customerId: 'c', customerData: { email: 'a@b.c' } });
    expect(both.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['customerId', expect.stringMatching(/^cannot provide both customerId and customerData/)]]);
    const neither = z.safeParse(createPaymentInstrumentFromTokenRequest, { tagadaToken: token, storeId: 's' });
    expect(neither.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['customerId']);
    const noToken = z.safeParse(createPaymentInstrumentFromTokenRequest, { storeId: 's', customerId: 'c' });
    expect(noToken.error?.issues[0]?.message).toMatch(/tokenizeCard/);
  });

  it('process defaults mode to purchase and initiatedBy to customer, and sends both', () => {
    expect(z.parse(processPaymentRequest, { amount: 2999, currency: 'USD', storeId: 's', paymentInstrumentId: 'pi' })).toMatchObject({ mode: 'purchase', initiatedBy: 'customer' });
  });

  it('refund sends paymentId and paymentIds, and refundAll when no amount', () => {
    expect(z.parse(refundPaymentRequest, { paymentId: 'pay_1', storeId: 's' })).toEqual({ paymentId: 'pay_1', paymentIds: ['pay_1'], storeId: 's', refundAll: true });
    expect(z.parse(refundPaymentRequest, { paymentIds: ['pay_1'], amount: 500 })).toEqual({ paymentId: 'pay_1', paymentIds: ['pay_1'], amount: 500 });
    expect(z.parse(refundPaymentRequest, { paymentIds: ['pay_1', 'pay_2'] })).toEqual({ paymentIds: ['pay_1', 'pay_2'], refundAll: true });
  });

  it('3DS create-session defaults the provider and names the session under both keys', () => {
    const published = { storeId: 's', paymentInstrumentId: 'pi', sessionData: { id: 'bt-1', type: 'customer', cardBrand: 'Visa' } };
    expect(z.parse(createThreeDSSessionRequest, published)).toEqual({ ...published, provider: 'basis_theory', sessionData: { ...published.sessionData, sessionId: 'bt-1', metadata: {} } });
    const documented = { provider: 'basis_theory', storeId: 's', paymentInstrumentId: 'pi', sessionData: { sessionId: 'bt-1', metadata: { cardBrand: 'Visa' } } };
    expect(z.parse(createThreeDSSessionRequest, documented).sessionData).toEqual({ id: 'bt-1', sessionId: 'bt-1', metadata: { cardBrand: 'Visa' } });
  });

  it('product create takes the published variant and price shapes, and gives each currency option its currency', () => {
    const parsed = z.parse(createProductRequest, {
      storeId: 's',
      name: 'P',
      active: true,
      variants: [{ name: 'V', sku: 'v', active: true, default: true, prices: [{ currencyOptions: { USD: { amount: 2999 } }, recurring: false, interval: null, default: true }] }],
    });
    expect(parsed.variants[0]?.prices[0]?.currencyOptions).toEqual({ USD: { amount: 2999, currency: 'USD' } });
  });
});

describe('answers as the published API gives them', () => {
  it('an instrument of the customer list has no customerId', () => {
    expect(z.safeParse(paymentInstrument, { id: 'pi_1', type: 'card', isActive: true, card: { last4: '1234' } }).success).toBe(true);
  });

  it('a payment asking for an action the SDK does not know passes through', () => {
    expect(z.safeParse(paymentSchema, { id: 'p', amount: 1, currency: 'USD', status: 'pending', requireAction: 'biometric', requireActionData: { whatever: 1 } }).success).toBe(true);
  });

  it('reads a redirect URL', () => {
    const redirect = z.parse(paymentSchema, { id: 'p', amount: 1, currency: 'USD', status: 'pending', requireAction: 'redirect', requireActionData: { type: 'redirect', metadata: { redirect: { redirectUrl: 'https://bank.example/go' } } } });
    expect(getRedirectUrl(redirect)).toBe('https://bank.example/go');
  });
});

describe('normalizePaymentStatus', () => {
  it.each<[string, { status: string; subStatus?: string | null; requireAction?: string }, NormalizedPaymentStatus, boolean]>([
    ['succeeded / approved (published process example)', { status: 'succeeded', subStatus: 'approved' }, 'succeeded', true],
    ['authorized', { status: 'authorized' }, 'authorized', true],
    ['pending / authorized (the vendor polling code)', { status: 'pending', subStatus: 'authorized' }, 'authorized', true],
    ['failed / voided (published void example)', { status: 'failed', subStatus: 'voided' }, 'voided', true],
    ['voided', { status: 'voided' }, 'voided', true],
    ['partially_refunded (published refund example)', { status: 'partially_refunded' }, 'partially_refunded', true],
    ['refunded', { status: 'refunded' }, 'refunded', true],
    ['declined', { status: 'declined' }, 'declined', true],
    ['failed', { status: 'failed', subStatus: null }, 'failed', true],
    ['pending with a 3DS challenge', { status: 'pending', requireAction: 'threeds_auth' }, 'requires_action', false],
    ['pending with a redirect', { status: 'pending', requireAction: 'redirect' }, 'requires_action', false],
    ['pending with no action', { status: 'pending', requireAction: 'none' }, 'processing', false],
    ['processing', { status: 'processing' }, 'processing', false],
    ['a status the SDK does not know', { status: 'on_hold' }, 'unknown', false],
  ])('%s', (_name, fields, normalized, settled) => {
    expect(normalizePaymentStatus(fields)).toBe(normalized);
    expect(isSettledPayment(fields)).toBe(settled);
  });
});
