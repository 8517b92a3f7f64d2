import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TesseraValidationError } from '../errors/error-classes.js';
import { assertMinorUnits, currencyExponent, formatAmount, fromMinorUnits, toMinorUnits } from './money.js';

describe('money', () => {
  it.each([['JPY', 0], ['USD', 2], ['EUR', 2], ['BHD', 3], ['KWD', 3], ['CLF', 4], ['usd', 2]])('%s has exponent %i', (code, exponent) => {
    expect(currencyExponent(code)).toBe(exponent);
  });

  it.each<[string | number, string, number]>([
    ['12.34', 'USD', 1234],
    [12.34, 'USD', 1234],
    ['0.30', 'USD', 30],
    ['1', 'USD', 100],
    ['500', 'JPY', 500],
    ['1.234', 'BHD', 1234],
    ['19.990', 'USD', 1999],
  ])('toMinorUnits(%j, %s) = %i', (amount, currency, expected) => {
    expect(toMinorUnits(amount, currency)).toBe(expected);
  });

  it.each<[string | number, string]>([['1.5', 'JPY'], ['1.234', 'USD'], ['-1', 'USD'], [Number.NaN, 'USD'], ['1e3', 'USD'], ['', 'USD']])(
    'rejects toMinorUnits(%j, %s)',
    (amount, currency) => {
      expect(() => toMinorUnits(amount, currency)).toThrow(TesseraValidationError);
    },
  );

  it.each<[number, string, string]>([[1234, 'USD', '12.34'], [5, 'USD', '0.05'], [500, 'JPY', '500'], [1, 'BHD', '0.001'], [0, 'EUR', '0.00']])(
    'fromMinorUnits(%i, %s) = %s',
    (amount, currency, expected) => {
      expect(fromMinorUnits(amount, currency)).toBe(expected);
    },
  );

  it('rejects non-integer and negative amounts', () => {
    for (const bad of [1.5, -1, Number.NaN, Infinity, '100', 2 ** 53]) {
      expect(() => assertMinorUnits(bad)).toThrow(TesseraValidationError);
    }
  });

  it('formats by currency', () => {
    expect(formatAmount(1234, 'USD', 'en-US')).toBe('$12.34');
    expect(formatAmount(500, 'JPY', 'en-US')).toBe('¥500');
    expect(formatAmount(1234, 'BHD', 'en-US')).toContain('1.234');
    expect(formatAmount(1234, 'EUR', 'de-DE')).toBe('12,34\u00a0€');
  });

  it('round-trips minor units through major-unit strings', () => {
    fc.assert(
      fc.property(fc.constantFrom('USD', 'JPY', 'BHD', 'CLF'), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (currency, amount) => {
        return toMinorUnits(fromMinorUnits(amount, currency), currency) === amount;
      }),
      { numRuns: 2000 },
    );
  });
});
