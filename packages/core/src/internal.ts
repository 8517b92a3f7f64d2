/**
 * `@tessera/core/internal`: the plumbing the sibling packages (`@tessera/server`, `@tessera/tokenizer`,
 * `@tessera/sandbox`) share and their users never call: the catalog of operations and its routes, error-body
 * readers, wrapper and building-block schemas, the vault's paths and the sandbox's keys, `poll`, and the zod/mini
 * functions the sibling packages call at run time (`z`, see `zod-mini.ts`).
 *
 * NOT covered by semver: any of it may change or go in any release. Import from `@tessera/core` instead.
 * @packageDocumentation
 */
export { mayHoldCardNumber } from './card-number-text.js';
export { findCardDataField } from './card-data-fields.js';
export { challengeRequest, decodeChallengeRequest, type ChallengeRequest } from './challenge-message.js';
export { encodeChallengeRequest } from './challenge-request.js';
export { describeConnectionFailure, type ConnectionFailure } from './connection-failure.js';
export { currencyCode, minorUnits, nonEmptyString, positiveMinorUnits, resourceId, withoutCardData } from './common.js';
export { findErrorCode, parseErrorData, readErrorBody, readErrorCodeAndFields, type ErrorBodyDetails, type ErrorCodeAndFields } from './error-body.js';
export { apiErrorBody, type ApiErrorBody } from './error-body-schema.js';
export { appEventList, type AppEventList } from './event.js';
export { listFilters, pageListRequest, sortBy, sortDirection } from './list-request.js';
export {
  API_PREFIX,
  operations,
  type HttpMethod,
  type Operation,
  type OperationInput,
  type OperationName,
  type OperationResource,
} from './operations.js';
export { isLoopbackUrl } from './loopback.js';
export { minorUnitsMessage } from './minor-units-message.js';
export { orderList, type OrderList } from './order.js';
export { pageNumber, pageSize, paymentList, paymentResponse, type PaymentList, type PaymentResponse } from './payment.js';
export { paymentInstrumentList, type PaymentInstrumentList } from './payment-instrument.js';
export { MAX_TIMER_MS, poll, sleep, type PollOptions } from './poll.js';
export {
  archiveProcessorsResponse,
  createProcessorRequest,
  processorResponse,
  type ArchiveProcessorsResponse,
  type CreateProcessorRequest,
} from './processor.js';
export { MAX_REQUEST_ID_LENGTH, safeRequestId } from './request-id.js';
export { routePath, routes, type OperationMethod, type Route } from './routes.js';
export { SANDBOX_API_KEY } from './sandbox-api-key.js';
export { parseOrThrow, toFieldErrors } from './validation.js';
export { SANDBOX_VAULT_KEY, vaultApplePayPath, vaultApplePaySessionPath, vaultCardsPath, vaultGooglePayPath, vaultKeyHeader } from './vault-routes.js';
export { webhookList, type WebhookList } from './webhook.js';
export { computeWebhookSignature, parseWebhookSignature, timingSafeEqual, webhookPayloadBytes, type ParsedWebhookSignature } from './webhook-signature.js';
export * as z from './zod-mini.js';
