// Paths of the vault the tokenizer sends card and wallet data to, relative to the vault's origin. The interface
// document does not show them: they are this SDK's contract between `@tessera/tokenizer` and a vault (the
// sandbox's, or the real one), spelled here only. Separate constants rather than one table, so a browser bundle
// keeps only the paths it calls.

/** `POST`: tokenize a card. */
export const vaultCardsPath = '/vault/v1/cards';
/** `POST`: tokenize an Apple Pay payment token. */
export const vaultApplePayPath = '/vault/v1/wallets/apple_pay';
/** `POST`: tokenize a Google Pay payment token. */
export const vaultGooglePayPath = '/vault/v1/wallets/google_pay';
/** `POST`: Apple Pay merchant validation. */
export const vaultApplePaySessionPath = '/vault/v1/apple-pay/merchant-session';
