export { isApplePayAvailable, startApplePay, type ApplePayPaymentRequest, type ApplePaySessionConstructor, type ApplePaySessionLike, type StartApplePayOptions } from './apple-pay.js';
export {
  type ChallengeFailureReason,
  type ChallengeLabels,
  type ChallengeResult,
  type ChallengeTransStatus,
  type StartChallengeOptions,
} from './challenge-modal.js';
export { SANDBOX_VAULT_KEY } from '@tessera/core';
export { BASIS_THEORY_API_URL, LOCAL_VAULT_URL, type TokenizerEnvironment, type VaultConnectionOptions } from './environment.js';
export {
  TesseraChallengeError,
  TesseraConfigurationError,
  TesseraInvalidResponseError,
  TesseraNetworkError,
  TesseraVaultError,
  TesseraWalletError,
  type ChallengeErrorReason,
  type ConfigurationErrorReason,
} from './errors.js';
export {
  buildGooglePayPaymentDataRequest,
  createGooglePaymentsClient,
  GOOGLE_PAY_GATEWAY,
  isGooglePayReady,
  startGooglePay,
  type GooglePayCardPaymentMethod,
  type GooglePaymentsClientLike,
  type GooglePayPaymentDataRequest,
  type GooglePayRequestOptions,
} from './google-pay.js';
export { createThreeDS, type CreateThreeDSSessionInput, type ThreeDS, type ThreeDSCreateSessionBody, type ThreeDSOptions } from './threeds.js';
export { basisTheoryThreeDSProvider, type BasisTheoryModule, type BasisTheoryThreeDSOptions } from './threeds-basis-theory-provider.js';
export type { ThreeDSInstrument, ThreeDSLocalSession, ThreeDSPaymentContext, ThreeDSProvider, ThreeDSSessionInput } from './threeds-provider.js';
export { sandboxThreeDSProvider } from './threeds-sandbox-provider.js';
export { createTokenizer, type ApplePayMerchantValidationRequest, type Tokenizer, type TokenizerOptions, type WalletToken } from './tokenizer.js';
export type { RequestOptions } from './vault-request.js';
export { waitForPayment, type WaitForPaymentOptions } from './wait-for-payment.js';
// Re-exported from core so pages can catch and type everything from one import.
export {
  TesseraAbortError,
  TesseraError,
  TesseraTimeoutError,
  TesseraValidationError,
  type CardInput,
  type CardTokenResponse,
  type FieldError,
  type ThreeDSChallenge,
} from '@tessera/core';
