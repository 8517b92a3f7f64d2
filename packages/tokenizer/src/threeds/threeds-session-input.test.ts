import { describe, expect, it } from 'vitest';
import { fieldsRefusedBy } from '../../test/fields-refused-by.js';
import { checkSessionInput } from './threeds-session-input.js';

const instrument = { id: 'pi_1', tokenId: 'tok_1', card: { last4: '3220', bin: '400000', expirationMonth: 1, expirationYear: 2030 } };
const payment = { amount: 1999, currency: 'USD', customerInfo: { name: 'Ada', email: 'ada@example.com' } };
const fieldsOf = (input: unknown): string[] => fieldsRefusedBy(() => checkSessionInput(input));

describe('checkSessionInput (the rules of core schemas, without zod in the bundle)', () => {
  it('returns a valid input as given', () => {
    expect(checkSessionInput({ storeId: 'store_1', instrument, payment })).toEqual({ storeId: 'store_1', instrument, payment });
  });

  it('names every bad field at once', () => {
    expect(fieldsOf(undefined)).toEqual(['instrument', 'payment']);
    expect(fieldsOf({ storeId: 'a/b', instrument: { id: 'pi 1', tokenId: '', type: 'bank' }, payment: { amount: 0, currency: 'usd', customerInfo: { name: 3 } } })).toEqual([
      'storeId',
      'instrument.id',
      'instrument.tokenId',
      'instrument.type',
      'instrument.card',
      'payment.amount',
      'payment.currency',
      'payment.customerInfo',
    ]);
    expect(fieldsOf({ instrument: { ...instrument, card: { last4: '42', bin: '4', expirationMonth: 13, expirationYear: 99 } }, payment: { ...payment, amount: 1.5 } })).toEqual([
      'instrument.card.last4',
      'instrument.card.bin',
      'instrument.card.expirationMonth',
      'instrument.card.expirationYear',
      'payment.amount',
    ]);
  });
});
