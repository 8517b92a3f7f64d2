import * as z from 'zod/mini';
import { findCardDataField } from '../card/find-card-data-field.js';
import { minorUnitsMessage } from '../money/minor-units-message.js';
import { isCurrencyCode } from '../money/money.js';

/**
 * Identifier of a service resource. The document says only "string", so any non-empty string is accepted; only
 * what can never name a resource in a URL path is refused: `.` and `..` (URL parsers resolve them, even
 * percent-encoded) and text with a lone UTF-16 surrogate (it has no UTF-8 form). Ids are percent-encoded where
 * they go into a path (`routePath`), so `/`, `?` or `#` in an id can never change the path.
 * @internal
 */
export const resourceId = z.string().check(
  z.minLength(1),
  z.refine((id) => id !== '.' && id !== '..' && isWellFormed(id), { message: 'cannot name a resource in a URL path', params: { code: 'invalid_format' } }),
);

function isWellFormed(text: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

/**
 * A safe integer, or an `invalid_type` issue whose message says amounts are integers in minor units and what to send
 * instead (`19.99` → 1999; see `minorUnitsMessage`). Nothing after it runs on such a value.
 */
const wholeMinorUnits = z.check<number>((context) => {
  if (Number.isSafeInteger(context.value)) return;
  const message = minorUnitsMessage(context.value, 'must be an integer in minor units');
  context.issues.push({ code: 'custom', input: context.value, message, params: { code: 'invalid_type' }, continue: false });
});

/**
 * An amount in minor units (cents for USD): a non-negative safe integer. Zero is allowed (verification auth).
 * @internal
 */
export const minorUnits = z.number().check(wholeMinorUnits, z.nonnegative());

/**
 * An amount in minor units that must be greater than zero.
 * @internal
 */
export const positiveMinorUnits = z.number().check(wholeMinorUnits, z.positive());

/**
 * An active ISO 4217 alphabetic currency code, upper case (e.g. `USD`; `XYZ` and `usd` are refused).
 * @internal
 */
export const currencyCode = z.string().check(z.refine(isCurrencyCode, { message: 'must be an upper-case ISO 4217 currency code', params: { code: 'invalid_format' } }));

/**
 * An object of query parameters: the given fields, plus any other parameter (a string, number or boolean) passed
 * through to the query string, so a parameter the SDK does not model is sent rather than refused.
 * @internal
 */
export function queryObject<const Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.catchall(z.object(shape), z.union([z.string(), z.number(), z.boolean()]));
}

/**
 * A non-empty string.
 * @internal
 */
export const nonEmptyString = z.string().check(z.minLength(1));

/**
 * Refuses a request that carries a card-number or CVC field anywhere (`cardNumber`, `pan`, `cvc`, …, unless `null`;
 * see `findCardDataField`): request objects let unknown fields through to the service, but never raw card data,
 * which belongs in the vault. Reported on that field with code `card_data`; the value is never echoed.
 * @internal
 */
export const withoutCardData = /* @__PURE__ */ z.superRefine((body: object, ctx) => {
  const field = findCardDataField(body, { nullIsEmpty: true });
  if (field !== undefined) ctx.issues.push(cardDataIssue(field.split('.')));
});

/**
 * The issue that refuses card data at `path`, code `card_data`, with `message` (by default: it goes to the vault
 * only); the value is never echoed.
 * @internal
 */
export function cardDataIssue(path: PropertyKey[], message = 'must not be sent: card data goes to the vault only') {
  return { code: 'custom', input: undefined, path, message, params: { code: 'card_data' } } as const;
}

/**
 * The type of a request object without the index signature of a loose schema: the editor shows (and checks) the
 * fields the document names, so a misspelt optional field is a compile error, and `Omit<…>` keeps the known fields.
 * Unknown fields are still accepted and sent at run time; pass them from a variable or with a type assertion. A
 * union (a request of several modes) keeps each of its members.
 */
export type RequestFields<T> = T extends unknown ? { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] } : never;

/**
 * A field of an answer as the published examples show it, optional: typed by `schema` for the reader, never refused.
 * The service's answers are not checked beyond what the SDK relies on (an operation's `requires`), so a value of
 * another type (a number where a date string was published, `null` for an object) passes through as sent rather
 * than failing a payment that succeeded; read such a field defensively where a wrong type would cost you.
 * @internal
 */
export function published<const T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.optional(schema), (context) => context.input as z.output<T> | undefined);
}
