import { describe, expect, it } from 'vitest';
import { TesseraValidationError } from '../errors/error-classes.js';
import { parseOrThrow } from '../errors/validation.js';
import { createBlockRuleRequest } from './block-rule.js';

// The card-data refusal of a block rule (docs/contracts.md, "The published API, difference by difference", 36): no
// card number anywhere in the rule, while what a rule legitimately holds (BINs and their ranges, ids, a BIN and last 4
// pattern) is sent.

/** The fields a rule is refused on, with their codes; `[]` when it is accepted. */
function refusals(rule: Record<string, unknown>): string[] {
  try {
    parseOrThrow(createBlockRuleRequest, rule);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(TesseraValidationError);
    const validation = error as TesseraValidationError;
    expect(JSON.stringify({ fields: validation.fields, message: validation.message })).not.toMatch(/4242.?4242.?4242|1111.?1111.?1111|822463/);
    return validation.fields.map((field) => `${field.field}:${field.code}`);
  }
}

describe('a block rule holding a card number', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['pan', { name: 'Card', pan: '4242424242424242' }, ['pan:card_data']],
    ['a card number as a value, with dashes', { name: 'V', type: 'pan', value: '4111-1111-1111-1111' }, ['value:card_data']],
    ['an Amex number as a value, 4-6-5', { name: 'V', type: 'pan', value: ['3782 822463 10005'] }, ['value:card_data']],
    ['a customerId that is a card number', { name: 'C', customerId: '4242 4242 4242 4242' }, ['customerId:card_data']],
    ['a panRegex of one whole card number', { name: 'R', panRegex: '^4242424242424242$' }, ['panRegex:card_data']],
    ['a panRegex of one card number, any character between its groups', { name: 'R', panRegex: '^4242.4242.4242.4242$' }, ['panRegex:card_data']],
    ['a panRegex of one card number, optional spaces between its groups', { name: 'R', panRegex: String.raw`^4242\s?4242\s?4242\s?4242$` }, ['panRegex:card_data']],
    ['a card number in the name', { name: 'Stolen card 4242 4242 4242 4242', bin: '424242' }, ['name:card_data']],
    ['a card number in the metadata, at any depth', { name: 'M', bin: '424242', metadata: { case: { note: 'card 4242-4242-4242-4242' } } }, ['metadata.case.note:card_data']],
  ])('refuses %s, naming the field', (_label, rule, expected) => {
    expect(refusals(rule)).toEqual(expected);
  });

  it('says what to do instead, never echoing the number', () => {
    const error = (() => {
      try {
        parseOrThrow(createBlockRuleRequest, { name: 'Stolen card 4242 4242 4242 4242', bin: '424242' });
      } catch (caught) {
        return caught as TesseraValidationError;
      }
      throw new Error('not refused');
    })();
    expect(error.fields[0]?.message).toMatch(/block a card by its bin, a binRegex, or a paymentId it paid/);
  });
});

/** Metadata whose `self` is itself. */
function cyclic(): Record<string, unknown> {
  const metadata: Record<string, unknown> = { note: 'x' };
  metadata.self = metadata;
  return metadata;
}

describe('a block rule holding no card number', () => {
  it.each<[string, Record<string, unknown>]>([
    ['a BIN of 8 digits', { name: 'B', bin: '41111100' }],
    ['a BIN range as the value, 6 digits each end', { name: 'B', type: 'bin', value: '411111-411199' }],
    ['a BIN range as the value, 8 digits each end', { name: 'B', type: 'bin', value: ['41111100-41111199'] }],
    ['a BIN range as the value, spaced', { name: 'B', type: 'bin', value: '41111100 - 41111199' }],
    ['several BINs in one value', { name: 'B', type: 'bin', value: '411111 422222 433333' }],
    ['a BIN range pattern', { name: 'B', binRegex: '^(41111100|41111199)' }],
    ['a BIN and last 4 pattern', { name: 'P', panRegex: '^41111111.*1111$' }],
    ['a BIN, 6 characters and last 4', { name: 'P', panRegex: '^411111.{6}1111$' }],
    ['a customer id with 12 digits', { name: 'C', customerId: 'cus_204815378290' }],
    ['a payment id holding a timestamp in milliseconds', { name: 'P', paymentId: 'pay_1711234567890' }],
    ['an order reference in the name', { name: 'Chargeback of order 5123456789012', bin: '424242' }],
    ['dates in the name', { name: 'Wave of 2024-03-20 1234', bin: '424242' }],
    ['an order reference in the metadata', { name: 'M', bin: '424242', metadata: { shopifyOrderId: '5123456789012' } }],
    ['metadata that refers to itself (read once)', { name: 'M', bin: '424242', metadata: cyclic() }],
  ])('sends %s', (_label, rule) => {
    expect(refusals(rule)).toEqual([]);
  });
});

describe('what a refusal of a block rule says to do', () => {
  it('an email that is not one says to send one, or a pattern for several', () => {
    expect(() => parseOrThrow(createBlockRuleRequest, { name: 'E', email: '*@fraud.example' })).toThrow(
      expect.objectContaining({ fields: [{ field: 'email', code: 'invalid_format', message: expect.stringMatching(/name@example\.com.*emailRegex/) }] }),
    );
  });

  it('a bin that is not 6 to 8 digits says to match a shorter prefix or a range with binRegex', () => {
    for (const bin of ['4111', '411111-411199']) {
      expect(() => parseOrThrow(createBlockRuleRequest, { name: 'B', bin })).toThrow(
        expect.objectContaining({ fields: [{ field: 'bin', code: 'invalid_format', message: expect.stringMatching(/6 to 8 digits.*binRegex/) }] }),
      );
    }
  });
});
