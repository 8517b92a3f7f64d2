import type { BtCardBrand } from './bt-element-frame.js';
import type * as options from './bt-frame-options.js';
import type { BtFrame } from './bt-frame-state.js';

// Parts of the element frame's script (`./bt-element-frame.ts`, served beside it): the card's rules, a number's brand
// by core's ranges, the Luhn check, where its groups break, and the CVC's lengths.

declare const givenOptions: typeof options.givenOptions;

/** `text`'s digits only. */
export function digits(text: string): string {
  return String(text).replace(/\D/g, '');
}

/** The brand of `number`: the one of the longest matching prefix, else the unknown brand. */
export function brandOf(frame: BtFrame, number: string): BtCardBrand {
  let best = frame.unknownBrand;
  let bestLength = 0;
  frame.brands.forEach((brand) => {
    brand.ranges.forEach((range) => {
      const from = range[0];
      const to = range[1] || range[0];
      if (from.length <= bestLength || number.length < from.length) return;
      const head = number.slice(0, from.length);
      if (head >= from && head <= to) {
        best = brand;
        bestLength = from.length;
      }
    });
  });
  return best;
}

/** Whether `number` passes the Luhn check. */
export function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number.charAt(number.length - 1 - i));
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** `number` as the input shows it: grouped where `brand`'s groups break. */
export function numberText(number: string, brand: BtCardBrand): string {
  let out = '';
  for (let i = 0; i < number.length; i++) {
    if (brand.gaps.indexOf(i) >= 0) out += ' ';
    out += number.charAt(i);
  }
  return out;
}

/** The brand the CVC is for: the number's on a card page, else the one the merchant gave (`cardBrand`), if any. */
export function currentBrand(frame: BtFrame): BtCardBrand | null {
  if (frame.byId.cardNumber) return brandOf(frame, digits(frame.byId.cardNumber.input.value));
  const given = givenOptions(frame).cardBrand;
  for (const brand of frame.brands) if (brand.id === given) return brand;
  return null;
}

/** The CVC lengths the current brand takes (3 or 4 when it is unknown). */
export function cvcLengths(frame: BtFrame): number[] {
  const brand = currentBrand(frame);
  if (!brand || brand === frame.unknownBrand) return [3, 4];
  return [brand.cvc];
}
