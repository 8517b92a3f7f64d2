import { describe, expect, expectTypeOf, it } from 'vitest';
import { processPaymentRequest, type ProcessPaymentRequest } from './payment.js';
import { parseOrThrow } from './validation.js';
import { TesseraValidationError } from './errors.js';

const purchase = { mode: 'purchase', amount: 1999, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'customer' } as const;

function fieldsOf(input: unknown): string[] {
  try {
    parseOrThrow(processPaymentRequest, input);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(TesseraValidationError);
    return (error as TesseraValidationError).fields.map((f) => `${f.field}:${f.code}`);
  }
}

describe('processPaymentRequest', () => {
  it.each<[string, unknown]>([
    ['CIT purchase', purchase],
    ['MIT purchase', { ...purchase, initiatedBy: 'merchant', reasonType: 'recurring' }],
    ['auth with 3DS session and flow', { ...purchase, mode: 'auth', threedsSessionId: 'tds_1', paymentFlowId: 'flow_1' }],
    ['capture as shown in the document', { mode: 'capture', paymentId: 'pay_1' }],
    ['partial capture', { mode: 'capture', paymentId: 'pay_1', storeId: 'store_1', amount: 500 }],
    ['CIT with reasonType ("not needed" is not "forbidden")', { ...purchase, reasonType: 'recurring' }],
    ['zero-amount verification auth', { ...purchase, mode: 'auth', amount: 0 }],
    ['unknown fields such as metadata', { ...purchase, metadata: { orderRef: 'A-1' }, routing: { rule: 'x' } }],
    ['ids with any characters (percent-encoded where they go into a path)', { ...purchase, paymentInstrumentId: '../x?y#z', storeId: 'store 1/é' }],
    ['an issuer-style reference that passes Luhn', { ...purchase, metadata: { phone: '4242424242424242' } }],
    ['XTS, the ISO 4217 testing code', { ...purchase, currency: 'XTS' }],
  ])('accepts %s', (_name, input) => {
    expect(fieldsOf(input)).toEqual([]);
  });

  it.each<[string, unknown, string[]]>([
    ['MIT without reasonType', { ...purchase, initiatedBy: 'merchant' }, ['reasonType:required']],
    ['CIT with an unknown reasonType', { ...purchase, reasonType: 'sometimes' }, ['reasonType:invalid_value']],
    ['purchase without amount', { ...purchase, amount: undefined }, ['amount:required']],
    ['fractional amount', { ...purchase, amount: 19.99 }, ['amount:invalid_type']],
    ['amount as string', { ...purchase, amount: '1999' }, ['amount:invalid_type']],
    ['negative amount', { ...purchase, amount: -5 }, ['amount:too_small']],
    ['lower-case currency', { ...purchase, currency: 'usd' }, ['currency:invalid_format']],
    ['a code that is not ISO 4217', { ...purchase, currency: 'XYZ' }, ['currency:invalid_format']],
    ['missing initiatedBy', { ...purchase, initiatedBy: undefined }, ['initiatedBy:required']],
    ['a card number field', { ...purchase, metadata: { card: { cardNumber: 'x' } } }, ['metadata.card.cardNumber:card_data']],
    ['a CVC field', { mode: 'capture', paymentId: 'pay_1', cvc: '1' }, ['cvc:card_data']],
    ['capture without paymentId', { mode: 'capture' }, ['paymentId:required']],
    ['unknown mode', { ...purchase, mode: 'refund' }, ['mode:invalid_value']],
    ['an id that is a dot segment', { ...purchase, paymentInstrumentId: '..' }, ['paymentInstrumentId:invalid_format']],
    ['an empty id', { ...purchase, storeId: '' }, ['storeId:too_small']],
  ])('rejects %s', (_name, input, expected) => {
    expect(fieldsOf(input)).toEqual(expected);
  });

  it('rejects wrong combinations at compile time', () => {
    expectTypeOf({ mode: 'capture', paymentId: 'p' } as const).toExtend<ProcessPaymentRequest>();
    expectTypeOf(purchase).toExtend<ProcessPaymentRequest>();
    expectTypeOf({ ...purchase, initiatedBy: 'merchant', reasonType: 'recurring' } as const).toExtend<ProcessPaymentRequest>();
    expectTypeOf({ ...purchase, initiatedBy: 'merchant' } as const).not.toExtend<ProcessPaymentRequest>();
    expectTypeOf({ mode: 'purchase', paymentId: 'p' } as const).not.toExtend<ProcessPaymentRequest>();
    expectTypeOf({ mode: 'capture' } as const).not.toExtend<ProcessPaymentRequest>();
    expectTypeOf({ ...purchase, amount: undefined }).not.toExtend<ProcessPaymentRequest>();
  });

  it('narrows on mode', () => {
    const request = processPaymentRequest.parse(purchase);
    if (request.mode === 'capture') expectTypeOf(request.paymentId).toBeString();
    else expectTypeOf(request.amount).toBeNumber();
  });
});
