// `@tessera/tokenizer/client`: the browser client, created once with the environment, and `pay()`, one call for a
// whole payment against the merchant's checkout handler (`createCheckoutHandler` of `@tessera/server`). Its card
// fields are those of `@tessera/tokenizer/fields` (Basis Theory's elements, loaded at mount).
export { createTessera, type PaymentSource, type PayRequest, type TesseraClient, type TesseraClientOptions } from './client/tessera-client.js';
export { TesseraCheckoutError, type CheckoutFailure } from './client/checkout-error.js';
