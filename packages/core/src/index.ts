export { mayHoldCardNumber } from './card-number-text.js';
export { findErrorCode, parseErrorData, readErrorBody, readErrorCodeAndFields, type ErrorBodyDetails, type ErrorCodeAndFields } from './error-body.js';
export { apiErrorBody, type ApiErrorBody } from './error-body-schema.js';
export { cardBrandRules, detectCardBrand, type CardBrand, type CardBrandRules } from './card-brand.js';
export { cardInput, type CardInput } from './card-input.js';
export { findCardDataField } from './card-data-fields.js';
export { cardTokenResponse, type CardTokenResponse } from './card-token.js';
export {
  luhnCheck,
  MAX_EXPIRY_YEARS_AHEAD,
  normalizeCardNumber,
  parseExpiryDate,
  validateCard,
  type CardValidationResult,
  type ValidateCardOptions,
  type ValidCard,
} from './card-validation.js';
export { challengeRequest, decodeChallengeRequest, type ChallengeRequest } from './challenge-message.js';
export { challengeWindowSizes, encodeChallengeRequest, type ChallengeWindowSize } from './challenge-request.js';
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
} from './checkout-session.js';
export { currencyCode, minorUnits, nonEmptyString, positiveMinorUnits, resourceId, withoutCardData, type RequestFields } from './common.js';
export { customer, customerData, listCustomerPaymentInstrumentsParams, type Customer, type CustomerData } from './customer.js';
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
} from './errors.js';
export { assertMinorUnits, currencyExponent, formatAmount, fromMinorUnits, isCurrencyCode, isMinorUnits, iso4217Codes, toMinorUnits } from './money.js';
export { listOrdersRequest, order, orderList, type ListOrdersRequest, type Order, type OrderList } from './order.js';
export {
  authorizeRequest,
  captureRequest,
  continuePaymentRequest,
  knownRequireActions,
  listPaymentsRequest,
  pageNumber,
  pageSize,
  payment,
  paymentList,
  paymentResponse,
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
  type PaymentList,
  type PaymentResponse,
  type ProcessPaymentRequest,
  type PurchaseRequest,
  type ReasonType,
  type Refund,
  type RefundPaymentRequest,
  type RequireAction,
  type RequireActionData,
  type ThreeDSChallengeData,
  type VoidPaymentRequest,
} from './payment.js';
export {
  createPaymentFlowRequest,
  paymentFlow,
  paymentFlowInput,
  processorConfig,
  type CreatePaymentFlowRequest,
  type PaymentFlow,
  type PaymentFlowInput,
  type ProcessorConfig,
} from './payment-flow.js';
export {
  createPaymentInstrumentFromTokenRequest,
  createPaymentInstrumentFromTokenResponse,
  paymentInstrument,
  paymentInstrumentList,
  type CreatePaymentInstrumentFromTokenRequest,
  type CreatePaymentInstrumentFromTokenResponse,
  type PaymentInstrument,
  type PaymentInstrumentList,
} from './payment-instrument.js';
export { getRedirectUrl, getThreeDSChallenge, requiresThreeDS, type ThreeDSChallenge } from './payment-action.js';
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
} from './payment-status.js';
export { MAX_TIMER_MS, poll, sleep, type PollOptions } from './poll.js';
export { MAX_REQUEST_ID_LENGTH, safeRequestId } from './request-id.js';
export type { RequestOptions } from './request-options.js';
export {
  archiveProcessorsRequest,
  archiveProcessorsResponse,
  createProcessorRequest,
  processor,
  processorInput,
  processorResponse,
  type ArchiveProcessorsRequest,
  type ArchiveProcessorsResponse,
  type CreateProcessorRequest,
  type Processor,
  type ProcessorInput,
} from './processor.js';
export {
  createProductRequest,
  product,
  productPriceInput,
  productVariantInput,
  type CreateProductRequest,
  type Product,
  type ProductPriceInput,
  type ProductVariantInput,
} from './product.js';
export {
  API_PREFIX,
  operations,
  type HttpMethod,
  type Operation,
  type OperationInput,
  type OperationName,
  type OperationResource,
} from './operations.js';
export { routePath, routes, type OperationMethod, type Route } from './routes.js';
export { SANDBOX_API_KEY } from './sandbox-api-key.js';
export {
  decodeServiceToken,
  serviceToken,
  serviceTokenMetadata,
  serviceTokenType,
  type ServiceToken,
  type ServiceTokenMetadata,
  type ServiceTokenType,
  type TagadaToken,
} from './service-token.js';
export { encodeServiceToken, MAX_SERVICE_TOKEN_LENGTH, ServiceTokenError, type ServiceTokenErrorReason } from './service-token-encode.js';
export { createStoreRequest, store, type CreateStoreRequest, type Store } from './store.js';
export { createThreeDSSessionRequest, threeDSSession, type CreateThreeDSSessionRequest, type ThreeDSSession } from './threeds-session.js';
export { parseOrThrow, toFieldErrors } from './validation.js';
export { SANDBOX_VAULT_KEY, vaultApplePayPath, vaultApplePaySessionPath, vaultCardsPath, vaultGooglePayPath, vaultKeyHeader } from './vault-routes.js';
export { listWebhooksRequest, webhookEvent, webhookList, type ListWebhooksRequest, type WebhookEvent, type WebhookList } from './webhook.js';
export {
  createWebhookEndpointRequest,
  publishedWebhookEventTypes,
  webhookEndpoint,
  type CreateWebhookEndpointRequest,
  type WebhookEndpoint,
} from './webhook.js';
export {
  computeWebhookSignature,
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  parseWebhookSignature,
  signWebhookPayload,
  timingSafeEqual,
  WEBHOOK_SIGNATURE_HEADER,
  webhookPayloadBytes,
  type ParsedWebhookSignature,
  type WebhookPayload,
} from './webhook-signature.js';
export {
  appEvent,
  appEventList,
  listEventsRequest,
  recentEventsRequest,
  type AppEvent,
  type AppEventList,
  type ListEventsRequest,
  type RecentEventsRequest,
} from './event.js';
// The published lists, retrieves, subscriptions and key check (issue 18).
export { authTestResult, testAuthRequest, type AuthTestResult } from './auth.js';
export { customerDetails, listCustomersRequest, listedCustomer, type CustomerDetails, type ListCustomersRequest, type ListedCustomer } from './customer.js';
export { listFilters, pageListRequest, sortBy, sortDirection } from './list-request.js';
export { listPaymentInstrumentsRequest, type ListPaymentInstrumentsRequest } from './payment-instrument.js';
export { listedProduct, listProductsRequest, type ListedProduct, type ListProductsRequest } from './product.js';
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
} from './subscription.js';
