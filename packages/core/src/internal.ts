/**
 * `@tessera/core/internal`: the plumbing the sibling packages (`@tessera/server`, `@tessera/tokenizer`,
 * `@tessera/sandbox`) share and their users never call: the catalog of operations and its routes, error-body
 * readers, wrapper and building-block schemas, the vault's paths and the sandbox's keys, `poll`, and the zod/mini
 * functions the sibling packages call at run time (`z`, see `plumbing/zod-mini.ts`).
 *
 * NOT covered by semver: any of it may change or go in any release. Import from `@tessera/core` instead.
 * @packageDocumentation
 */
export { cardBrandRanges, cardBrandRules } from './card/card-brand.js';
export { cardBrandOfVaultId, vaultCardBrandIds } from './card/vault-card-brands.js';
export { mayHoldCardNumber } from './errors/card-number-text.js';
export { findCardDataField } from './card/find-card-data-field.js';
export { challengeRequest, decodeChallengeRequest, type ChallengeRequest } from './threeds/challenge-message.js';
export { encodeChallengeRequest } from './threeds/challenge-request.js';
export { describeConnectionFailure, type ConnectionFailure } from './errors/connection-failure.js';
export { currencyCode, minorUnits, nonEmptyString, positiveMinorUnits, resourceId, withoutCardData } from './resources/common.js';
export { findErrorCode, parseErrorData, readErrorBody, readErrorCodeAndFields, type ErrorBodyDetails, type ErrorCodeAndFields } from './errors/error-body.js';
export { apiErrorBody, type ApiErrorBody } from './errors/error-body-schema.js';
export { blockRuleCriteria } from './resources/block-rule.js';
export { appEventList, type AppEventList } from './resources/event.js';
export { pageListRequest, sortBy, sortDirection } from './resources/list-request.js';
export {
  API_PREFIX,
  operations,
  type HttpMethod,
  type Operation,
  type OperationInput,
  type OperationName,
  type OperationResource,
} from './catalog/operations.js';
export { isLoopbackUrl } from './plumbing/loopback.js';
export { UNLISTED_FILTER_HINT } from './resources/list-filters.js';
export { minorUnitsMessage } from './money/minor-units-message.js';
export { minorUnitsToDecimal } from './money/minor-units.js';
export { orderList, type OrderList } from './resources/order.js';
export { pageNumber, pageSize, paymentList, paymentResponse, type PaymentList, type PaymentResponse } from './resources/payment.js';
export { paymentInstrumentList, type PaymentInstrumentList } from './resources/payment-instrument.js';
export { MAX_TIMER_MS, poll, sleep, type PollOptions } from './plumbing/poll.js';
export {
  archiveProcessorsResponse,
  createProcessorRequest,
  processorResponse,
  type ArchiveProcessorsResponse,
  type CreateProcessorRequest,
} from './resources/processor.js';
export { MAX_REQUEST_ID_LENGTH, safeRequestId } from './errors/request-id.js';
export { routePath, routes, type OperationMethod, type Route } from './catalog/routes.js';
export { SANDBOX_API_KEY, SANDBOX_SHOP_STORE_ID } from './plumbing/sandbox-api-key.js';
export { SERVICE_ORIGINS } from './plumbing/service-origins.js';
export {
  checkoutSessionInitPath,
  checkoutSessionV2Path,
  cmsAnonymousSessionPath,
  cmsSessionInitPath,
  cmsTokenHeader,
  sessionActionProcessedPath,
  sessionApplyPromotionPath,
  sessionContinuePaymentPath,
  sessionPaymentInstrumentPath,
  sessionPaymentPath,
  sessionPayPath,
  sessionProductPath,
  sessionProductsPath,
  sessionRadarSessionPath,
  sessionThreeDSSessionPath,
} from './plumbing/browser-session-routes.js';
export {
  anonymousSessionRequest,
  cmsSessionInitRequest,
  sessionApplyPromotionRequest,
  sessionPaymentIdRequest,
  sessionPaymentInstrumentRequest,
  sessionPayRequest,
  sessionProductRequest,
  sessionProductsRequest,
  sessionThreeDSRequest,
  storeCheckoutInitRequest,
  storeCheckoutLineItem,
} from './resources/browser-session.js';
export { priceKeys } from './resources/price-keys.js';
export { parseOrThrow, toFieldErrors } from './errors/validation.js';
export { SANDBOX_VAULT_KEY, SERVICE_VAULT_TENANT_IDS, vaultApplePayPath, vaultApplePaySessionPath, vaultCardsPath, vaultGooglePayPath, vaultKeyHeader } from './plumbing/vault-routes.js';
export { webhookList, type WebhookList } from './resources/webhook-endpoint.js';
export { decodeBase64, decodeBase64Utf8, encodeBase64, encodeBase64Utf8 } from './plumbing/base64.js';
export { computeWebhookSignature, parseWebhookSignature, timingSafeEqual, webhookPayloadBytes, type ParsedWebhookSignature } from './webhooks/webhook-signature.js';
export * as z from './plumbing/zod-mini.js';
