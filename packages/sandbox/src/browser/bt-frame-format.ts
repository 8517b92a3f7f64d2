import type * as card from './bt-frame-card.js';
import type * as options from './bt-frame-options.js';
import type { BtFrame, Field } from './bt-frame-state.js';

// A part of the element frame's script (`./bt-element-frame.ts`, served beside it): input formatting, as the customer
// types.

declare const digits: typeof card.digits;
declare const brandOf: typeof card.brandOf;
declare const numberText: typeof card.numberText;
declare const cvcLengths: typeof card.cvcLengths;
declare const givenOptions: typeof options.givenOptions;

/**
 * Formats `field`'s input as typed: a number grouped by its brand and cut at its longest length (the CVC input's
 * length following the brand), an expiry as `MM / YY`, a CVC cut at its brand's length, a text at `maxLength`.
 */
export function format(frame: BtFrame, field: Field): void {
  const input = field.input;
  const value = input.value;
  if (field.id === 'cardNumber') {
    let number = digits(value).slice(0, 19);
    const brand = brandOf(frame, number);
    number = number.slice(0, Math.max(...brand.lengths));
    input.value = numberText(number, brand);
    if (frame.byId.cardSecurityCode) frame.byId.cardSecurityCode.input.maxLength = Math.max(...cvcLengths(frame));
  } else if (field.id === 'cardExpirationDate') {
    let date = digits(value).slice(0, 4);
    if (date.length === 1 && date > '1') date = '0' + date;
    input.value = date.length > 2 ? date.slice(0, 2) + ' / ' + date.slice(2) : date;
  } else if (field.id === 'cardSecurityCode') {
    input.value = digits(value).slice(0, Math.max(...cvcLengths(frame)));
  } else {
    const maxLength = givenOptions(frame).maxLength;
    if (maxLength !== undefined && maxLength > 0) input.value = value.slice(0, maxLength);
  }
}
