// The vault is Basis Theory (BT): the paths of its API the tokenizer calls, relative to BT's API origin
// (`https://api.basistheory.com`, or the sandbox's emulation). Read in `@basis-theory/basis-theory-js@4.30.2`
// (`CLIENT_BASE_PATHS.tokens`, header `BT-API-KEY`) and in `@tagadapay/core-js@3.1.0`'s BasisTheoryProvider
// (`/apple-pay`, `/google-pay`, `/apple-pay/session`). Separate constants rather than one table, so a browser
// bundle keeps only the paths it calls.

/** `POST`: create a token (`{ type: 'card', data: { number, expiration_month, expiration_year, cvc } }`). */
export const vaultCardsPath = '/tokens';
/** `POST`: tokenize an Apple Pay payment token (`{ apple_payment_data }`). */
export const vaultApplePayPath = '/apple-pay';
/** `POST`: tokenize a Google Pay payment token (`{ google_payment_data }`). */
export const vaultGooglePayPath = '/google-pay';
/** `POST`: Apple Pay merchant validation (`{ display_name, domain }`). */
export const vaultApplePaySessionPath = '/apple-pay/session';
/** Header carrying the BT public key on every vault call. */
export const vaultKeyHeader = 'BT-API-KEY';
/**
 * The sandbox's BT-style TEST PUBLIC key: the tokenizer's `local` preset sends it and the sandbox's BT emulation
 * accepts it. Declared here only. It is a publishable key, never a secret one.
 */
export const SANDBOX_VAULT_KEY = 'key_test_us_pub_TesseraSandbox4010Local';
/**
 * The service's Basis Theory tenant ids, as `@tagadapay/core-js@3.1.0` publishes them (`dist/core/config.js`,
 * `PAYMENT_CONFIGS.<env>.basisTheory.tenantId`, read by its `getGoogleTenantId(environment)`). Google Pay's
 * `gatewayMerchantId` (gateway `basistheory`) must be the tenant that decrypts the token. The vendor uses the
 * development tenant for `local` too, so the sandbox's vault emulates that tenant and answers with its id.
 */
export const SERVICE_VAULT_TENANT_IDS = {
  production: 'b1636929-db11-4b01-b2c2-6a97b3444061',
  development: '0b283fa3-44a1-4535-adff-e99ad0a58a47',
} as const;
