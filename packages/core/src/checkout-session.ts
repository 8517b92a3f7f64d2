import * as z from 'zod/mini';
import { currencyCode, resourceId, type RequestFields } from './common.js';

/** Body of create checkout session (section 2.12; path assumed). */
export const createCheckoutSessionRequest = z.looseObject({
  storeId: resourceId,
  items: z.array(z.looseObject({ variantId: resourceId, quantity: z.int().check(z.minimum(1)) })).check(z.minLength(1)),
  currency: currencyCode,
  checkoutUrl: z.url(),
});
/** Body of create checkout session. */
export type CreateCheckoutSessionRequest = RequestFields<z.infer<typeof createCheckoutSessionRequest>>;

/** A checkout session: where to send the customer (`redirectUrl`). */
export const checkoutSession = z.looseObject({
  id: z.optional(z.string()),
  redirectUrl: z.url(),
});
/** A checkout session. */
export type CheckoutSession = z.infer<typeof checkoutSession>;
