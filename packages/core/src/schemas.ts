/**
 * `@tessera/core/schemas`: the zod 4 schemas of the Tessera service, one per resource and request (`paymentSchema`,
 * `purchaseRequest`, …), for code that checks data it did not get through the SDK (a stored payment, a queued request).
 * Each schema's inferred type is exported by name from `@tessera/core` (`Payment`, `PurchaseRequest`, …).
 *
 * They are `zod/mini` schemas: parse with `z.parse(paymentSchema, data)` or `paymentSchema.parse(data)`, with the
 * zod you import yourself; they compose into your own schemas. Covered by semver like the root.
 * @packageDocumentation
 */

// One schema per resource and request of the service: every value the resource modules export, except those tagged
// `@internal` (generated: node scripts/core-exports.mjs).
// <generated:resource-schemas>
export { authTestResult, testAuthRequest } from './resources/auth.js';
export { blockRule, createBlockRuleRequest, listBlockRulesRequest } from './resources/block-rule.js';
export { builderPermission, builderSessionLifetime, builderSessionSchema, createBuilderSessionRequest } from './resources/builder-session.js';
export { cardFacts } from './resources/card-facts.js';
export { checkoutInit, checkoutSession, createCheckoutSessionRequest, initCheckoutRequest, payCheckoutRequest } from './resources/checkout-session.js';
export { customerSummary } from './resources/customer-summary.js';
export { customerData, customerDetails, customerSchema, listCustomerPaymentInstrumentsParams, listCustomersFilters, listCustomersRequest, listedCustomer } from './resources/customer.js';
export { appEvent, listEventsFilters, listEventsRequest, recentEventsRequest } from './resources/event.js';
export { funnelStepEventType, funnelStepTracked, trackFunnelStepRequest } from './resources/funnel-tracking.js';
export { createFunnelPreviewSessionRequest, createFunnelRequest, funnelConfigInput, funnelEdgeInput, funnelNodeInput, funnelPreviewSessionSchema, funnelSchema, funnelStepInput, funnelStepVariantInput } from './resources/funnel.js';
export { dateConditions, dateFilter } from './resources/list-filters.js';
export { listOrdersRequest, orderLineItem, orderSchema } from './resources/order.js';
export { createPaymentFlowRequest, paymentFlow, paymentFlowInput, processorConfig } from './resources/payment-flow.js';
export { createPaymentInstrumentFromTokenRequest, createPaymentInstrumentFromTokenResponse, listPaymentInstrumentsFilters, listPaymentInstrumentsRequest, paymentInstrument } from './resources/payment-instrument.js';
export { authorizeRequest, captureRequest, continuePaymentRequest, listPaymentsFilters, listPaymentsRequest, paymentInstrumentSummary, paymentMetadata, paymentSchema, paymentTransaction, processPaymentRequest, purchaseRequest, reasonType, refundPaymentRequest, refundSchema, requireActionData, threeDSChallengeData, voidPaymentRequest } from './resources/payment.js';
export { archiveProcessorsRequest, processorInput, processorSchema } from './resources/processor.js';
export { createProductRequest, currencyOptions, listedProduct, listProductsFilters, listProductsRequest, productPrice, productPriceInput, productSchema, productVariantInput } from './resources/product.js';
export { createPromotionCodeRequest, listPromotionCodesRequest, promotionCodeSchema, promotionCodeUpdateData, updatePromotionCodeRequest } from './resources/promotion-code.js';
export { createPromotionRequest, promotionSchema, promotionUpdateData, retrievePromotionRequest, updatePromotionRequest } from './resources/promotion.js';
export { createRadarSessionRequest, savedRadarSession } from './resources/radar-session.js';
export { createStoreRequest, storeSchema } from './resources/store.js';
export { changeSubscriptionProcessorRequest, createSubscriptionRequest, listedSubscription, listSubscriptionsFilters, listSubscriptionsRequest, rebillSubscriptionRequest, subscriptionSchema, subscriptionSortFields } from './resources/subscription.js';
export { createThreeDSSessionRequest, threeDSSession } from './resources/threeds-session.js';
export { createWebhookEndpointRequest, listWebhookEventsRequest, webhookEndpoint } from './resources/webhook-endpoint.js';
export { webhookEvent, webhookEventData, webhookEventFields } from './resources/webhook-event.js';
// </generated:resource-schemas>

// The card a customer types, and the vault's answer for it.
export { cardInput } from './card/card-input.js';
export { cardTokenResponse } from './card/card-token.js';

// The service token's envelope.
export { serviceToken, serviceTokenMetadata, serviceTokenType } from './service-token/service-token.js';
