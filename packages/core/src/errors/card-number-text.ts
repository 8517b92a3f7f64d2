// A run of 12 or more digits (spaces or dashes between them allowed) could be a card number.
const cardNumberLike = /(?:\d[\s-]?){12,}/;

/** Whether a text holds a run of 12 or more digits (spaces or dashes between them allowed): it could be a card number. */
export function mayHoldCardNumber(text: string): boolean {
  return cardNumberLike.test(text);
}
