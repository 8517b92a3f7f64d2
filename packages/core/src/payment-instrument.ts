import * as z from 'zod/mini';
import { nonEmptyString, resourceId } from './common.js';
import { customer, customerData } from './customer.js';

/** A reusable payment instrument (section 2.4). Unknown fields pass through. */
export const paymentInstrument = z.looseObject({
  id: z.string(),
  /** `card` is the only value the document shows; wallets may add others. */
  type: z.string(),
  customerId: z.string(),
  card: z.optional(
    z.looseObject({
      last4: z.string(),
      brand: z.string(),
      expMonth: z.number(),
      expYear: z.number(),
    }),
  ),
});
/** A reusable payment instrument (section 2.4). */
export type PaymentInstrument = z.infer<typeof paymentInstrument>;

const fromTokenBase = { serviceToken: nonEmptyString, storeId: resourceId };

/**
 * Body of `POST /payment-instruments/create-from-token` (section 4.1): exactly one of `customerData` (creates a
 * customer) or `customerId` (attaches to an existing one).
 */
export const createPaymentInstrumentFromTokenRequest = z.union([
  z.strictObject({ ...fromTokenBase, customerData, customerId: z.optional(z.undefined()) }),
  z.strictObject({ ...fromTokenBase, customerId: resourceId, customerData: z.optional(z.undefined()) }),
]);
/** Body of `POST /payment-instruments/create-from-token`. */
export type CreatePaymentInstrumentFromTokenRequest = z.infer<typeof createPaymentInstrumentFromTokenRequest>;

/** Response of `POST /payment-instruments/create-from-token`. */
export const createPaymentInstrumentFromTokenResponse = z.looseObject({
  paymentInstrument,
  customer,
});
/** Response of `POST /payment-instruments/create-from-token`. */
export type CreatePaymentInstrumentFromTokenResponse = z.infer<typeof createPaymentInstrumentFromTokenResponse>;

/**
 * Response of `GET /customers/{id}/payment-instruments`. The document says only "a list of instruments"; we
 * chose `{ data: PaymentInstrument[] }`, the same envelope as the other list operations.
 */
export const paymentInstrumentList = z.looseObject({ data: z.array(paymentInstrument) });
/** Response of `GET /customers/{id}/payment-instruments`. */
export type PaymentInstrumentList = z.infer<typeof paymentInstrumentList>;
