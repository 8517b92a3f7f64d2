// The service's browser session API: the routes the vendor's own browser code calls with an anonymous session token
// (`x-cms-token`) instead of the secret key. Not on the published pages (they document only `POST
// /api/public/v1/checkout/pay-v2`): read in `@tagadapay/plugin-sdk@2.3.3` (`dist/react/services/apiService.js`,
// `hooks/useCheckout.js`, `hooks/usePayment.js`, `hooks/useThreeds.js`, `hooks/usePaymentPolling.js`,
// `hooks/useProducts.js`) and `@tagadapay/core-js@3.1.0` (`dist/payments/PaymentsClient.js`, `dist/radar/*`), so
// vendor code, not published. Paths are relative to the service's origin (`SERVICE_ORIGINS`), `{name}` a path
// parameter. Separate constants rather than one table, so a browser bundle keeps only the paths it calls.

/** Header carrying the session token on every browser session route (plugin-sdk's `ApiService.fetch`). */
export const cmsTokenHeader = 'x-cms-token';
/** `POST`, no auth: `{ storeId, role: 'anonymous' }` → `{ token, expiresAt }` (plugin-sdk `createAnonymousToken`). */
export const cmsAnonymousSessionPath = '/api/v1/cms/session/anonymous';
/** `POST`: the session's device facts → `{ store, locale, messages, customer }` (plugin-sdk `initializeSession`). */
export const cmsSessionInitPath = '/api/v1/cms/session/init';
/** `POST`: `{ lineItems, … }` → `{ checkoutUrl, checkoutToken }` (plugin-sdk `useCheckout().init`). */
export const checkoutSessionInitPath = '/api/v1/checkout/session/init';
/** `GET`: the checkout session by its token, with its summary (plugin-sdk `useCheckout`'s `CheckoutData`). */
export const checkoutSessionV2Path = '/api/v1/checkout-sessions/{checkoutToken}/v2';
/** `POST`: `{ paymentInstrumentData: { type, token, … } }` → the instrument (plugin-sdk `usePayment`). */
export const sessionPaymentInstrumentPath = '/api/v1/payment/create-payment-instrument';
/** `POST`: `{ provider, paymentInstrumentId, sessionData }` → the 3DS session (plugin-sdk `useThreeds`). */
export const sessionThreeDSSessionPath = '/api/v1/threeds/create-session';
/** `POST`: `{ checkoutSessionId, paymentInstrumentId, threedsSessionId? }` → `{ payment, order, redirectUrl }` (published path; the token auth is vendor code). */
export const sessionPayPath = '/api/public/v1/checkout/pay-v2';
/** `GET`: one payment this session made, bare (plugin-sdk `usePaymentPolling`). */
export const sessionPaymentPath = '/api/v1/payments/{id}';
/** `POST`: `{ paymentId }` → `{ success: true }`: the page took the payment's action (plugin-sdk `usePayment`). */
export const sessionActionProcessedPath = '/api/v1/payments/require-action/processed';
/** `POST`: `{ paymentId }` → `{ payment }`, the secret-key API's route, also on the session token (core-js `PaymentsClient`). */
export const sessionContinuePaymentPath = '/api/public/v1/payments/continue';
/** `POST`: the radar session, the secret-key API's route, also on the session token (core-js's radar managers). */
export const sessionRadarSessionPath = '/api/public/v1/radar-sessions';
/** `POST`: `{ storeId, includeVariants?, includePrices? }` → `{ items }`, the store's catalog (plugin-sdk `useProducts`). */
export const sessionProductsPath = '/api/v1/products';
/** `POST`: `{ productId, storeId }` → one product of the store's catalog (plugin-sdk `useProducts({ productIds })`). */
export const sessionProductPath = '/api/v1/products/{id}';
/** `POST`: `{ code }` → `{ success, … }`: applies a promotion code to the checkout session (plugin-sdk `useCheckout().applyPromotionCode`). */
export const sessionApplyPromotionPath = '/api/v1/checkout-sessions/{checkoutSessionId}/promotions/apply';
