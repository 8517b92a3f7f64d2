/**
 * `@tessera/core`: what users of the Tessera SDK call or type. The service-token codec, card validation and brand
 * detection, money in integer minor units, payment-status and next-action helpers, webhook signing and the event
 * union, the error classes, and the type of every resource and request of the service.
 *
 * The zod schemas behind those types are on their own subpath, `@tessera/core/schemas`; the plumbing the sibling
 * packages share is in `@tessera/core/internal` (not covered by semver).
 * @packageDocumentation
 */

// The service token a tokenizer hands to a merchant server.
export { encodeServiceToken } from './service-token/service-token-encode.js';
export { MAX_SERVICE_TOKEN_LENGTH, ServiceTokenError, type ServiceTokenErrorReason } from './service-token/service-token-error.js';
export {
  decodeServiceToken,
  type ServiceToken,
  type ServiceTokenMetadata,
  type ServiceTokenType,
  type TagadaToken,
} from './service-token/service-token.js';

// The card: its input, validation and brand.
export { detectCardBrand, type CardBrand, type CardBrandRules } from './card/card-brand.js';
export type { CardInput } from './card/card-input.js';
export type { CardTokenResponse } from './card/card-token.js';
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

// Money in integer minor units.
export {
  assertMinorUnits,
  currencyExponent,
  formatAmount,
  fromMinorUnits,
  isCurrencyCode,
  isMinorUnits,
  iso4217Codes,
  toMinorUnits,
} from './money/money.js';

// Reading a payment: its status and the action it asks for next.
export {
  getPaymentAction,
  getRedirectUrl,
  getThreeDSChallenge,
  requiresThreeDS,
  type PaymentAction,
  type RadarProvider,
  type ThreeDSChallenge,
} from './payment-state/payment-action.js';
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
} from './payment-status/payment-status.js';
export { knownRequireActions, type RequireAction } from './payment-status/require-action.js';
// What a merchant server hands the page of a payment, for the tokenizer's `confirmPayment`.
export { toConfirmablePayment, type ConfirmablePayment } from './payment-state/confirmable-payment.js';

// The checkout protocol between the tokenizer's browser client and the server's checkout handler.
export {
  CHECKOUT_PAYMENT_TOKEN_HEADER,
  checkoutRoutes,
  DEFAULT_CHECKOUT_BASE_PATH,
  type CheckoutErrorAnswer,
  type CheckoutErrorCode,
  type CheckoutPayRequest,
  type CheckoutPaymentAnswer,
} from './checkout/checkout-protocol.js';

// 3DS challenge windows.
export { challengeWindowSizes, type ChallengeWindowSize } from './threeds/challenge-request.js';

// Webhook events and their signatures.
export { isKnownWebhookEvent, knownWebhookEventTypes, publishedWebhookEventTypes } from './webhooks/known-webhook-event.js';
export {
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  signWebhookPayload,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookPayload,
} from './webhooks/webhook-signature.js';

// The error classes every package shares.
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

// Call options.
export type { AbortOptions } from './abort-options.js';

// The type of every resource and request of the service (their schemas: `@tessera/core/schemas`): every type the
// resource modules export, except those tagged `@internal` (generated: node scripts/core-exports.mjs).
// <generated:resource-types>
export type { AuthTestResult } from './resources/auth.js';
export type { BlockRule, CreateBlockRuleRequest, ListBlockRulesRequest } from './resources/block-rule.js';
export type { BuilderPermission, BuilderSession, CreateBuilderSessionRequest } from './resources/builder-session.js';
export type { CardFacts } from './resources/card-facts.js';
export type { CheckoutInit, CheckoutSession, CreateCheckoutSessionRequest, InitCheckoutRequest, PayCheckoutRequest } from './resources/checkout-session.js';
export type { RequestFields } from './resources/common.js';
export type { CustomerSummary } from './resources/customer-summary.js';
export type { Customer, CustomerData, CustomerDetails, ListCustomersFilters, ListCustomersRequest, ListedCustomer } from './resources/customer.js';
export type { AppEvent, ListEventsFilters, ListEventsRequest, RecentEventsRequest } from './resources/event.js';
export type { FunnelStepEventType, FunnelStepTracked, TrackFunnelStepRequest } from './resources/funnel-tracking.js';
export type { CreateFunnelPreviewSessionRequest, CreateFunnelRequest, Funnel, FunnelConfigInput, FunnelEdgeInput, FunnelNodeInput, FunnelPreviewSession, FunnelStepInput, FunnelStepVariantInput } from './resources/funnel.js';
export type { DateCondition, DateFilter, WireFilters } from './resources/list-filters.js';
export type { ListOrdersRequest, Order, OrderLineItem } from './resources/order.js';
export type { CreatePaymentFlowRequest, PaymentFlow, PaymentFlowInput, ProcessorConfig } from './resources/payment-flow.js';
export type { CreatePaymentInstrumentFromTokenRequest, CreatePaymentInstrumentFromTokenResponse, ListPaymentInstrumentsFilters, ListPaymentInstrumentsRequest, PaymentInstrument } from './resources/payment-instrument.js';
export type { AuthorizeRequest, CaptureRequest, ContinuePaymentRequest, ListPaymentsFilters, ListPaymentsRequest, Payment, PaymentInstrumentSummary, PaymentMetadata, PaymentTransaction, ProcessPaymentRequest, PurchaseRequest, ReasonType, Refund, RefundPaymentRequest, RequireActionData, ThreeDSChallengeData, VoidPaymentRequest } from './resources/payment.js';
export type { ArchiveProcessorsRequest, Processor, ProcessorInput } from './resources/processor.js';
export type { CreateProductRequest, CurrencyOptions, ListedProduct, ListProductsFilters, ListProductsRequest, Product, ProductPrice, ProductPriceInput, ProductVariantInput } from './resources/product.js';
export type { CreatePromotionCodeRequest, ListPromotionCodesRequest, PromotionCode, PromotionCodeUpdateData, UpdatePromotionCodeRequest } from './resources/promotion-code.js';
export type { CreatePromotionRequest, Promotion, PromotionUpdateData, RetrievePromotionRequest, UpdatePromotionRequest } from './resources/promotion.js';
export type { CreateRadarSessionRequest, SavedRadarSession } from './resources/radar-session.js';
export type { CreateStoreRequest, Store } from './resources/store.js';
export type { ChangeSubscriptionProcessorRequest, CreateSubscriptionRequest, ListedSubscription, ListSubscriptionsFilters, ListSubscriptionsRequest, RebillSubscriptionRequest, Subscription } from './resources/subscription.js';
export type { CreateThreeDSSessionRequest, ThreeDSSession } from './resources/threeds-session.js';
export type { CreateWebhookEndpointRequest, ListWebhookEventsRequest, WebhookEndpoint } from './resources/webhook-endpoint.js';
export type { KnownWebhookEvent, KnownWebhookEventType, UnknownWebhookEvent, WebhookEvent, WebhookEventFields, WebhookEventOf } from './resources/webhook-event.js';
// </generated:resource-types>
