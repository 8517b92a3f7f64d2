/** Card brands the SDK recognises by IIN (BIN) range. */
export type CardBrand =
  | 'visa'
  | 'mastercard'
  | 'amex'
  | 'discover'
  | 'diners'
  | 'jcb'
  | 'unionpay'
  | 'maestro'
  | 'elo'
  | 'mir'
  | 'hipercard'
  | 'unknown';

/** What a brand allows: valid PAN lengths and CVC length. */
export interface CardBrandRules {
  lengths: readonly number[];
  cvcLength: number;
}

type Range = readonly [from: string, to?: string];

// IIN ranges as published by the networks (prefixes compared at their own length). When several ranges match,
// the longest prefix wins, so Elo's 6-digit ranges beat Visa's "4" and Hipercard's beat Discover's "60".
/** IIN ranges by brand: `[from, to?]` prefixes. Internal: the sandbox's card-field emulation detects brands with it. */
export const cardBrandRanges: ReadonlyArray<readonly [Exclude<CardBrand, 'unknown'>, readonly Range[]]> = [
  ['visa', [['4']]],
  ['mastercard', [['51', '55'], ['2221', '2720']]],
  ['amex', [['34'], ['37']]],
  ['discover', [['6011'], ['644', '649'], ['65']]],
  ['diners', [['300', '305'], ['3095'], ['36'], ['38', '39']]],
  ['jcb', [['3528', '3589']]],
  ['unionpay', [['62'], ['81']]],
  ['maestro', [['5018'], ['5020'], ['5038'], ['5893'], ['6304'], ['6759'], ['6761', '6763'], ['56', '58']]],
  ['elo', [
    ['401178', '401179'], ['431274'], ['438935'], ['451416'], ['457393'], ['457631', '457632'], ['504175'],
    ['506699', '506778'], ['509000', '509999'], ['627780'], ['636297'], ['636368'], ['650031', '650033'],
    ['650035', '650051'], ['650405', '650439'], ['650485', '650538'], ['650541', '650598'], ['650700', '650718'],
    ['650720', '650727'], ['650901', '650978'], ['651652', '651679'], ['655000', '655019'], ['655021', '655058'],
  ]],
  ['mir', [['2200', '2204']]],
  ['hipercard', [['606282'], ['384100'], ['384140'], ['384160'], ['637095'], ['637568'], ['637599'], ['637609'], ['637612']]],
];

/** PAN lengths and CVC length per brand. `unknown` accepts the ISO/IEC 7812 range 12–19 and a CVC of 3 or 4. */
export const cardBrandRules: Readonly<Record<CardBrand, CardBrandRules>> = {
  visa: { lengths: [13, 16, 19], cvcLength: 3 },
  mastercard: { lengths: [16], cvcLength: 3 },
  amex: { lengths: [15], cvcLength: 4 },
  discover: { lengths: [16, 17, 18, 19], cvcLength: 3 },
  diners: { lengths: [14, 15, 16, 17, 18, 19], cvcLength: 3 },
  jcb: { lengths: [16, 17, 18, 19], cvcLength: 3 },
  unionpay: { lengths: [16, 17, 18, 19], cvcLength: 3 },
  maestro: { lengths: [12, 13, 14, 15, 16, 17, 18, 19], cvcLength: 3 },
  elo: { lengths: [16], cvcLength: 3 },
  mir: { lengths: [16, 17, 18, 19], cvcLength: 3 },
  hipercard: { lengths: [16, 19], cvcLength: 3 },
  unknown: { lengths: [12, 13, 14, 15, 16, 17, 18, 19], cvcLength: 3 },
};

/**
 * Detects the card brand from the leading digits of a card number (spaces and dashes allowed).
 * Works on partial input as the user types; returns `'unknown'` until a range matches.
 */
export function detectCardBrand(cardNumber: string): CardBrand {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return 'unknown';
  let best: CardBrand = 'unknown';
  let bestLength = 0;
  for (const [brand, ranges] of cardBrandRanges) {
    for (const [from, to = from] of ranges) {
      const size = from.length;
      if (size <= bestLength || digits.length < size) continue;
      const prefix = digits.slice(0, size);
      if (prefix >= from && prefix <= to) {
        best = brand;
        bestLength = size;
      }
    }
  }
  return best;
}
