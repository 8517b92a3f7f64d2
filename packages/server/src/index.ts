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
  isPermanentConflict,
  PERMANENT_CONFLICT_CODES,
  type ApiErrorDetails,
  type FailureKind,
} from './api-error.js';
export type { FetchFunction } from './attempt.js';
export { CheckoutSessions, type CheckoutPaymentOutcome, type CheckoutSessionOutcome } from './checkout-sessions.js';
export { Customers, type ListCustomersParams } from './customers.js';
export { environmentOrigins, PRODUCTION_BASE_URL, SANDBOX_BASE_URL, type TesseraEnvironment } from './environment.js';
export { DEFAULT_MAX_RESPONSE_BYTES } from './http-client.js';
export type { RequestLogEvent, ResponseLogEvent, RetryLogEvent, TesseraLogEvent, TesseraLogger } from './logger.js';
export { Orders, type ListOrdersParams } from './orders.js';
export { TesseraOutcomeUnknownError, type OutcomeUnknownDetails } from './outcome-unknown-error.js';
export { Page, PagePromise, type PageInfo } from './page.js';
export { TesseraPaginationError, type PaginationErrorDetails, type PaginationStallReason } from './pagination-error.js';
export { PaymentFlows, type PaymentFlowOutcome } from './payment-flows.js';
export { PaymentInstruments, type ListPaymentInstrumentsParams, type PaymentInstrumentOutcome } from './payment-instruments.js';
export { MIN_POLL_INTERVAL_MS, Payments, type ListPaymentsParams, type PaymentOutcome, type RefundOutcome, type WaitForFinalStatusOptions, type WithoutMode } from './payments.js';
export { Processors, type ArchiveProcessorsOutcome } from './processors.js';
export { Products, type ListProductsParams, type ProductOutcome } from './products.js';
export { RadarSessions, type RadarSessionOutcome } from './radar-sessions.js';
export { TesseraRedirectError } from './redirect-error.js';
export type { RawRequestOptions, RequestOptions } from './request-options.js';
export type { Recognised } from './response-body.js';
export { TesseraResponseTooLargeError } from './response-too-large-error.js';
export { DEFAULT_MAX_RETRIES, MAX_RETRY_AFTER_MS } from './retry-policy.js';
export { Stores, type StoreOutcome } from './stores.js';
export { DEFAULT_TIMEOUT_MS, Tessera, type TesseraOptions } from './tessera.js';
export { ThreeDSSessions } from './threeds-sessions.js';
export { VERSION } from './version.js';
export { Webhooks } from './webhooks.js';
export { Events, type ListEventsParams } from './events.js';
export {
  constructWebhookEvent,
  MAX_WEBHOOK_TOLERANCE_SECONDS,
  type ConstructWebhookEventOptions,
  type WebhookSignatureHeader,
} from './construct-webhook-event.js';
export { TesseraSignatureVerificationError, type SignatureVerificationCode } from './signature-verification-error.js';
// The published lists, retrieves, subscriptions and key check (issue 18).
export { Auth } from './auth.js';
export { Subscriptions, type ListSubscriptionsParams, type RebillOutcome, type SubscriptionOutcome } from './subscriptions.js';
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
