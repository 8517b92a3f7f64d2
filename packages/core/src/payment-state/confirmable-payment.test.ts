import { describe, expect, expectTypeOf, it } from 'vitest';
import { toConfirmablePayment, type ConfirmablePayment } from './confirmable-payment.js';
import type { Payment } from '../resources/payment.js';

const threeDSData = { type: 'threeds_auth', metadata: { threedsSession: { externalSessionId: 'sess_1', acsChallengeUrl: 'https://acs.example/c', acsTransID: 'acs_1', messageVersion: '2.2.0' } } };

describe('toConfirmablePayment', () => {
  it('keeps the fields confirmPayment reads, and none of the rest of the service payment', () => {
    const payment: Payment = {
      id: 'pay_1', amount: 1999, currency: 'USD', status: 'pending', subStatus: 'authorized', requireAction: 'threeds_auth', requireActionData: threeDSData,
      customerId: 'cus_1', customer: { email: 'ada@example.com' }, paymentInstrumentId: 'pi_1', metadata: { orderId: 'order_1' },
    };
    expect(toConfirmablePayment(payment)).toStrictEqual({
      id: 'pay_1', amount: 1999, currency: 'USD', status: 'pending', subStatus: 'authorized', requireAction: 'threeds_auth', requireActionData: threeDSData,
    });
  });

  it('answers null for a subStatus, requireAction or requireActionData the service left out, so JSON keeps them', () => {
    const confirmable = toConfirmablePayment({ id: 'pay_2', amount: 500, currency: 'EUR', status: 'succeeded' });
    expect(confirmable).toStrictEqual({ id: 'pay_2', amount: 500, currency: 'EUR', status: 'succeeded', subStatus: null, requireAction: null, requireActionData: null });
    expect(JSON.parse(JSON.stringify(confirmable))).toStrictEqual(confirmable);
  });

  it('is a Payment, with every field it has always there', () => {
    expectTypeOf<ConfirmablePayment>().toExtend<Payment>();
    expectTypeOf<keyof ConfirmablePayment>().toEqualTypeOf<'id' | 'amount' | 'currency' | 'status' | 'subStatus' | 'requireAction' | 'requireActionData'>();
    expectTypeOf<ConfirmablePayment['requireAction']>().toEqualTypeOf<Exclude<Payment['requireAction'], undefined>>();
  });
});
