// `@tessera/tokenizer/store`: a checkout paid from the browser alone, with no route of the merchant: the service's
// browser session API (an anonymous session of the store, the store's catalog and checkout sessions, pay-v2), as
// its own browser code speaks it. A separate entry: a page that pays through its server does not carry it.
export { openStore, type Store, type StoreCheckout, type StoreOptions, type StorePayRequest } from './store/open-store.js';
export type { StartCheckoutRequest, StoreLineItem } from './store/checkout-request.js';
export type { StoreCheckoutLine, StoreCheckoutSummary } from './store/checkout-summary.js';
export type { StoreProduct, StoreVariant } from './store/store-products.js';
export { TesseraCheckoutError, type CheckoutFailure } from './client/checkout-error.js';
export type { ConfirmPaymentOptions, ConfirmPaymentResult } from './confirm/confirm-payment.js';
