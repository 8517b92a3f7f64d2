import { type FieldError, TesseraValidationError } from '@tessera/core';
import { minorUnitsMessage } from '@tessera/core/internal';
import type { ThreeDSInstrument } from '../vault/tokenized-card.js';

/** The payment a 3DS session authenticates. */
export interface ThreeDSPaymentContext {
  /** Amount in minor units (cents for USD). */
  amount: number;
  /** ISO 4217 currency code. */
  currency: string;
  customerInfo?: { name?: string; email?: string };
}

/** Input of `createThreeDS().createSession`. */
export interface CreateThreeDSSessionInput {
  instrument: ThreeDSInstrument;
  payment: ThreeDSPaymentContext;
  /** The store, if the page knows it; otherwise the server adds it. */
  storeId?: string;
}

/** What `createThreeDS().createSession` checks before any network call. */
export type CheckedSessionInput = CreateThreeDSSessionInput;

type Json = Record<string, unknown>;
const objectOr = (value: unknown): Json | undefined => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined);
const isId = (value: unknown): boolean => typeof value === 'string' && /^[A-Za-z0-9_-]{1,255}$/.test(value);
const isInt = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): boolean => Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;

/**
 * Checks the input of `createSession` by hand, the same rules as core's schemas (`resourceId`,
 * `positiveMinorUnits`, `currencyCode`), so the 3DS path does not pull zod into the browser bundle. Throws one
 * `TesseraValidationError` naming every bad field (`instrument.card.last4`, `payment.amount`, …).
 */
export function checkSessionInput(input: unknown): CheckedSessionInput {
  const fields: FieldError[] = [];
  const fail = (field: string, message: string): void => {
    fields.push({ field, code: 'invalid_value', message });
  };
  const root = objectOr(input) ?? {};
  const instrument = objectOr(root.instrument);
  const card = objectOr(instrument?.card);
  const payment = objectOr(root.payment);
  const customer = payment?.customerInfo;
  if (root.storeId !== undefined && !isId(root.storeId)) fail('storeId', 'must be 1-255 letters, digits, "_" or "-"');
  if (!instrument) fail('instrument', 'is required');
  else {
    if (!isId(instrument.id)) fail('instrument.id', 'must be 1-255 letters, digits, "_" or "-"');
    if (typeof instrument.tokenId !== 'string' || instrument.tokenId === '') fail('instrument.tokenId', 'is required');
    if (instrument.type !== undefined && instrument.type !== 'card') fail('instrument.type', 'must be "card"');
    if (!card) fail('instrument.card', 'is required');
    else {
      if (typeof card.last4 !== 'string' || !/^\d{4}$/.test(card.last4)) fail('instrument.card.last4', 'must be 4 digits');
      if (typeof card.bin !== 'string' || !/^\d{6,8}$/.test(card.bin)) fail('instrument.card.bin', 'must be 6 to 8 digits');
      if (!isInt(card.expirationMonth, 1, 12)) fail('instrument.card.expirationMonth', 'must be a month from 1 to 12');
      if (!isInt(card.expirationYear, 2000)) fail('instrument.card.expirationYear', 'must be a four-digit year');
    }
  }
  if (!payment) fail('payment', 'is required');
  else {
    if (!isInt(payment.amount, 1)) fail('payment.amount', minorUnitsMessage(payment.amount, 'must be a positive integer in minor units'));
    if (typeof payment.currency !== 'string' || !/^[A-Z]{3}$/.test(payment.currency)) fail('payment.currency', 'must be a 3-letter upper-case ISO 4217 code');
    const info = objectOr(customer);
    if (customer !== undefined && (!info || ['name', 'email'].some((key) => info[key] !== undefined && typeof info[key] !== 'string'))) {
      fail('payment.customerInfo', 'must be { name?, email? } with text values');
    }
  }
  if (fields.length > 0) throw new TesseraValidationError(fields);
  return root as unknown as CheckedSessionInput;
}
