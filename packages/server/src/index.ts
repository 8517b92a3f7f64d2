export {
  TesseraApiError,
  TesseraAuthenticationError,
  TesseraBadRequestError,
  TesseraConflictError,
  TesseraIdempotencyError,
  TesseraInternalServerError,
  TesseraNotFoundError,
  TesseraPermissionDeniedError,
  TesseraRateLimitError,
  TesseraUnprocessableEntityError,
  type ApiErrorDetails,
  type FailureKind,
} from './errors/api-error.js';
export { isPermanentConflict, PERMANENT_CONFLICT_CODES } from './transport/failure.js';
export type { FetchFunction } from './transport/attempt.js';
export { CheckoutSessions, type CheckoutPaymentOutcome, type CheckoutSessionOutcome } from './resources/checkout-sessions.js';
export { Customers, type ListCustomersParams } from './resources/customers.js';
export { environmentOrigins, PRODUCTION_BASE_URL, SANDBOX_BASE_URL, type TesseraEnvironment } from './core/environment.js';
export { DEFAULT_MAX_RESPONSE_BYTES } from './transport/http-client.js';
export type { RequestLogEvent, ResponseLogEvent, RetryLogEvent, TesseraLogEvent, TesseraLogger } from './core/logger.js';
export { Orders, type ListOrdersParams } from './resources/orders.js';
export { TesseraOutcomeUnknownError, type OutcomeUnknownDetails } from './errors/outcome-unknown-error.js';
export { Page, PagePromise, type PageInfo } from './core/page.js';
export { TesseraPaginationError, type PaginationErrorDetails, type PaginationStallReason } from './errors/pagination-error.js';
export { PaymentFlows, type PaymentFlowOutcome } from './resources/payment-flows.js';
export { PaymentInstruments, type ListPaymentInstrumentsParams, type PaymentInstrumentOutcome } from './resources/payment-instruments.js';
export { MIN_POLL_INTERVAL_MS, Payments, type ListPaymentsParams, type PaymentOutcome, type RefundOutcome, type WaitForFinalStatusOptions, type WithoutMode } from './resources/payments.js';
export { Processors, type ArchiveProcessorsOutcome } from './resources/processors.js';
export { Products, type ListProductsParams, type ProductOutcome } from './resources/products.js';
export { RadarSessions, type RadarSessionOutcome } from './resources/radar-sessions.js';
export { TesseraRedirectError } from './errors/redirect-error.js';
export type { RawRequestOptions, RequestOptions } from './core/request-options.js';
export type { Recognised } from './resources/response-body.js';
export { TesseraResponseTooLargeError } from './errors/response-too-large-error.js';
export { DEFAULT_MAX_RETRIES, MAX_RETRY_AFTER_MS } from './transport/retry-policy.js';
export { Stores, type StoreOutcome } from './resources/stores.js';
export { DEFAULT_TIMEOUT_MS, Tessera, type TesseraOptions } from './core/tessera.js';
export { ThreeDSSessions } from './resources/threeds-sessions.js';
export { VERSION } from './core/version.js';
export { Webhooks } from './resources/webhooks.js';
export { Events, type ListEventsParams } from './resources/events.js';
export {
  constructWebhookEvent,
  MAX_WEBHOOK_TOLERANCE_SECONDS,
  type ConstructWebhookEventOptions,
  type WebhookSignatureHeader,
} from './resources/construct-webhook-event.js';
export { TesseraSignatureVerificationError, type SignatureVerificationCode } from './errors/signature-verification-error.js';
// The published lists, retrieves, subscriptions and key check (issue 18).
export { Auth } from './resources/auth.js';
export { Subscriptions, type ListSubscriptionsParams, type RebillOutcome, type SubscriptionOutcome } from './resources/subscriptions.js';
export type {
  AuthTestResult,
  CustomerDetails,
  ListCustomersRequest,
  ListedCustomer,
  ListedProduct,
  ListedSubscription,
  ListPaymentInstrumentsRequest,
  ListProductsRequest,
  ListSubscriptionsRequest,
  Order,
  Product,
  Subscription,
} from '@tessera/core';
// Core's payment helpers and types, and core's errors that this client throws, so callers need one import.
export {
  getPaymentAction,
  getRedirectUrl,
  getThreeDSChallenge,
  isSettledPayment,
  isSettledPaymentStatus,
  isTerminalPaymentStatus,
  normalizePaymentStatus,
  type NormalizedPaymentStatus,
  type CreateRadarSessionRequest,
  type CreateThreeDSSessionRequest,
  type Payment,
  type PaymentAction,
  type PaymentInstrument,
  type PaymentStatus,
  type PaymentSubStatus,
  type Refund,
  type RequireAction,
  type SavedRadarSession,
  type ThreeDSChallenge,
  type CheckoutInit,
  type InitCheckoutRequest,
  type PayCheckoutRequest,
} from '@tessera/core';
// Core's webhook and event types and the signature format, for receivers.
export {
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  isKnownWebhookEvent,
  knownWebhookEventTypes,
  signWebhookPayload,
  WEBHOOK_SIGNATURE_HEADER,
  type AppEvent,
  type CreateWebhookEndpointRequest,
  type KnownWebhookEvent,
  type KnownWebhookEventType,
  type ListEventsRequest,
  type RecentEventsRequest,
  type UnknownWebhookEvent,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookPayload,
} from '@tessera/core';
export {
  TesseraError,
  TesseraAbortError,
  TesseraConnectionError,
  TesseraResponseValidationError,
  TesseraTimeoutError,
  TesseraValidationError,
  type FieldError,
  type ResponseValidationDetails,
} from '@tessera/core';
export type { HttpMethod } from '@tessera/core/internal';
