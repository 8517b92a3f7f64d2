import { describe, expect, it } from 'vitest';
import { TesseraValidationError } from '../errors/error-classes.js';
import { assertMinorUnits, fromMinorUnits } from './money.js';
import * as schemas from '../schemas.js';
import { parseOrThrow } from '../errors/validation.js';

// An amount given in major units (19.99) is the commonest mistake with a payments API: every request that carries an
// amount refuses it before anything is sent, saying amounts are integers in minor units and which integer to send.
const purchase = { mode: 'purchase', amount: 1999, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'customer' };

function refused(run: () => unknown): TesseraValidationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(TesseraValidationError);
    return error as TesseraValidationError;
  }
  throw new Error('not refused');
}

describe('a decimal amount is refused with what to send instead', () => {
  it.each<[number, number]>([
    [19.99, 1999],
    [5.5, 550],
    [0.3, 30],
    [0.1 + 0.2, 30],
    [-19.99, 1999],
  ])('%s → send %i', (amount, integer) => {
    const error = refused(() => parseOrThrow(schemas.processPaymentRequest, { ...purchase, amount }));
    expect(error.fields).toEqual([{ field: 'amount', code: 'invalid_type', message: expect.stringContaining(`send ${integer} for ${fromMinorUnits(integer, 'USD')} in a 2-decimal currency`) }]);
    expect(error.message).toContain('amount must be an integer in minor units, not a decimal amount');
    expect(error.message).toContain('toMinorUnits(amount, currency)');
  });

  it('an amount with more decimals than cents gets the example as is, never a wrong conversion', () => {
    const error = refused(() => parseOrThrow(schemas.processPaymentRequest, { ...purchase, amount: 19.999 }));
    expect(error.fields[0]?.message).toContain('send 1999 for 19.99 in a 2-decimal currency');
  });

  it('says so in every request that carries an amount, once, under its field', () => {
    const cases: Array<[unknown, unknown, string]> = [
      [schemas.processPaymentRequest, { mode: 'capture', paymentId: 'pay_1', amount: 12.5 }, 'amount'],
      [schemas.refundPaymentRequest, { paymentId: 'pay_1', amount: 12.5 }, 'amount'],
      [schemas.createProductRequest, { storeId: 'store_1', name: 'Plan', variants: [{ name: 'v', price: 12.5, currency: 'USD' }] }, 'variants.0.price'],
    ];
    for (const [schema, input, field] of cases) {
      const error = refused(() => parseOrThrow(schema as typeof schemas.processPaymentRequest, input));
      expect(error.fields.filter((problem) => problem.field === field)).toEqual([{ field, code: 'invalid_type', message: expect.stringContaining('send 1250 for 12.50') }]);
    }
  });

  it('an integer past the safe range names the limit; other mistakes keep their own message', () => {
    expect(refused(() => parseOrThrow(schemas.processPaymentRequest, { ...purchase, amount: 2 ** 60 })).fields[0]?.message).toBe(
      `must be at most ${Number.MAX_SAFE_INTEGER}: amounts are integers in minor units`,
    );
    expect(refused(() => parseOrThrow(schemas.processPaymentRequest, { ...purchase, amount: -5 })).fields).toEqual([{ field: 'amount', code: 'too_small', message: 'must be greater than 0' }]);
    expect(refused(() => parseOrThrow(schemas.processPaymentRequest, { ...purchase, amount: '19.99' })).fields[0]).toMatchObject({ code: 'invalid_type', message: 'must be a number' });
  });

  it('the money helpers say the same', () => {
    expect(refused(() => assertMinorUnits(19.99)).fields).toEqual([{ field: 'amount', code: 'invalid_amount', message: expect.stringContaining('send 1999 for 19.99') }]);
    expect(refused(() => assertMinorUnits(-1)).fields[0]?.message).toBe('must be a non-negative integer in minor units');
  });
});
