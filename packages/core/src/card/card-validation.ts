import { type CardBrand, cardBrandRules, detectCardBrand } from './card-brand.js';
import type { CardInput } from './card-input.js';
import type { FieldError } from '../errors/error-classes.js';


/** A card that passed validation, normalised: digits only, four-digit year. */
export interface ValidCard {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  cvc: string;
  cardholderName?: string;
  brand: CardBrand;
}

/** Result of {@link validateCard}: the normalised card, or every field error at once. */
export type CardValidationResult = { ok: true; card: ValidCard } | { ok: false; errors: FieldError[] };

/** Options of {@link validateCard}. */
export interface ValidateCardOptions {
  /** The current date, for expiry checks (defaults to now). */
  now?: Date;
}

/** Latest expiry accepted, in years from now: further than this is almost certainly a typo. */
export const MAX_EXPIRY_YEARS_AHEAD = 20;

/** Removes spaces and dashes. Returns `undefined` if anything other than digits remains. */
export function normalizeCardNumber(cardNumber: string): string | undefined {
  const digits = cardNumber.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : undefined;
}

/** Luhn (mod 10) check on a digits-only string. */
export function luhnCheck(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let digit = digits.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * Parses an expiry date (`MM/YY`, `MM/YYYY`, `M/YY`, spaces allowed).
 * Returns the month and four-digit year, or `undefined` when the format is wrong.
 */
export function parseExpiryDate(expiryDate: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiryDate);
  if (!match) return undefined;
  const month = Number(match[1]);
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}

function cardNumberError(cardNumber: unknown): { error?: FieldError; digits?: string; brand: CardBrand } {
  const field = 'cardNumber';
  if (typeof cardNumber !== 'string' || cardNumber.trim() === '') {
    return { brand: 'unknown', error: { field, code: 'required', message: 'Card number is required' } };
  }
  const digits = normalizeCardNumber(cardNumber);
  if (digits === undefined) {
    return { brand: 'unknown', error: { field, code: 'invalid_characters', message: 'Card number may contain only digits, spaces and dashes' } };
  }
  const brand = detectCardBrand(digits);
  if (!cardBrandRules[brand].lengths.includes(digits.length)) {
    return { brand, error: { field, code: 'invalid_length', message: 'Card number has the wrong number of digits' } };
  }
  if (!luhnCheck(digits)) {
    return { brand, error: { field, code: 'luhn_failed', message: 'Card number is not valid' } };
  }
  return { brand, digits };
}

function expiryError(expiryDate: unknown, now: Date): { error?: FieldError; month?: number; year?: number } {
  const field = 'expiryDate';
  if (typeof expiryDate !== 'string' || expiryDate.trim() === '') {
    return { error: { field, code: 'required', message: 'Expiry date is required' } };
  }
  const parsed = parseExpiryDate(expiryDate);
  if (!parsed) return { error: { field, code: 'invalid_format', message: 'Expiry date must be MM/YY' } };
  const months = parsed.year * 12 + parsed.month;
  const current = now.getFullYear() * 12 + now.getMonth() + 1;
  if (months < current) return { error: { field, code: 'expired', message: 'Card has expired' } };
  if (months > current + MAX_EXPIRY_YEARS_AHEAD * 12) {
    return { error: { field, code: 'too_far_in_future', message: 'Expiry date is too far in the future' } };
  }
  return parsed;
}

function cvcError(cvc: unknown, brand: CardBrand): FieldError | undefined {
  const field = 'cvc';
  if (typeof cvc !== 'string' || cvc.trim() === '') return { field, code: 'required', message: 'Security code is required' };
  const trimmed = cvc.trim();
  if (!/^\d+$/.test(trimmed)) return { field, code: 'invalid_characters', message: 'Security code may contain only digits' };
  const allowed = brand === 'unknown' ? [3, 4] : [cardBrandRules[brand].cvcLength];
  if (!allowed.includes(trimmed.length)) {
    return { field, code: 'invalid_length', message: `Security code must have ${allowed.join(' or ')} digits` };
  }
  return undefined;
}

/**
 * Validates card input as typed by a customer. Never throws for bad input: it returns every field error at
 * once, each with a stable code, and messages that never contain the card data.
 */
export function validateCard(input: unknown, options: ValidateCardOptions = {}): CardValidationResult {
  const card = (typeof input === 'object' && input !== null ? input : {}) as Partial<Record<keyof CardInput, unknown>>;
  const errors: FieldError[] = [];
  const number = cardNumberError(card.cardNumber);
  if (number.error) errors.push(number.error);
  const expiry = expiryError(card.expiryDate, options.now ?? new Date());
  if (expiry.error) errors.push(expiry.error);
  const cvc = cvcError(card.cvc, number.brand);
  if (cvc) errors.push(cvc);
  const name = card.cardholderName;
  if (name !== undefined && (typeof name !== 'string' || name.length > 100)) {
    errors.push({ field: 'cardholderName', code: 'invalid_value', message: 'Cardholder name must be text of at most 100 characters' });
  }
  if (errors.length > 0 || number.digits === undefined || expiry.month === undefined || expiry.year === undefined) {
    return { ok: false, errors };
  }
  const valid: ValidCard = {
    number: number.digits,
    expiryMonth: expiry.month,
    expiryYear: expiry.year,
    cvc: (card.cvc as string).trim(),
    brand: number.brand,
  };
  if (typeof name === 'string' && name.trim() !== '') valid.cardholderName = name.trim();
  return { ok: true, card: valid };
}
