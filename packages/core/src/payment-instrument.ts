import * as z from 'zod/mini';
import { nonEmptyString, resourceId, withoutCardData, type RequestFields } from './common.js';
import { customer, customerData } from './customer.js';

/**
 * A reusable payment instrument (section 2.4). Unknown fields pass through. The card facts are optional: a
 * service token may carry none of them (its metadata is all optional), and nobody invents them.
 */
export const paymentInstrument = z.looseObject({
  id: z.string(),
  /** `card` is the only value the document shows; wallets may add others. */
  type: z.string(),
  customerId: z.string(),
  card: z.optional(
    z.looseObject({
      last4: z.optional(z.string()),
      brand: z.optional(z.string()),
      expMonth: z.optional(z.number()),
      expYear: z.optional(z.number()),
    }),
  ),
});
/** A reusable payment instrument (section 2.4). */
export type PaymentInstrument = z.infer<typeof paymentInstrument>;

const fromTokenBase = { serviceToken: nonEmptyString, storeId: resourceId };

const exactlyOneCustomer = z.refine<{ customerData?: unknown; customerId?: unknown }>(
  (body) => (body.customerData === undefined) !== (body.customerId === undefined),
  { message: 'give exactly one of customerData or customerId', path: ['customerId'], params: { code: 'exactly_one' } },
);

/**
 * Body of `POST /payment-instruments/create-from-token` (section 4.1): exactly one of `customerData` (creates a
 * customer) or `customerId` (attaches to an existing one). Unknown fields pass through. The first stage checks
 * every field and names it in errors; the union after it gives the type its "one of".
 */
export const createPaymentInstrumentFromTokenRequest = z.pipe(
  z.looseObject({ ...fromTokenBase, customerData: z.optional(customerData), customerId: z.optional(resourceId) }).check(exactlyOneCustomer, withoutCardData),
  z.union([
    z.looseObject({ ...fromTokenBase, customerData, customerId: z.optional(z.undefined()) }),
    z.looseObject({ ...fromTokenBase, customerId: resourceId, customerData: z.optional(z.undefined()) }),
  ]),
);
/** Body of `POST /payment-instruments/create-from-token`. */
export type CreatePaymentInstrumentFromTokenRequest = RequestFields<z.infer<typeof createPaymentInstrumentFromTokenRequest>>;

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
