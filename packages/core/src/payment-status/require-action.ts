// Apart from the payment schemas, so that reading a payment's action (`getPaymentAction`, in the tokenizer's bundle)
// carries no zod schema.

/**
 * The actions a payment may ask for, as the vendor's code handles them: `none`; `threeds_auth` (a 3DS challenge, data
 * in `requireActionData.metadata.threedsSession`); `redirect` and `processor_auth` (send the customer to
 * `requireActionData.metadata.redirect.redirectUrl`: a page, or the processor's own authentication page); `radar` (a
 * device check: `metadata.provider` `airwallex` with `metadata.isTest`); `stripe_radar` (a Stripe Radar session, with
 * `metadata.radar.publishableKey` and `orderId`); `error` (the payment failed or was declined, and says why:
 * `requireActionData.message` and `errorCode`, as the vendor's plugin SDK types them). The top-level `requireAction`
 * may be a generic one (`redirect`, `radar`) where `requireActionData.metadata.type` names a specific one: read a
 * payment's action with `getPaymentAction`. Other strings pass through.
 */
export const knownRequireActions = ['none', 'threeds_auth', 'redirect', 'processor_auth', 'radar', 'stripe_radar', 'error'] as const;
/** An action a payment may ask for: one of {@link knownRequireActions}, or another string the service may add. */
export type RequireAction = (typeof knownRequireActions)[number] | (string & {});
