import { describe, expect, it } from 'vitest';
import { detectCardBrand } from './card-brand.js';

// Published test numbers from the networks and the big PSPs' test-card lists.
const cases: Array<[string, string]> = [
  ['4242424242424242', 'visa'],
  ['4000 0566 5566 5556', 'visa'],
  ['4111-1111-1111-1111', 'visa'],
  ['5555555555554444', 'mastercard'],
  ['5105105105105100', 'mastercard'],
  ['2223003122003222', 'mastercard'],
  ['2720990000000007', 'mastercard'],
  ['378282246310005', 'amex'],
  ['371449635398431', 'amex'],
  ['6011111111111117', 'discover'],
  ['6445644564456445', 'discover'],
  ['6500000000000002', 'discover'],
  ['3056930009020004', 'diners'],
  ['36227206271667', 'diners'],
  ['3566002020360505', 'jcb'],
  ['6200000000000005', 'unionpay'],
  ['8171999927660000', 'unionpay'],
  ['6759649826438453', 'maestro'],
  ['5018000000000009', 'maestro'],
  ['6304000000000000', 'maestro'],
  ['4011780000000000', 'elo'],
  ['5067000000000000', 'elo'],
  ['6362970000457013', 'elo'],
  ['6550000000000001', 'elo'],
  ['2200000000000004', 'mir'],
  ['2204999999999999', 'mir'],
  ['6062826786276634', 'hipercard'],
  ['3841001111222233334', 'hipercard'],
  ['1234567890123456', 'unknown'],
  ['', 'unknown'],
  ['abc', 'unknown'],
];

describe('detectCardBrand', () => {
  it.each(cases)('%s → %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });

  it('detects a brand from partial input as the user types', () => {
    expect(detectCardBrand('4')).toBe('visa');
    expect(detectCardBrand('34')).toBe('amex');
    expect(detectCardBrand('2221')).toBe('mastercard');
    expect(detectCardBrand('2')).toBe('unknown');
  });

  it('uses the edges of the Mastercard 2-series range', () => {
    expect(detectCardBrand('2220999999999999')).toBe('unknown');
    expect(detectCardBrand('2221000000000009')).toBe('mastercard');
    expect(detectCardBrand('2721000000000000')).toBe('unknown');
  });
});
