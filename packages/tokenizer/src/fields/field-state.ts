import type { FieldError } from '@tessera/core';
import type { DetectedCardBrand } from '../vault/tokenized-card.js';

/** A field of the card fields: `card` (number, expiry and CVC in one frame) or `number`, `expiry`, `cvc`; and `name`. */
export type CardFieldName = 'card' | 'number' | 'expiry' | 'cvc' | 'name';

/** What one field reports: never its value. */
export interface CardFieldState {
  /** Every part of the field is filled in. */
  complete: boolean;
  /** What is filled in is valid (Luhn, a future expiry, a CVC of the brand's length). */
  valid: boolean;
  /** Nothing is typed. */
  empty: boolean;
  /** The field's errors, named as `validateCard` names them (`cardNumber`, `expiryDate`, `cvc`, `cardholderName`). */
  errors: FieldError[];
}

/** What {@link CardFields.getState} returns: the fields together, and each one. */
export interface CardFieldsState {
  /** Every field is complete. */
  complete: boolean;
  /** Every field is valid. */
  valid: boolean;
  /** Every field is empty. */
  empty: boolean;
  /**
   * The card brand Basis Theory detected from the number, once it knows: as core names it (`visa`, `mastercard`,
   * `amex`, `diners`, …), or Basis Theory's id for a brand core does not know (`rupay`, …).
   */
  brand: DetectedCardBrand | undefined;
  /** Each mounted field. */
  fields: Partial<Record<CardFieldName, CardFieldState>>;
  /** The errors of every field, in field order. */
  errors: FieldError[];
}

// The name `validateCard` gives each part of a card, so a page shows field errors the same way on both card paths.
const inputNames: Record<Exclude<CardFieldName, 'card'>, string> = { number: 'cardNumber', expiry: 'expiryDate', cvc: 'cvc', name: 'cardholderName' };
const labels: Record<string, string> = { cardNumber: 'Card number', expiryDate: 'Expiry date', cvc: 'Security code', cardholderName: 'Cardholder name' };

/** The `validateCard` name of a field, or of the part of the combined card element BT's `targetId` names. */
export function inputNameOf(field: CardFieldName, targetId = ''): string {
  if (field !== 'card') return inputNames[field];
  return /exp/i.test(targetId) ? 'expiryDate' : /cvc|security|verification|csc/i.test(targetId) ? 'cvc' : 'cardNumber';
}

/** What a field is called in its errors (`Card number`, `Expiry date`, `Security code`, `Cardholder name`), by its `validateCard` name. */
export const labelOf = (field: string): string => labels[field] ?? field;

/** One field error, worded for the customer and for the developer; `code` is `required`, `incomplete` or `invalid`. */
export function fieldError(field: string, code: 'required' | 'incomplete' | 'invalid'): FieldError {
  return { field, code, message: `${labelOf(field)} is ${code}` };
}

/** The field errors of a field whose state is known, as at `tokenize()`: every part not complete and valid. */
export function blockingErrors(field: CardFieldName, state: CardFieldState): FieldError[] {
  if (state.complete && state.valid) return [];
  if (state.errors.length > 0) return state.errors;
  return [fieldError(inputNameOf(field), state.empty ? 'required' : state.complete ? 'invalid' : 'incomplete')];
}

/**
 * The errors of the combined card element at `tokenize()`, exactly the parts that block it, as the split layout names
 * them: `checked` is what BT's own check at submit named (every part not complete and valid, an empty one as
 * `incomplete`), `reported` what its last change event named (only parts typed into). A part the check calls
 * incomplete that no change event named has nothing typed in it: `required`.
 */
export function cardPartErrors(checked: FieldError[], reported: FieldError[]): FieldError[] {
  return checked.map((error) => (error.code === 'incomplete' && !reported.some((seen) => seen.field === error.field) ? fieldError(error.field, 'required') : error));
}

/** The fields' state together: complete, valid and empty only when every field is. */
export function combinedState(fields: Partial<Record<CardFieldName, CardFieldState>>, brand: DetectedCardBrand | undefined): CardFieldsState {
  const states = Object.values(fields);
  return {
    complete: states.length > 0 && states.every((state) => state.complete),
    valid: states.length > 0 && states.every((state) => state.valid),
    empty: states.every((state) => state.empty),
    brand,
    fields: structuredClone(fields),
    errors: states.flatMap((state) => state.errors),
  };
}
