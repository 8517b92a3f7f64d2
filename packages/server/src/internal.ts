/**
 * `@tessera/server/internal`: what tests, tools and the sibling packages use and an application does not need. Not
 * covered by semver the way the root is: a name here may change in a minor release (the changeset says so). The
 * client, its errors and its types are on the root (`@tessera/server`); core's other helpers on `@tessera/core`.
 *
 * Here: the resource classes and `Page` as values (the root exports them as types), the client's defaults and
 * limits, the environments' origins, the version, webhook verification as a function (the root's way is
 * `tessera.webhooks.constructEvent`) and the 409 codes that are never retried.
 * @packageDocumentation
 */
export { VERSION } from './core/version.js';
export { DEFAULT_TIMEOUT_MS } from './client/tessera.js';
export { environmentOrigins, PRODUCTION_BASE_URL, SANDBOX_BASE_URL } from './core/environment.js';
export { Page, PagePromise } from './core/page.js';
export { DEFAULT_MAX_RESPONSE_BYTES } from './transport/http-client.js';
export { DEFAULT_MAX_RETRIES, MAX_RETRY_AFTER_MS } from './transport/retry-policy.js';
export { isPermanentConflict, PERMANENT_CONFLICT_CODES } from './transport/failure.js';
export { constructWebhookEvent, MAX_WEBHOOK_TOLERANCE_SECONDS } from './resources/construct-webhook-event.js';
export { Auth } from './resources/auth.js';
export { BlockRules } from './resources/block-rules.js';
export { BuilderSessions } from './resources/builder-sessions.js';
export { CheckoutSessions } from './resources/checkout-sessions.js';
export { Customers } from './resources/customers.js';
export { Events } from './resources/events.js';
export { FunnelTracking } from './resources/funnel-tracking.js';
export { Funnels } from './resources/funnels.js';
export { Orders } from './resources/orders.js';
export { PaymentFlows } from './resources/payment-flows.js';
export { PaymentInstruments } from './resources/payment-instruments.js';
export { MIN_POLL_INTERVAL_MS, Payments } from './resources/payments.js';
export { Processors } from './resources/processors.js';
export { Products } from './resources/products.js';
export { PromotionCodes } from './resources/promotion-codes.js';
export { Promotions } from './resources/promotions.js';
export { RadarSessions } from './resources/radar-sessions.js';
export { Stores } from './resources/stores.js';
export { Subscriptions } from './resources/subscriptions.js';
export { ThreeDSSessions } from './resources/threeds-sessions.js';
export { Webhooks } from './resources/webhooks.js';
