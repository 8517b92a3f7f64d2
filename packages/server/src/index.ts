// The root: what users call, catch or type. The client (`Tessera`, also the default export), the checkout handler,
// the errors it throws, and the few core helpers the starters and guides use beside it (a payment's next action and
// status, the webhook header and event check, the signer for tests). Types are exported by name; a resource class or
// `Page` only as a type. Constants, the resource classes as values and the building blocks tests and tools need are
// on `@tessera/server/internal` (src/internal.ts); the rest of core's helpers come from `@tessera/core`.
import { Tessera } from './client/tessera.js';

export { Tessera };
export default Tessera;
export type { TesseraOptions } from './client/tessera.js';
export type { TesseraEnvironment } from './core/environment.js';
export type { RequestLogEvent, ResponseLogEvent, RetryLogEvent, TesseraLogEvent, TesseraLogger } from './core/logger.js';
export type { Page, PagePromise, PageInfo } from './core/page.js';
export type { RawRequestOptions, RequestOptions } from './core/request-options.js';
export type { FetchFunction } from './transport/attempt.js';

// The errors the client throws.
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
export { TesseraOutcomeUnknownError, type OutcomeUnknownDetails, type OutcomeUnknownRequest } from './errors/outcome-unknown-error.js';
export { TesseraPaginationError, type PaginationErrorDetails, type PaginationStallReason } from './errors/pagination-error.js';
export { TesseraRedirectError } from './errors/redirect-error.js';
export { TesseraResponseTooLargeError } from './errors/response-too-large-error.js';
export { TesseraSignatureVerificationError, type SignatureVerificationCode } from './errors/signature-verification-error.js';
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

// The checkout handler: every route of the browser client's `pay()`, as one Fetch handler.
export { createCheckoutHandler, type CheckoutHandler } from './checkout/checkout-handler.js';
export type { CheckoutCustomer, CheckoutHandlerOptions, CheckoutOrder, CheckoutRefusal, CheckoutRouteName } from './checkout/checkout-options.js';
// Your own routes (a refund in your back office): the SDK's typed errors answered as JSON.
export { errorResponseOf, withErrorResponses } from './checkout/error-responses.js';
// What a server-rendered page hands its browser client, read from the environment variables (never a secret).
export { publicCheckoutConfig, type PublicCheckoutConfig } from './checkout/public-config.js';
export { toNodeListener, type NodeListenerOptions, type NodeRequestLike, type NodeResponseLike } from './checkout/node-listener.js';
export { createWebhookHandler, DEFAULT_WEBHOOK_MAX_BODY_BYTES, type WebhookHandler, type WebhookHandlerErrorCode, type WebhookHandlerOptions } from './webhooks/webhook-handler.js';

// The resources, as types (`Tessera['payments']` is the same); their parameter and outcome types.
export type { Auth } from './resources/auth.js';
export type { BlockRules, ListBlockRulesParams } from './resources/block-rules.js';
export type { BuilderSessions } from './resources/builder-sessions.js';
export type { CheckoutSessions, CheckoutPaymentOutcome, CheckoutSessionOutcome } from './resources/checkout-sessions.js';
export type { ConstructWebhookEventOptions, WebhookSignatureHeader } from './resources/construct-webhook-event.js';
export type { Customers, ListCustomersParams } from './resources/customers.js';
export type { Events, ListEventsParams } from './resources/events.js';
export type { FunnelTracking } from './resources/funnel-tracking.js';
export type { Funnels, FunnelOutcome } from './resources/funnels.js';
export type { Orders, ListOrdersParams } from './resources/orders.js';
export type { PaymentFlows, PaymentFlowOutcome } from './resources/payment-flows.js';
export type { PaymentInstruments, ListPaymentInstrumentsParams, PaymentInstrumentOutcome } from './resources/payment-instruments.js';
export type { Payments, ListPaymentsParams, PaymentOutcome, RefundOutcome, WaitForFinalStatusOptions, WithoutMode } from './resources/payments.js';
export type { ReconcileEvidence, ReconcileFrom, ReconcileOptions, ReconcileResult, ReconcileSearch } from './resources/reconcile.js';
export type { Processors, ArchiveProcessorsOutcome } from './resources/processors.js';
export type { Products, ListProductsParams, ProductOutcome } from './resources/products.js';
export type { PromotionCodes, ListPromotionCodesParams } from './resources/promotion-codes.js';
export type { Promotions } from './resources/promotions.js';
export type { RadarSessions, RadarSessionOutcome } from './resources/radar-sessions.js';
export type { Recognised } from './resources/response-body.js';
export type { Stores, StoreOutcome } from './resources/stores.js';
export type { Subscriptions, ListSubscriptionsParams, RebillOutcome, SubscriptionOutcome } from './resources/subscriptions.js';
export type { ThreeDSSessions } from './resources/threeds-sessions.js';
export type { Webhooks } from './resources/webhooks.js';

