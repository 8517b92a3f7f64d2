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
  ])('accepts %s', (_name, input) => {
    expect(fieldsOf(input)).toEqual([]);
  });

  it.each<[string, unknown, string[]]>([
    ['MIT without reasonType', { ...purchase, initiatedBy: 'merchant' }, ['reasonType:required']],
    ['CIT with reasonType', { ...purchase, reasonType: 'recurring' }, ['reasonType:unknown_field']],
    ['purchase without amount', { ...purchase, amount: undefined }, ['amount:required']],
    ['fractional amount', { ...purchase, amount: 19.99 }, ['amount:invalid_type']],
    ['amount as string', { ...purchase, amount: '1999' }, ['amount:invalid_type']],
    ['zero amount', { ...purchase, amount: 0 }, ['amount:too_small']],
    ['negative amount', { ...purchase, amount: -5 }, ['amount:too_small']],
    ['lower-case currency', { ...purchase, currency: 'usd' }, ['currency:invalid_format']],
    ['capture without paymentId', { mode: 'capture' }, ['paymentId:required']],
    ['unknown mode', { ...purchase, mode: 'refund' }, ['mode:invalid_value']],
    ['id with path characters', { ...purchase, paymentInstrumentId: '../x?y' }, ['paymentInstrumentId:invalid_format']],
    ['typo in a field name', { ...purchase, ammount: 1 }, ['ammount:unknown_field']],
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
