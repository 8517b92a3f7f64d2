import * as z from 'zod/mini';
import { currencyCode, resourceId, type RequestFields } from './common.js';
import { catalogEntries, op, recognisedAs } from '../plumbing/operation.js';
import { orderSchema } from './order.js';
import { paymentSchema } from './payment.js';

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

/**
 * Query of `GET /checkout/init` (published: initialize checkout session; public, no API key). `items` goes on the
 * wire as a JSON array, as the published example shows; other query parameters (`utm_*`) are forwarded to the
 * checkout URL by the service.
 */
export const initCheckoutRequest = z.looseObject({
  storeId: resourceId,
  items: z.array(z.looseObject({ variantId: resourceId, quantity: z.int().check(z.minimum(1)) })).check(z.minLength(1)),
  currency: currencyCode,
  checkoutUrl: z.optional(z.url()),
  returnUrl: z.optional(z.url()),
  locale: z.optional(z.string()),
  customerId: z.optional(z.string()),
  customerEmail: z.optional(z.string()),
  customerFirstName: z.optional(z.string()),
  customerLastName: z.optional(z.string()),
  customerPhone: z.optional(z.string()),
  /** Comma-separated (`segment:vip,source:facebook`) or an array (sent as a JSON array). */
  customerTags: z.optional(z.union([z.string(), z.array(z.string())])),
  cartToken: z.optional(z.string()),
  draft: z.optional(z.boolean()),
  /** The query parameter under which the service appends the checkout token to the checkout URL (default `checkoutToken`). */
  includeCheckoutToken: z.optional(z.string().check(z.minLength(1))),
});
/** Query of `GET /checkout/init`, with the `utm_*` parameters the service forwards to the checkout URL. */
export type InitCheckoutRequest = RequestFields<z.infer<typeof initCheckoutRequest>> & { readonly [param: `utm_${string}`]: string };

/**
 * What `checkoutSessions.init` returns, read from the redirect's `Location` (never followed): where to send the
 * customer, and the checkout token it carries (`undefined` when the URL carries none).
 */
export const checkoutInit = z.object({
  redirectUrl: z.url(),
  checkoutToken: z.optional(z.string()),
});
/** What `checkoutSessions.init` returns. */
export type CheckoutInit = z.infer<typeof checkoutInit>;

/** Body of `POST /checkout/pay-v2` (published: pay checkout session v2). */
export const payCheckoutRequest = z.looseObject({
  checkoutSessionId: resourceId,
  paymentInstrumentId: z.optional(resourceId),
  /**
   * The 3DS session of the instrument (`POST /threeds/create-session`): the payment then runs 3DS as process does.
   * Not on the published page: `@tagadapay/plugin-sdk@2.3.3` sends it (`hooks/usePayment.js`, `processPaymentDirect`).
   */
  threedsSessionId: z.optional(resourceId),
  returnUrl: z.optional(z.url()),
  metadata: z.optional(z.record(z.string(), z.unknown())),
  draft: z.optional(z.boolean()),
  initiatedBy: z.optional(z.literal(['customer', 'merchant'])),
  source: z.optional(z.literal(['upsell', 'checkout', 'offer', 'missing_club', 'forced'])),
});
/** Body of `POST /checkout/pay-v2`. */
export type PayCheckoutRequest = RequestFields<z.infer<typeof payCheckoutRequest>>;

/**
 * The catalog entries of checkout sessions, for core's `operations` (`catalog/operations.ts`) to compose: a
 * function, so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const checkoutSessionOperations = () => catalogEntries({
  createCheckoutSession: op('POST /checkout-sessions/create', {
    assumed: true,
    request: createCheckoutSessionRequest,
    ...recognisedAs('checkoutSession', checkoutSession),
  }),
  initCheckout: op('GET /checkout/init', {
    request: initCheckoutRequest,
    response: checkoutInit,
    answer: 'redirect',
    // "This endpoint is completely public and requires no authentication": the secret key is not sent.
    auth: 'none',
  }),
  payCheckout: op('POST /checkout/pay-v2', {
    request: payCheckoutRequest,
    response: paymentSchema,
    unwrap: ['payment'],
    answer: 'recognised',
    requires: ['id', 'status'],
    outcomeKey: 'payment',
    nested: { order: orderSchema, redirectUrl: z.string() },
  }),
});
