import { luhnCheck, normalizeCardNumber } from './card-validation.js';

// Where a card number may hide in the text of a block rule (docs/contracts.md, "The published API, difference by
// difference", 36): runs of digits, told apart from what a rule legitimately holds (BINs and their ranges, ids, dates
// and references in a name).

// Digits with at most one separator between two of them: a space, or a dash with spaces around it or not.
const digitRun = /\d(?:(?:\s*-\s*|\s)?\d)*/g;
const separator = /\s*-\s*|\s/;

/** The digits of a run, its separators removed. */
const digitsOf = (run: string): string => run.split(separator).join('');

/** Whether a run is several BINs (each group 6 to 8 digits): a list (`411111 422222`) or a range (`411111-411199`). */
const isBinList = (run: string): boolean => {
  const groups = run.split(separator);
  return groups.length > 1 && groups.every((group) => /^\d{6,8}$/.test(group));
};

/** The runs of digits in a text that are not lists or ranges of BINs, as their digits. */
const runsIn = (text: string): string[] => (text.match(digitRun) ?? []).filter((run) => !isBinList(run)).map(digitsOf);

/**
 * Whether a criterion of a block rule (an email, an IP address, the example form's `value`) may hold a card number: a
 * run of 12 or more digits, spaces or dashes between them allowed, unless the run is a list or a range of BINs.
 * @internal
 */
export function holdsCardNumberRun(text: string): boolean {
  return runsIn(text).some((digits) => digits.length >= 12);
}

/**
 * Whether free text (a rule's `name`, a string of its `metadata`) holds a card number: a run of 12 to 19 digits that
 * passes the Luhn check, or a longer run (several numbers written together). An order reference or a date is not
 * refused unless it happens to pass Luhn.
 * @internal
 */
export function holdsLuhnCardNumber(text: string): boolean {
  return runsIn(text).some((digits) => digits.length > 19 || (digits.length >= 12 && luhnCheck(digits)));
}

/**
 * Whether an id (`customerId`, `paymentId`) is, as a whole, a card number (12 to 19 digits, spaces or dashes between
 * them allowed): a service id may hold a long run of digits (a timestamp, a hex id of digits only) beside its prefix.
 * @internal
 */
export function isCardNumberText(text: string): boolean {
  const digits = normalizeCardNumber(text);
  return digits !== undefined && digits.length >= 12 && digits.length <= 19;
}

/**
 * A regular expression's source with what it lets stand between two digits written as a space: a space or a dash
 * (maybe optional), `\s`, `\-` or `\.` (maybe optional or repeated), and `.` matching one character (maybe optional),
 * so `^4242.4242.4242.4242$` reads as the card number it matches. `.*`, `.+` and `.{n}` stay: a BIN and last 4
 * pattern (`^41111111.*1111$`) is no card number.
 * @internal
 */
export function patternAsText(source: string): string {
  return source.replace(/\\[s.-][?*+]?|[ -]\??|\.(?![*+{])\??/g, ' ');
}