// Core's payment and webhook helpers the starters use beside the client, so they need one import.
export { getPaymentAction, getThreeDSChallenge, isKnownWebhookEvent, normalizePaymentStatus, signWebhookPayload, toConfirmablePayment, WEBHOOK_SIGNATURE_HEADER, type ConfirmablePayment } from '@tessera/core';
// Core's types of what the client sends and answers.
export type {
  AppEvent,
  AuthTestResult,
  CheckoutInit,
  CreateRadarSessionRequest,
  CreateThreeDSSessionRequest,
  CreateWebhookEndpointRequest,
  CustomerDetails,
  InitCheckoutRequest,
  KnownWebhookEvent,
  KnownWebhookEventType,
  ListCustomersRequest,
  ListedCustomer,
  ListedProduct,
  ListedSubscription,
  ListEventsRequest,
  ListPaymentInstrumentsRequest,
  ListProductsRequest,
  ListSubscriptionsRequest,
  NormalizedPaymentStatus,
  Order,
  PayCheckoutRequest,
  Payment,
  PaymentAction,
  PaymentInstrument,
  PaymentStatus,
  PaymentSubStatus,
  Product,
  RecentEventsRequest,
  Refund,
  RequireAction,
  SavedRadarSession,
  Subscription,
  ThreeDSChallenge,
  UnknownWebhookEvent,
  WebhookEndpoint,
  WebhookEvent,
  WebhookEventOf,
  WebhookPayload,
} from '@tessera/core';
export type { HttpMethod } from '@tessera/core/internal';
// Every other type a method of the client or of a resource takes or returns, so a wrapper of any method is typed from
// this root alone (scripts/server-exports.mjs writes this list; CI checks it).
// <generated:method-types>
export type { AuthorizeRequest, BlockRule, BuilderSession, CaptureRequest, ChangeSubscriptionProcessorRequest, ContinuePaymentRequest, CreateBlockRuleRequest, CreateBuilderSessionRequest, CreateCheckoutSessionRequest, CreateFunnelPreviewSessionRequest, CreateFunnelRequest, CreatePaymentInstrumentFromTokenRequest, CreatePaymentInstrumentFromTokenResponse, CreateProductRequest, CreatePromotionCodeRequest, CreatePromotionRequest, CreateStoreRequest, CreateSubscriptionRequest, FunnelPreviewSession, FunnelStepTracked, ListWebhookEventsRequest, PaymentFlowInput, Processor, ProcessorInput, ProcessPaymentRequest, Promotion, PromotionCode, PurchaseRequest, RebillSubscriptionRequest, RefundPaymentRequest, RetrievePromotionRequest, ThreeDSSession, TrackFunnelStepRequest, UpdatePromotionCodeRequest, UpdatePromotionRequest, VoidPaymentRequest } from '@tessera/core';
// </generated:method-types>
