export { type ChallengeFailureReason, type ChallengeLabels, type ChallengeResult, type StartChallengeOptions } from './threeds/challenge-modal.js';
export { SANDBOX_VAULT_KEY } from '@tessera/core/internal';
export { BASIS_THEORY_API_URL, LOCAL_VAULT_URL, type TokenizerEnvironment, type VaultConnectionOptions } from './vault/environment.js';
export {
  TesseraChallengeError,
  TesseraConfigurationError,
  TesseraConnectionError,
  TesseraResponseValidationError,
  TesseraThreeDSError,
  TesseraVaultError,
  TesseraWalletError,
  type ChallengeErrorReason,
  type ConfigurationErrorReason,
  type WalletErrorReason,
} from './errors/errors.js';
export { TesseraNextActionError, TesseraPaymentActionError, TesseraPaymentFailedError, type NextActionFailureReason } from './confirm/payment-action-errors.js';
export {
  BASIS_THEORY_SDK_BASE_URL,
  BASIS_THEORY_THREEDS_PROVIDER,
  createThreeDS,
  type BasisTheoryThreeDSSession,
  type CreateThreeDSSessionInput,
  type ThreeDS,
  type ThreeDSCreateSessionBody,
  type ThreeDSInstrument,
  type ThreeDSOptions,
  type ThreeDSPaymentContext,
} from './threeds/threeds.js';
export type { WebThreeds, WebThreedsChallengeRequest, WebThreedsConfig, WebThreedsLoader, WebThreedsModule } from './threeds/web-threeds.js';
export { confirmPayment, type ConfirmPaymentOptions, type ConfirmPaymentResult, type PaymentFailure, type PopupOutcome, type RedirectMode } from './confirm/confirm-payment.js';
export type { RadarSession } from './confirm/radar.js';
export {
  createTokenizer,
  type ApplePayMerchantValidationRequest,
  type DetectedCardBrand,
  type TokenizedCard,
  type TokenizedCardResult,
  type Tokenizer,
  type TokenizerOptions,
  type WalletToken,
} from './vault/tokenizer.js';
export { waitForFinalStatus, type PaymentPollingOptions } from './confirm/wait-for-final-status.js';
// Re-exported from core so pages can catch and type everything from one import, and read the payment their server
// answered (the challenge it asks for, its normalized status) without a direct dependency on core.
export {
  getPaymentAction,
  getRedirectUrl,
  getThreeDSChallenge,
  normalizePaymentStatus,
  TesseraAbortError,
  TesseraError,
  TesseraTimeoutError,
  TesseraValidationError,
  type AbortOptions,
  type CardInput,
  type CardTokenResponse,
  type FieldError,
  type NormalizedPaymentStatus,
  type Payment,
  type PaymentAction,
  type ResponseValidationDetails,
  type ThreeDSChallenge,
} from '@tessera/core';
