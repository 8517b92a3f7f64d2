import { TesseraValidationError } from '../errors/error-classes.js';
import { minorUnitsMessage } from './minor-units-message.js';

// ISO 4217 minor-unit exponents that differ from 2. Every other code uses 2.
const exponents: Readonly<Record<string, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0,
  VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};

/** Number of minor-unit digits of an upper-case currency code, unchecked (2 for a code the table does not list). */
export const exponentOf = (code: string): number => exponents[code] ?? 2;

/** True when `amount` is a valid amount in minor units: a non-negative safe integer. */
export function isMinorUnits(amount: unknown): amount is number {
  return typeof amount === 'number' && Number.isSafeInteger(amount) && amount >= 0;
}

/** Throws a {@link TesseraValidationError} naming `field` unless `amount` is a non-negative safe integer. */
export function assertMinorUnits(amount: unknown, field = 'amount'): asserts amount is number {
  if (!isMinorUnits(amount)) {
    throw new TesseraValidationError([{ field, code: 'invalid_amount', message: minorUnitsMessage(amount, 'must be a non-negative integer in minor units') }]);
  }
}

/**
 * Minor units as an exact decimal string (`1234` USD → `"12.34"`) for a currency code its caller has checked, so
 * without the ISO 4217 list (kept out of browser bundles that check the code otherwise); `fromMinorUnits` is this
 * with the code checked. Throws a {@link TesseraValidationError} naming `field` unless `amount` is in minor units.
 */
export function minorUnitsToDecimal(amount: unknown, code: string, field?: string): string {
  assertMinorUnits(amount, field);
  const exponent = exponentOf(code);
  if (exponent === 0) return String(amount);
  const digits = String(amount).padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}
