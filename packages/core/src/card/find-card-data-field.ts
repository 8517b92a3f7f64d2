import { luhnCheck } from './card-validation.js';

// Names of fields that hold raw card data, compared lower-case without `_` and `-`: cardNumber, card_number, pan,
// primaryAccountNumber, cvc, CVV2, securityCode, … Such a field is refused whatever its value.
const cardDataField = /^(pan|cardpan|cardnumber|primaryaccountnumber|cardcv[cvn]2?|cv[cvn]2?|(card)?securitycode)$/;
// Names that suggest a card number without saying so (`number`, as a tokenizer's `data.number`): refused only when
// the value is one, 12-19 Luhn-valid digits. Elsewhere values are never judged by their digits, so an issuer's phone
// number, a 9-digit BIN or an order reference that happens to pass Luhn is not "card data".
const cardNumberField = /^(number|cardno|ccnumber|ccnum)$/;

function isCardNumber(value: unknown): boolean {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' ? value.replace(/[\s-]/g, '') : '';
  return /^\d{12,19}$/.test(text) && luhnCheck(text);
}

/**
 * Finds a field that would carry a card number or CVC anywhere in a JSON value (any depth, arrays included) and
 * returns its dotted path, or `undefined` when there is none: a field named as card data (`cardNumber`, `pan`, `cvc`,
 * …) whatever its value, or one whose name suggests a card number (`number`) holding 12-19 Luhn-valid digits (a
 * string, spaces or dashes allowed, or a JSON number). Used to refuse service tokens and requests that carry card
 * data. With `nullIsEmpty`, a card-data field set to `null` passes (a request's "none": the published block-rule body
 * sends `pan: null`); a service token refuses it whatever its value.
 */
export function findCardDataField(value: unknown, options: { readonly nullIsEmpty?: boolean } = {}): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next || typeof next.value !== 'object' || next.value === null || seen.has(next.value)) continue;
    seen.add(next.value);
    for (const [key, item] of Object.entries(next.value)) {
      const path = next.path === '' ? key : `${next.path}.${key}`;
      const name = key.toLowerCase().replace(/[_-]/g, '');
      if ((cardDataField.test(name) && !(options.nullIsEmpty === true && item === null)) || (cardNumberField.test(name) && isCardNumber(item))) return path;
      stack.push({ value: item, path });
    }
  }
  return undefined;
}
