export { cardBrandRules, detectCardBrand, type CardBrand, type CardBrandRules } from './card/card-brand.js';
export { cardInput, type CardInput } from './card/card-input.js';
export { cardTokenResponse, type CardTokenResponse } from './card/card-token.js';
export {
  luhnCheck,
  MAX_EXPIRY_YEARS_AHEAD,
  normalizeCardNumber,
  parseExpiryDate,
  validateCard,
  type CardValidationResult,
  type ValidateCardOptions,
  type ValidCard,
} from './card/card-validation.js';
export { challengeWindowSizes, type ChallengeWindowSize } from './threeds/challenge-request.js';
export {
  checkoutInit,
  checkoutSession,
  createCheckoutSessionRequest,
  initCheckoutRequest,
  payCheckoutRequest,
  type CheckoutInit,
  type CheckoutSession,
  type CreateCheckoutSessionRequest,
  type InitCheckoutRequest,
  type PayCheckoutRequest,
} from './resources/checkout-session.js';
export { type RequestFields } from './resources/common.js';
export { customer, customerData, listCustomerPaymentInstrumentsParams, type Customer, type CustomerData } from './resources/customer.js';
export {
  TesseraAbortError,
  TesseraConnectionError,
  TesseraError,
  TesseraResponseValidationError,
  TesseraTimeoutError,
  TesseraValidationError,
  type ConnectionErrorOptions,
  type FieldError,
  type ResponseValidationDetails,
  type TesseraErrorClass,
} from './errors/error-classes.js';
export { assertMinorUnits, currencyExponent, formatAmount, fromMinorUnits, isCurrencyCode, isMinorUnits, iso4217Codes, toMinorUnits } from './money/money.js';
export { listOrdersRequest, order, orderLineItem, type ListOrdersRequest, type Order, type OrderLineItem } from './resources/order.js';
export {
  authorizeRequest,
  captureRequest,
  continuePaymentRequest,
  listPaymentsRequest,
  payment,
  processPaymentRequest,
  purchaseRequest,
  reasonType,
  refund,
  refundPaymentRequest,
  requireActionData,
  threeDSChallengeData,
  voidPaymentRequest,
  type AuthorizeRequest,
  type CaptureRequest,
  type ContinuePaymentRequest,
  type ListPaymentsRequest,
  type Payment,
  type ProcessPaymentRequest,
  type PurchaseRequest,
  type ReasonType,
  type Refund,
  type RefundPaymentRequest,
  type RequireActionData,
  type ThreeDSChallengeData,
  type VoidPaymentRequest,
} from './resources/payment.js';
export { knownRequireActions, type RequireAction } from './payment-state/require-action.js';
export {
  createPaymentFlowRequest,
  paymentFlow,
  paymentFlowInput,
  processorConfig,
  type CreatePaymentFlowRequest,
  type PaymentFlow,
  type PaymentFlowInput,
  type ProcessorConfig,
} from './resources/payment-flow.js';
export {
  createPaymentInstrumentFromTokenRequest,
  createPaymentInstrumentFromTokenResponse,
  paymentInstrument,
  type CreatePaymentInstrumentFromTokenRequest,
  type CreatePaymentInstrumentFromTokenResponse,
  type PaymentInstrument,
} from './resources/payment-instrument.js';
export { getPaymentAction, getRedirectUrl, getThreeDSChallenge, requiresThreeDS, type PaymentAction, type RadarProvider, type ThreeDSChallenge } from './payment-state/payment-action.js';
export {
  isFailedPaymentStatus,
  isSettledPayment,
  isSettledPaymentStatus,
  isTerminalPaymentStatus,
  knownPaymentStatuses,
  knownPaymentSubStatuses,
  normalizePaymentStatus,
  paymentStatuses,
  settledNormalizedStatuses,
  settledPaymentStatuses,
  terminalPaymentStatuses,
  type KnownPaymentStatus,
  type KnownPaymentSubStatus,
  type NormalizedPaymentStatus,
  type PaymentStatus,
  type PaymentStatusesWith,
  type PaymentStatusFields,
  type PaymentStatusFlag,
  type PaymentSubStatus,
} from './payment-state/payment-status.js';
export type { AbortOptions } from './abort-options.js';
export {
  archiveProcessorsRequest,
  processor,
  processorInput,
  type ArchiveProcessorsRequest,
  type Processor,
  type ProcessorInput,
} from './resources/processor.js';
export {
  createProductRequest,
  product,
  productPriceInput,
  productVariantInput,
  type CreateProductRequest,
  type Product,
  type ProductPriceInput,
  type ProductVariantInput,
} from './resources/product.js';
export { createRadarSessionRequest, savedRadarSession, type CreateRadarSessionRequest, type SavedRadarSession } from './resources/radar-session.js';
export {
  decodeServiceToken,
  serviceToken,
  serviceTokenMetadata,
  serviceTokenType,
  type ServiceToken,
  type ServiceTokenMetadata,
  type ServiceTokenType,
  type TagadaToken,
} from './service-token/service-token.js';
export { encodeServiceToken } from './service-token/service-token-encode.js';
export { MAX_SERVICE_TOKEN_LENGTH, ServiceTokenError, type ServiceTokenErrorReason } from './service-token/service-token-error.js';
export { createStoreRequest, store, type CreateStoreRequest, type Store } from './resources/store.js';
export { createThreeDSSessionRequest, threeDSSession, type CreateThreeDSSessionRequest, type ThreeDSSession } from './resources/threeds-session.js';
export { createWebhookEndpointRequest, listWebhooksRequest, webhookEndpoint, type CreateWebhookEndpointRequest, type ListWebhooksRequest, type WebhookEndpoint } from './resources/webhook-endpoint.js';
export {
  isKnownWebhookEvent,
  knownWebhookEventTypes,
  publishedWebhookEventTypes,
  webhookEvent,
  webhookEventData,
  webhookEventFields,
  type KnownWebhookEvent,
  type KnownWebhookEventType,
  type UnknownWebhookEvent,
  type WebhookEvent,
  type WebhookEventFields,
  type WebhookEventOf,
} from './webhooks/webhook-event.js';
export {
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  signWebhookPayload,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookPayload,
} from './webhooks/webhook-signature.js';
export {
  appEvent,
  listEventsRequest,
  recentEventsRequest,
  type AppEvent,
  type ListEventsRequest,
  type RecentEventsRequest,
} from './resources/event.js';
// The published lists, retrieves, subscriptions and key check (issue 18).
export { authTestResult, testAuthRequest, type AuthTestResult } from './resources/auth.js';
export { customerDetails, listCustomersRequest, listedCustomer, type CustomerDetails, type ListCustomersRequest, type ListedCustomer } from './resources/customer.js';
export { listPaymentInstrumentsRequest, type ListPaymentInstrumentsRequest } from './resources/payment-instrument.js';
export { listedProduct, listProductsRequest, type ListedProduct, type ListProductsRequest } from './resources/product.js';
export {
  changeSubscriptionProcessorRequest,
  createSubscriptionRequest,
  listedSubscription,
  listSubscriptionsRequest,
  rebillSubscriptionRequest,
  subscription,
  subscriptionSortFields,
  type ChangeSubscriptionProcessorRequest,
  type CreateSubscriptionRequest,
  type ListedSubscription,
  type ListSubscriptionsRequest,
  type RebillSubscriptionRequest,
  type Subscription,
} from './resources/subscription.js';
