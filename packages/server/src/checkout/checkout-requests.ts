import { z } from '@tessera/core/internal';

// What the page sends, checked before anything else is done with it. Only these fields are read: an amount,
// currency or store the page adds is never looked at.

const visibleAscii = (max: number) => z.string().check(z.regex(new RegExp(`^[\\x21-\\x7e]{1,${max}}$`), `must be 1-${max} visible ASCII characters`));
const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

const cardBrands = z.custom<string[]>(
  (value) => Array.isArray(value) && value.length <= 16 && value.every((brand) => typeof brand === 'string' && brand.length >= 1 && brand.length <= 64),
  'must be a list of at most 16 card brands (1-64 characters each)',
);

/** The body of `POST {base}/payments` (`CheckoutPayRequest`): only the fields the handler reads. */
export const checkoutPayRequest = z.object({
  orderRef: visibleAscii(255),
  serviceToken: visibleAscii(8192),
  attempt: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8-64 characters of A-Z, a-z, 0-9, _ and -: one id per pay() call')),
  customer: z.optional(z.object({ email: z.optional(text(254)), name: z.optional(text(200)) })),
  threedsSession: z.optional(z.object({ id: visibleAscii(255), cardBrand: z.optional(text(64)), additionalCardBrands: z.optional(cardBrands) })),
});

/** The body of `POST {base}/radar-sessions`: Airwallex's session or Stripe's, for the payment the token names. */
export const checkoutRadarSessionRequest = z.union([
  z.object({ paymentId: visibleAscii(255), airwallexRadarSessionId: text(255) }),
  z.object({ paymentId: visibleAscii(255), stripeRadarSessionId: text(255), stripeRadarSessionData: z.record(z.string(), z.unknown()) }),
]);

/** A payment id in a route's path: what the service's ids are made of. */
export const pathPaymentId = /^(?!\.\.?$)[A-Za-z0-9._:-]{1,255}$/;
