// Names of fields that hold raw card data, compared lower-case without `_` and `-`: cardNumber, card_number, pan,
// primaryAccountNumber, cvc, CVV2, securityCode, … Only names count: a value is never judged by its digits, so an
// issuer's phone number, a 9-digit BIN or an order reference that happens to pass Luhn is not "card data".
const cardDataField = /^(pan|cardpan|cardnumber|primaryaccountnumber|cardcv[cvn]2?|cv[cvn]2?|(card)?securitycode)$/;

/**
 * Finds a field that would carry a card number or CVC anywhere in a JSON value (any depth, arrays included) and
 * returns its dotted path, or `undefined` when there is none. Used to refuse service tokens that carry card data.
 */
export function findCardDataField(value: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next || typeof next.value !== 'object' || next.value === null || seen.has(next.value)) continue;
    seen.add(next.value);
    for (const [key, item] of Object.entries(next.value)) {
      const path = next.path === '' ? key : `${next.path}.${key}`;
      if (cardDataField.test(key.toLowerCase().replace(/[_-]/g, ''))) return path;
      stack.push({ value: item, path });
    }
  }
  return undefined;
}
