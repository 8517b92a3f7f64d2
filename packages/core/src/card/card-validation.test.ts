import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luhnCheck, normalizeCardNumber, parseExpiryDate, validateCard } from './card-validation.js';

const now = new Date(2026, 10, 22); // November 2026

function codes(input: unknown): Record<string, string> {
  const result = validateCard(input, { now });
  return result.ok ? {} : Object.fromEntries(result.errors.map((e) => [e.field, e.code]));
}

describe('normalizeCardNumber', () => {
  it('removes spaces and dashes and rejects other characters', () => {
    expect(normalizeCardNumber('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(normalizeCardNumber('4242x4242')).toBeUndefined();
  });
});

describe('luhnCheck', () => {
  it.each(['4242424242424242', '378282246310005', '6011111111111117', '79927398713', '0'])('accepts %s', (n) => {
    expect(luhnCheck(n)).toBe(true);
  });
  it.each(['4242424242424241', '79927398710', '', '12a4'])('rejects %s', (n) => {
    expect(luhnCheck(n)).toBe(false);
  });

  it('agrees with a reference implementation on random digit strings', () => {
    const reference = (digits: string): boolean => {
      const sum = [...digits].reverse().map(Number).reduce((acc, d, i) => acc + (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
      return sum % 10 === 0;
    };
    fc.assert(fc.property(fc.stringMatching(/^\d{1,25}$/), (digits) => luhnCheck(digits) === reference(digits)), { numRuns: 2000 });
  });

  it('detects every single-digit change of a valid number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{15}$/), fc.nat(15), fc.integer({ min: 1, max: 9 }), (body, position, delta) => {
        const check = [...'0123456789'].find((d) => luhnCheck(body + d))!;
        const valid = body + check;
        const changed = valid.slice(0, position) + String((Number(valid[position]) + delta) % 10) + valid.slice(position + 1);
        return luhnCheck(valid) && !luhnCheck(changed);
      }),
    );
  });
});

describe('parseExpiryDate', () => {
  it.each([
    ['12/28', { month: 12, year: 2028 }],
    ['1/27', { month: 1, year: 2027 }],
    ['01/2030', { month: 1, year: 2030 }],
    [' 03 / 29 ', { month: 3, year: 2029 }],
  ])('parses %j', (text, expected) => {
    expect(parseExpiryDate(text)).toEqual(expected);
  });
  it.each(['13/28', '00/28', '1228', '12/2', '12/028', 'ab/cd', ''])('rejects %j', (text) => {
    expect(parseExpiryDate(text)).toBeUndefined();
  });
});

describe('validateCard', () => {
  it('accepts a valid card and normalises it', () => {
    const result = validateCard({ cardNumber: '4242 4242 4242 4242', expiryDate: '12/28', cvc: '123', cardholderName: ' Ada ' }, { now });
    expect(result).toEqual({
      ok: true,
      card: { number: '4242424242424242', expiryMonth: 12, expiryYear: 2028, cvc: '123', brand: 'visa', cardholderName: 'Ada' },
    });
  });

  it('keeps 19-digit numbers as exact strings', () => {
    const result = validateCard({ cardNumber: '4000000000000000006', expiryDate: '12/28', cvc: '123' }, { now });
    expect(result.ok && result.card.number).toBe('4000000000000000006');
  });

  it('treats the current month as valid and last month as expired', () => {
    expect(codes({ cardNumber: '4242424242424242', expiryDate: '11/26', cvc: '123' })).toEqual({});
    expect(codes({ cardNumber: '4242424242424242', expiryDate: '10/26', cvc: '123' })).toEqual({ expiryDate: 'expired' });
  });

  it('rejects an expiry absurdly far ahead', () => {
    expect(codes({ cardNumber: '4242424242424242', expiryDate: '12/2060', cvc: '123' })).toEqual({ expiryDate: 'too_far_in_future' });
  });

  it.each<[string, unknown, Record<string, string>]>([
    ['empty input', {}, { cardNumber: 'required', expiryDate: 'required', cvc: 'required' }],
    ['null', null, { cardNumber: 'required', expiryDate: 'required', cvc: 'required' }],
    ['a number typed as number', { cardNumber: 4242424242424242, expiryDate: '12/28', cvc: '123' }, { cardNumber: 'required' }],
    ['letters', { cardNumber: '4242abcd42424242', expiryDate: '12/28', cvc: '123' }, { cardNumber: 'invalid_characters' }],
    ['bad Luhn', { cardNumber: '4242424242424241', expiryDate: '12/28', cvc: '123' }, { cardNumber: 'luhn_failed' }],
    ['too short', { cardNumber: '424242424242', expiryDate: '12/28', cvc: '123' }, { cardNumber: 'invalid_length' }],
    ['amex with 3-digit CVC', { cardNumber: '378282246310005', expiryDate: '12/28', cvc: '123' }, { cvc: 'invalid_length' }],
    ['visa with 4-digit CVC', { cardNumber: '4242424242424242', expiryDate: '12/28', cvc: '1234' }, { cvc: 'invalid_length' }],
    ['bad format', { cardNumber: '4242424242424242', expiryDate: '2028-12', cvc: '12a' }, { expiryDate: 'invalid_format', cvc: 'invalid_characters' }],
    ['all wrong at once', { cardNumber: '1', expiryDate: '01/20', cvc: '' }, { cardNumber: 'invalid_length', expiryDate: 'expired', cvc: 'required' }],
  ])('%s', (_name, input, expected) => {
    expect(codes(input)).toEqual(expected);
  });

  it('accepts an amex with a 4-digit CVC', () => {
    expect(codes({ cardNumber: '3782 822463 10005', expiryDate: '12/28', cvc: '1234' })).toEqual({});
  });

  it('never puts card data in its messages', () => {
    const result = validateCard({ cardNumber: '4242424242424241', expiryDate: '01/20', cvc: '12x' }, { now });
    expect(JSON.stringify(result)).not.toMatch(/4242|12x/);
  });

  it('agrees with Luhn on random 16-digit Visa-like numbers', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^4\d{15}$/), (number) => {
        const result = validateCard({ cardNumber: number, expiryDate: '12/28', cvc: '123' }, { now });
        return result.ok === luhnCheck(number);
      }),
      { numRuns: 1000 },
    );
  });
});
