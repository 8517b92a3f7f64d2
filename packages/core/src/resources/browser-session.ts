import * as z from 'zod/mini';
import { resourceId, withoutCardData } from './common.js';
import { priceKeys } from './price-keys.js';

// The request bodies of the service's browser session API (the routes in `../plumbing/browser-session-routes.ts`),
// as the vendor's browser code sends them: `@tagadapay/plugin-sdk@2.3.3` (`dist/react/services/apiService.js`,
// `hooks/useCheckout.js` + `.d.ts` `CheckoutInitParams`, `hooks/usePayment.js`, `hooks/useThreeds.js`,
// `hooks/useProducts.js`). Vendor code, not published: the published pages document only pay-v2. Every schema is
// loose (the vendor's code sends more than the service reads: browser facts, UTM data); what a page must never set
// (a price or an amount: prices come from the store's catalog) is refused by name. Internal: the sandbox validates
// with them; the browser client builds these bodies.


/** The first price key of `value` (an object), or `undefined`. */
const priceKeyOf = (value: unknown): string | undefined =>
  typeof value === 'object' && value !== null ? priceKeys.find((key) => Object.hasOwn(value, key)) : undefined;

/** Refuses a price key at the top level or in a line item (`lineItems.N.<key>`), code `not_allowed`. */
const withoutPrices = /* @__PURE__ */ z.superRefine((body: object, ctx) => {
  const message = 'must not be sent: prices come from the store\'s catalog; send variantId, priceId and quantity only';
  const top = priceKeyOf(body);
  if (top !== undefined) ctx.issues.push({ code: 'custom', input: undefined, path: [top], message, params: { code: 'not_allowed' } });
  const items = (body as { lineItems?: unknown }).lineItems;
  if (!Array.isArray(items)) return;
  items.forEach((item, index) => {
    const key = priceKeyOf(item);
    if (key !== undefined) ctx.issues.push({ code: 'custom', input: undefined, path: ['lineItems', index, key], message, params: { code: 'not_allowed' } });
  });
});

/**
 * Body of `POST /api/v1/cms/session/anonymous` (no auth): the store, and the role plugin-sdk sends
 * (`'anonymous'`, the only one the sandbox issues).
 * @internal
 */
export const anonymousSessionRequest = z.looseObject({
  storeId: resourceId,
  role: z.optional(z.literal('anonymous')),
});

/**
 * Body of `POST /api/v1/cms/session/init`: plugin-sdk's `sessionInitData` (`storeId`, `accountId`, `customerId`,
 * then browser and device facts the sandbox ignores).
 * @internal
 */
export const cmsSessionInitRequest = z.looseObject({
  storeId: z.optional(resourceId),
  accountId: z.optional(z.string()),
  customerId: z.optional(z.string()),
});

/**
 * One line of a checkout of the store's catalog: a variant, optionally one of its prices, and a whole quantity of at
 * least one (plugin-sdk's `CheckoutLineItem`).
 * @internal
 */
export const storeCheckoutLineItem = z.looseObject({
  variantId: resourceId,
  priceId: z.optional(z.nullable(resourceId)),
  quantity: z.int().check(z.minimum(1)),
});

/**
 * Body of `POST /api/v1/checkout/session/init`: plugin-sdk's `CheckoutInitParams` (`lineItems`, `storeId?`,
 * `returnUrl?`, `customer?: { currency?, locale? }`, `customerMetadata?`, `metadata?`, `draft?`, `cartToken?`,
 * `promotionIds?`, `useCustomDomain?`). No price or amount key anywhere (code `not_allowed`).
 * @internal
 */
export const storeCheckoutInitRequest = z
  .looseObject({
    lineItems: z.array(storeCheckoutLineItem).check(z.minLength(1)),
    storeId: z.optional(resourceId),
    returnUrl: z.optional(z.url({ protocol: /^https?$/ })),
    customer: z.optional(z.looseObject({ currency: z.optional(z.string()), locale: z.optional(z.string()) })),
    customerMetadata: z.optional(z.record(z.string(), z.unknown())),
    metadata: z.optional(z.record(z.string(), z.unknown())),
    draft: z.optional(z.boolean()),
    cartToken: z.optional(z.string()),
    promotionIds: z.optional(z.array(z.string())),
    useCustomDomain: z.optional(z.boolean()),
  })
  .check(withoutPrices, withoutCardData);

/**
 * Body of `POST /api/v1/payment/create-payment-instrument`: the vault token (Basis Theory's token id) and its type;
 * the card facts plugin-sdk sends beside (`card`, `dpanType`) are not read: they come from the vault.
 * @internal
 */
export const sessionPaymentInstrumentRequest = z.looseObject({
  paymentInstrumentData: z.looseObject({
    type: z.literal(['card', 'apple_pay', 'google_pay']),
    token: z.string().check(z.minLength(1)),
    card: z.optional(z.record(z.string(), z.unknown())),
    dpanType: z.optional(z.string()),
  }),
});

/**
 * Body of `POST /api/v1/threeds/create-session` (plugin-sdk's `createBasisTheorySession`): the instrument and
 * web-threeds' `createSession` answer (`id`; or `sessionId`).
 * @internal
 */
export const sessionThreeDSRequest = z.looseObject({
  provider: z.literal('basis_theory'),
  paymentInstrumentId: resourceId,
  sessionData: z.optional(z.looseObject({ id: z.optional(z.string().check(z.minLength(1))), sessionId: z.optional(z.string().check(z.minLength(1))) })),
});

/**
 * Body of `POST /api/public/v1/checkout/pay-v2` on the session token: the published body with `threedsSessionId`
 * (plugin-sdk's `processPaymentDirect`), customer-initiated only, no price or amount key.
 * @internal
 */
export const sessionPayRequest = z
  .looseObject({
    checkoutSessionId: resourceId,
    paymentInstrumentId: resourceId,
    threedsSessionId: z.optional(resourceId),
    initiatedBy: z.optional(z.literal('customer')),
    source: z.optional(z.string()),
    returnUrl: z.optional(z.url({ protocol: /^https?$/ })),
    metadata: z.optional(z.record(z.string(), z.unknown())),
  })
  .check(withoutPrices);

/**
 * Body of `POST /api/v1/payments/require-action/processed` (plugin-sdk's `handlePaymentAction`).
 * @internal
 */
export const sessionPaymentIdRequest = z.looseObject({ paymentId: resourceId });

/**
 * Body of `POST /api/v1/products` (plugin-sdk's `useProducts`).
 * @internal
 */
export const sessionProductsRequest = z.looseObject({
  storeId: resourceId,
  includeVariants: z.optional(z.boolean()),
  includePrices: z.optional(z.boolean()),
});

/**
 * Body of `POST /api/v1/products/{id}` (plugin-sdk's `useProducts` with `productIds`).
 * @internal
 */
export const sessionProductRequest = z.looseObject({ productId: z.optional(resourceId), storeId: resourceId });

/**
 * Body of `POST /api/v1/checkout-sessions/{checkoutSessionId}/promotions/apply` (plugin-sdk's `useCheckout`
 * `applyPromotionCode`): the `code` a customer typed.
 * @internal
 */
export const sessionApplyPromotionRequest = z.looseObject({ code: z.string().check(z.minLength(1)) });
