import { describe, expect, it } from 'vitest';
import { getPaymentAction, getRedirectUrl, getThreeDSChallenge } from './payment-action.js';
import type { Payment } from '../resources/payment.js';

const pending = (requireAction: string | null | undefined, requireActionData?: unknown): Payment =>
  ({ id: 'pay_1', amount: 100, currency: 'USD', status: 'pending', requireAction, requireActionData }) as Payment;

const threedsSession = { externalSessionId: 'sess_1', acsChallengeUrl: 'https://acs.example/c', acsTransID: 'acs_1', messageVersion: '2.2.0' };

describe('getPaymentAction', () => {
  it('reads no action from none, null or an absent requireAction, whatever data was kept', () => {
    expect(getPaymentAction(pending('none', { type: 'redirect', metadata: { redirect: { redirectUrl: 'https://x.example' } } }))).toEqual({ type: 'none' });
    expect(getPaymentAction(pending(null))).toEqual({ type: 'none' });
    expect(getPaymentAction(pending(undefined))).toEqual({ type: 'none' });
  });

  it('reads a 3DS challenge as startChallenge takes it', () => {
    expect(getPaymentAction(pending('threeds_auth', { type: 'threeds_auth', metadata: { threedsSession } }))).toEqual({
      type: 'threeds_auth',
      challenge: { sessionId: 'sess_1', acsChallengeUrl: 'https://acs.example/c', acsTransactionId: 'acs_1', threeDSVersion: '2.2.0' },
    });
    expect(getPaymentAction(pending('threeds_auth', { metadata: { threedsSession: { ...threedsSession, acsTransID: 7 } } }))).toEqual({
      type: 'invalid',
      action: 'threeds_auth',
      missing: 'requireActionData.metadata.threedsSession',
    });
  });

  // plugin-sdk 2.3.3 usePayment: processor_auth and redirect both go to metadata.redirect.redirectUrl.
  it('reads redirect and processor_auth with the URL and the resume token', () => {
    const data = { type: 'processor_auth', resumeToken: 'rt_1', metadata: { redirect: { redirectUrl: 'https://bank.example/auth' } } };
    expect(getPaymentAction(pending('processor_auth', data))).toEqual({ type: 'processor_auth', redirectUrl: 'https://bank.example/auth', resumeToken: 'rt_1' });
    expect(getPaymentAction(pending('redirect', { metadata: { redirect: { redirectUrl: 'https://p.example' } } }))).toEqual({ type: 'redirect', redirectUrl: 'https://p.example' });
    expect(getPaymentAction(pending('redirect', { metadata: {} }))).toEqual({ type: 'invalid', action: 'redirect', missing: 'requireActionData.metadata.redirect.redirectUrl' });
  });

  // The vendor's example (core-js-card-payment useCardPayment.ts): metadata.type is the more specific discriminator.
  it('takes metadata.type before the top-level action', () => {
    const data = { type: 'redirect', metadata: { type: 'processor_auth', redirect: { redirectUrl: 'https://psp.example/3ds' } } };
    expect(getPaymentAction(pending('redirect', data))).toMatchObject({ type: 'processor_auth', redirectUrl: 'https://psp.example/3ds' });
    expect(getRedirectUrl(pending('redirect', data))).toBe('https://psp.example/3ds');
    // An unknown or `none` metadata.type does not hide a known action.
    expect(getPaymentAction(pending('redirect', { metadata: { type: 'none', redirect: { redirectUrl: 'https://p.example' } } }))).toMatchObject({ type: 'redirect' });
    expect(getPaymentAction(pending('redirect', { metadata: { type: 'later', redirect: { redirectUrl: 'https://p.example' } } }))).toMatchObject({ type: 'redirect' });
  });

  // core-js 3.1.0 radar/types.d.ts: { type: 'radar', metadata: { provider: 'airwallex', isTest } }.
  it('reads an Airwallex radar with isTest (absent means true, as the vendor example reads it)', () => {
    expect(getPaymentAction(pending('radar', { type: 'radar', metadata: { provider: 'airwallex', isTest: false } }))).toEqual({ type: 'radar', provider: 'airwallex', isTest: false });
    expect(getPaymentAction(pending('radar', { type: 'radar', metadata: { provider: 'airwallex' } }))).toEqual({ type: 'radar', provider: 'airwallex', isTest: true });
    expect(getPaymentAction(pending('radar', { type: 'radar', metadata: {} }))).toEqual({ type: 'invalid', action: 'radar', missing: 'requireActionData.metadata.provider' });
    expect(getPaymentAction(pending('radar', { type: 'radar', metadata: { provider: 'riskified' } }))).toEqual({ type: 'unknown', action: 'radar:riskified' });
  });

  // core-js 3.1.0 radar/stripe-types.d.ts: { type: 'stripe_radar', metadata: { type?, radar: { publishableKey, orderId? } } }.
  it('reads a Stripe radar under either name, with its key and order', () => {
    const radar = { publishableKey: 'pk_test_1', orderId: 'order_1' };
    const expected = { type: 'stripe_radar', provider: 'stripe', publishableKey: 'pk_test_1', orderId: 'order_1' };
    expect(getPaymentAction(pending('radar', { type: 'stripe_radar', metadata: { type: 'stripe_radar', radar } }))).toEqual(expected);
    expect(getPaymentAction(pending('stripe_radar', { metadata: { radar } }))).toEqual(expected);
    expect(getPaymentAction(pending('radar', { metadata: { provider: 'stripe', radar } }))).toEqual(expected);
    expect(getPaymentAction(pending('radar', { type: 'stripe_radar', metadata: { radar: { publishableKey: ' ' } } }))).toEqual({
      type: 'invalid',
      action: 'stripe_radar',
      missing: 'requireActionData.metadata.radar.publishableKey',
    });
  });

  it("reads an error action with the service's message", () => {
    expect(getPaymentAction(pending('error', { type: 'error', message: 'Card blocked by the issuer' }))).toEqual({ type: 'error', message: 'Card blocked by the issuer' });
    expect(getPaymentAction(pending('error', null))).toEqual({ type: 'error', message: 'The payment could not be completed' });
  });

  it('reads why a declined payment was declined: the error action of the vendor’s plugin SDK (message and errorCode)', () => {
    const declined = { id: 'pay_1', amount: 100, currency: 'USD', status: 'declined', requireAction: 'error', requireActionData: { type: 'error', message: 'Insufficient funds', errorCode: 'insufficient_funds' } };
    expect(getPaymentAction(declined)).toEqual({ type: 'error', message: 'Insufficient funds', errorCode: 'insufficient_funds' });
    expect(getPaymentAction(pending('error', { type: 'error', errorCode: 42 }))).toEqual({ type: 'error', message: 'The payment could not be completed' });
  });

  it('passes an action no source publishes through as unknown, and never throws on malformed data', () => {
    expect(getPaymentAction(pending('sca_exemption', { type: 'sca_exemption' }))).toEqual({ type: 'unknown', action: 'sca_exemption' });
    for (const data of [null, 'text', 42, [], { metadata: 'x' }, { metadata: { redirect: [] } }]) {
      expect(() => getPaymentAction(pending('redirect', data))).not.toThrow();
    }
  });

  it('keeps getThreeDSChallenge to pending payments', () => {
    const payment = pending('threeds_auth', { metadata: { threedsSession } });
    expect(getThreeDSChallenge(payment)).toMatchObject({ sessionId: 'sess_1' });
    expect(getThreeDSChallenge({ ...payment, status: 'succeeded' })).toBeUndefined();
  });
});
