// `@tessera/tokenizer/wallets`: Apple Pay and Google Pay. The wallet buttons (`createWalletButtons`) render each
// wallet's own button where it can pay and run its sheet against the service's vault; the lower-level functions drive
// a sheet from a button of your own. Importing this entry loads nothing: Apple Pay JS and Google's pay.js load at
// `mount`, only when missing (the sandbox's stand-ins in `local`). The vault's wallet calls themselves are
// `Tokenizer`'s (`tokenizeApplePay`, `tokenizeGooglePay`, `validateApplePayMerchant`) in the main entry.
export { createWalletButtons, type WalletButtons } from './wallets/wallet-buttons.js';
export type { TokenizedWalletCard, WalletButtonsMountResult, WalletButtonsOptions, WalletPaymentResult } from './wallets/wallet-buttons-options.js';
export type { WalletAddress, WalletContacts, WalletLineItem, WalletName, WalletPaymentRequest, WalletRequestUpdate, WalletShippingCallbacks, WalletShippingMethod } from './wallets/wallet-request.js';
export { APPLE_PAY_VERSION, isApplePayAvailable, type ApplePayPayment, type ApplePayPaymentRequest, type ApplePaySessionConstructor, type ApplePaySessionLike } from './wallets/apple-pay.js';
export { toApplePayRequest } from './wallets/apple-pay-request.js';
export { startApplePay, type StartApplePayOptions } from './wallets/apple-pay-sheet.js';
export {
  buildGooglePayPaymentDataRequest,
  createGooglePaymentsClient,
  GOOGLE_PAY_GATEWAY,
  googlePayEnvironment,
  googlePayGatewayMerchantId,
  isGooglePayReady,
  startGooglePay,
  type GooglePayCardPaymentMethod,
  type GooglePaymentsClientLike,
  type GooglePayPaymentData,
  type GooglePayPaymentDataRequest,
  type GooglePayRequestOptions,
  type GooglePayTransactionInfo,
} from './wallets/google-pay.js';
export { walletScriptUrl, type WalletScriptSource } from './wallets/wallet-scripts.js';
export { TesseraWalletError, type WalletErrorReason } from './errors/errors.js';
// The vault options the wallet functions take, as the main entry exports them.
export type { TokenizerEnvironment, VaultConnectionOptions } from './vault/environment.js';
