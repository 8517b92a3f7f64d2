import * as z from 'zod/mini';

/**
 * Identifier of a service resource. Restricted to characters that are safe in a URL path segment, so an id can
 * never smuggle `../`, `?` or `#` into a request path.
 */
export const resourceId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,255}$/, 'must be 1-255 letters, digits, "_" or "-"'));

/** An amount in minor units (cents for USD): a non-negative safe integer. */
export const minorUnits = z.int().check(z.nonnegative());

/** An amount in minor units that must be greater than zero. */
export const positiveMinorUnits = z.int().check(z.positive());

/** ISO 4217 alphabetic currency code, upper case (e.g. `USD`). */
export const currencyCode = z.string().check(z.regex(/^[A-Z]{3}$/, 'must be a 3-letter upper-case ISO 4217 code'));

/** A non-empty string of reasonable size. */
export const nonEmptyString = z.string().check(z.minLength(1), z.maxLength(10_000));
