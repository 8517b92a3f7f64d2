import { TesseraValidationError } from '../errors/error-classes.js';
import { assertMinorUnits, exponentOf, minorUnitsToDecimal } from './minor-units.js';

export { assertMinorUnits, isMinorUnits } from './minor-units.js';

/**
 * Active ISO 4217 alphabetic currency codes (including funds, precious-metal and testing codes such as `XTS`).
 * The one list the schemas and the money helpers use (kept packed, three letters each, for small browser bundles).
 */
export const iso4217Codes: readonly string[] = (
  'AEDAFNALLAMDANGAOAARSAUDAWGAZNBAMBBDBDTBGNBHDBIFBMDBNDBOBBOVBRLBSDBTNBWPBYNBZDCADCDFCHECHFCHWCLFCLPCNY' +
  'COPCOUCRCCUCCUPCVECZKDJFDKKDOPDZDEGPERNETBEURFJDFKPGBPGELGHSGIPGMDGNFGTQGYDHKDHNLHTGHUFIDRILSINRIQDIRR' +
  'ISKJMDJODJPYKESKGSKHRKMFKPWKRWKWDKYDKZTLAKLBPLKRLRDLSLLYDMADMDLMGAMKDMMKMNTMOPMRUMURMVRMWKMXNMXVMYRMZN' +
  'NADNGNNIONOKNPRNZDOMRPABPENPGKPHPPKRPLNPYGQARRONRSDRUBRWFSARSBDSCRSDGSEKSGDSHPSLESLLSOSSRDSSPSTNSVCSYP' +
  'SZLTHBTJSTMTTNDTOPTRYTTDTWDTZSUAHUGXUSDUSNUYIUYUUYWUZSVEDVESVNDVUVWSTXAFXAGXAUXBAXBBXBCXBDXCDXCGXDRXOF' +
  'XPDXPFXPTXSUXTSXUAXXXYERZARZMWZWGZWL'
).match(/.../g) ?? [];
const knownCodes: ReadonlySet<string> = new Set(iso4217Codes);

/** True when `code` is an active ISO 4217 alphabetic code in upper case (`USD`, not `usd` or `XYZ`). */
export function isCurrencyCode(code: unknown): code is string {
  return typeof code === 'string' && knownCodes.has(code);
}

function assertCurrency(currency: string): string {
  const code = typeof currency === 'string' ? currency.toUpperCase() : currency;
  if (!isCurrencyCode(code)) {
    throw new TesseraValidationError([{ field: 'currency', code: 'invalid_format', message: 'must be an ISO 4217 currency code' }]);
  }
  return code;
}

/** Number of minor-unit digits of an ISO 4217 currency: JPY 0, USD 2, BHD 3. */
export function currencyExponent(currency: string): number {
  return exponentOf(assertCurrency(currency));
}

/**
 * Converts a decimal amount in major units to integer minor units, exactly (no floating-point rounding).
 * Accepts a string (`"12.34"`) or a number; throws if the amount has more decimals than the currency allows
 * or is negative. `toMinorUnits('12.34', 'USD')` → 1234; `toMinorUnits(500, 'JPY')` → 500.
 */
export function toMinorUnits(amount: string | number, currency: string): number {
  const exponent = currencyExponent(currency);
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? String(amount) : '') : amount.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  const fraction = match?.[2] ?? '';
  if (!match || fraction.replace(/0+$/, '').length > exponent) {
    throw new TesseraValidationError([{ field: 'amount', code: 'invalid_amount', message: `must be a non-negative amount with at most ${exponent} decimals` }]);
  }
  const minor = Number(`${match[1]}${fraction.padEnd(exponent, '0').slice(0, exponent)}`);
  assertMinorUnits(minor);
  return minor;
}

/** Converts integer minor units to an exact decimal string in major units: `fromMinorUnits(1234, 'USD')` → `"12.34"`. */
export function fromMinorUnits(amount: number, currency: string): string {
  assertMinorUnits(amount);
  return minorUnitsToDecimal(amount, assertCurrency(currency));
}

/**
 * Formats minor units for display with `Intl.NumberFormat`, exactly (the decimal string is formatted, not a float):
 * `formatAmount(1234, 'EUR', 'de-DE')` → `"12,34 €"`.
 */
export function formatAmount(amount: number, currency: string, locale?: string): string {
  const code = assertCurrency(currency);
  const exponent = currencyExponent(code);
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: code, minimumFractionDigits: exponent, maximumFractionDigits: exponent });
  // Intl accepts decimal strings as exact values; the cast keeps older lib typings happy.
  return format.format(fromMinorUnits(amount, code) as unknown as number);
}
