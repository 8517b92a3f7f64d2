import type { FieldError } from '@basis-theory/web-elements';
import type { BtChangeEvent } from './bt-elements-messages.js';
import type * as card from './bt-frame-card.js';
import type * as options from './bt-frame-options.js';
import type { BtFrame, Field, FieldState, FrameMetadata } from './bt-frame-state.js';

// Parts of the element frame's script (`./bt-element-frame.ts`, served beside it): validation, each input's state and
// what the page may know of the whole element (its metadata, the card's brand, last 4 and BIN, a submit's errors).

declare const digits: typeof card.digits;
declare const brandOf: typeof card.brandOf;
declare const luhn: typeof card.luhn;
declare const cvcLengths: typeof card.cvcLengths;
declare const givenOptions: typeof options.givenOptions;

/** The state of `field`: empty, maskSatisfied, and its error (`incomplete` or `invalid`). */
export function stateOf(frame: BtFrame, field: Field): FieldState {
  const value = field.input.value;
  if (field.id === 'cardNumber') {
    const number = digits(value);
    if (!number) return { empty: true, mask: false, error: null };
    const brand = brandOf(frame, number);
    const max = Math.max(...brand.lengths);
    const mask = brand.lengths.indexOf(number.length) >= 0;
    if (!mask) return { empty: false, mask: false, error: number.length >= max ? 'invalid' : 'incomplete' };
    return { empty: false, mask: true, error: givenOptions(frame).skipLuhnValidation || luhn(number) ? null : 'invalid' };
  }
  if (field.id === 'cardExpirationDate') {
    const date = digits(value);
    if (!date) return { empty: true, mask: false, error: null };
    if (date.length < 4) return { empty: false, mask: false, error: Number(date.slice(0, 2)) > 12 ? 'invalid' : 'incomplete' };
    const month = Number(date.slice(0, 2));
    const year = 2000 + Number(date.slice(2, 4));
    const now = new Date();
    const past = year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
    return { empty: false, mask: true, error: month < 1 || month > 12 || past ? 'invalid' : null };
  }
  if (field.id === 'cardSecurityCode') {
    const code = digits(value);
    if (!code) return { empty: true, mask: false, error: null };
    const lengths = cvcLengths(frame);
    if (lengths.indexOf(code.length) >= 0) return { empty: false, mask: true, error: null };
    return { empty: false, mask: false, error: code.length > Math.max(...lengths) ? 'invalid' : 'incomplete' };
  }
  if (!value) return { empty: true, mask: false, error: null };
  const pattern = givenOptions(frame).validation;
  return { empty: false, mask: true, error: pattern instanceof RegExp && !pattern.test(value) ? 'invalid' : null };
}

/** The id the page knows `field` by: its own on a card page, else the merchant's `targetId`. */
export function targetIdOf(frame: BtFrame, field: Field): string {
  return frame.kind === 'card' ? field.id : givenOptions(frame).targetId || field.id;
}

/** ElementMetadata of the whole element; errors as FieldError[] (an empty field has none until submitted). */
export function metadata(frame: BtFrame): FrameMetadata {
  const errors: FieldError[] = [];
  let empty = true;
  let mask = true;
  let complete = true;
  let valid = true;
  frame.fields.forEach((field) => {
    const state = stateOf(frame, field);
    if (!state.empty) empty = false;
    if (!state.mask) mask = false;
    if (state.empty || state.error) complete = false;
    if (state.empty || state.error) valid = false;
    if (state.error) errors.push({ targetId: targetIdOf(frame, field), type: state.error });
  });
  return { empty, complete, valid, maskSatisfied: mask, errors };
}

/** What the page may know of the number: brand always; last 4 and BIN only once it is complete and valid. */
export function cardFacts(frame: BtFrame): Pick<BtChangeEvent, 'cardBrand' | 'cardLast4' | 'cardBin'> | null {
  const field = frame.byId.cardNumber;
  if (!field) return null;
  const number = digits(field.input.value);
  const facts: Pick<BtChangeEvent, 'cardBrand' | 'cardLast4' | 'cardBin'> = { cardBrand: number ? brandOf(frame, number).id : 'unknown' };
  const state = stateOf(frame, field);
  if (state.mask && !state.error) {
    facts.cardLast4 = number.slice(-4);
    facts.cardBin = number.slice(0, number.length >= 16 ? 8 : 6);
  }
  return facts;
}

/** Errors for a submit: an empty field counts as incomplete. */
export function submitErrors(frame: BtFrame): FieldError[] {
  const errors: FieldError[] = [];
  frame.fields.forEach((field) => {
    const state = stateOf(frame, field);
    const type = state.empty ? 'incomplete' : state.error;
    if (type) errors.push({ targetId: targetIdOf(frame, field), type });
  });
  return errors;
}
