import * as z from 'zod/mini';

/**
 * Card data as typed by the customer (section 2.1 of the interface). The number is always a string, never a
 * `number`, so 19-digit PANs survive. Shape only: use `validateCard` for Luhn, brand, expiry and CVC rules.
 */
export const cardInput = z.object({
  /** Card number; spaces and dashes are allowed. */
  cardNumber: z.string(),
  /** Expiry as `MM/YY` (`MM/YYYY`, `M/YY` and spaces are accepted too). */
  expiryDate: z.string(),
  /** Card verification code. */
  cvc: z.string(),
  /** Name on the card. */
  cardholderName: z.optional(z.string()),
});
/** Card data as typed by the customer. */
export type CardInput = z.infer<typeof cardInput>;
