import * as z from 'zod/mini';
import { resourceId } from './common.js';

/** A customer (section 2.5). Only id and email are given by the document; other fields pass through. */
export const customer = z.looseObject({
  id: z.string(),
  email: z.optional(z.string()),
});
/** A customer (section 2.5). */
export type Customer = z.infer<typeof customer>;

/** Customer details used to create a customer along with an instrument (section 4.1). */
export const customerData = z.strictObject({
  email: z.email(),
  firstName: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  lastName: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
/** Customer details used to create a customer along with an instrument. */
export type CustomerData = z.infer<typeof customerData>;

/** Path parameters of `GET /customers/{id}/payment-instruments` (section 4.3). */
export const listCustomerPaymentInstrumentsParams = z.strictObject({ customerId: resourceId });
