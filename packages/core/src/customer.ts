import * as z from 'zod/mini';
import { resourceId, type RequestFields } from './common.js';

/** A customer (section 2.5). Only id and email are given by the document; other fields pass through. */
export const customer = z.looseObject({
  id: z.string(),
  email: z.optional(z.string()),
});
/** A customer (section 2.5). */
export type Customer = z.infer<typeof customer>;

/**
 * Customer details used to create a customer along with an instrument (section 4.1). The document shows email,
 * firstName and lastName as plain strings, none required; other fields pass through to the service.
 */
export const customerData = z.looseObject({
  email: z.optional(z.string()),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
});
/** Customer details used to create a customer along with an instrument. */
export type CustomerData = RequestFields<z.infer<typeof customerData>>;

/** Path parameters of `GET /customers/{id}/payment-instruments` (section 4.3). */
export const listCustomerPaymentInstrumentsParams = z.looseObject({ customerId: resourceId });
