import { describe, expect, it } from 'vitest';
import { TesseraValidationError } from '../errors/error-classes.js';
import { fromMinorUnits } from './money.js';
import { minorUnitsToDecimal } from './minor-units.js';

describe('minorUnitsToDecimal (the conversion without the ISO 4217 list)', () => {
  it("renders each currency's exponent exactly, as fromMinorUnits does", () => {
    for (const [amount, code] of [[1999, 'USD'], [5, 'EUR'], [500, 'JPY'], [1, 'BHD'], [12345, 'CLF'], [0, 'KWD']] as const) {
      expect(minorUnitsToDecimal(amount, code)).toBe(fromMinorUnits(amount, code));
    }
    expect([minorUnitsToDecimal(500, 'JPY'), minorUnitsToDecimal(1, 'BHD'), minorUnitsToDecimal(7, 'USD')]).toEqual(['500', '0.001', '0.07']);
  });

  it('takes a code its caller checked as it is: one the exponent table does not list has 2 decimals', () => {
    expect(minorUnitsToDecimal(1999, 'XYZ')).toBe('19.99');
  });

  it('refuses an amount not in minor units with a TesseraValidationError naming the field given, with the hint to send', () => {
    const refusal = (() => {
      try {
        minorUnitsToDecimal(19.99, 'USD', 'request.lineItems.0.amount');
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(TesseraValidationError);
    expect((refusal as TesseraValidationError).fields).toEqual([{ field: 'request.lineItems.0.amount', code: 'invalid_amount', message: expect.stringContaining('send 1999 for 19.99') as string }]);
    expect(() => minorUnitsToDecimal(-1, 'USD')).toThrow(expect.objectContaining({ fields: [expect.objectContaining({ field: 'amount' })] }) as Error);
  });
});
