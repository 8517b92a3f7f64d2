/**
 * `@tessera/sandbox/internal`: what the sandbox's records hold, record by record, and the helpers behind them, for
 * Tessera's own packages and tests. Not covered by semver: any of it may change in a patch release. Users read
 * records through `sandbox.records` (`SandboxRecords`, from the package root).
 */
export { type RouteAnswer, type SandboxAnswer } from './wire/answer.js';
export { type BtThreeDSSessionRecord } from './emulations/bt-threeds.js';
export { type CheckoutSessionRecord } from './service/checkout.js';
export { type CustomerRecord } from './service/customers.js';
export { type IdempotencyRecord } from './state/idempotency.js';
export { answerInProcess, type InProcessRequest } from './in-process.js';
export { type InstrumentRecord } from './service/instruments.js';
export { type ThreeDSSessionRecord } from './service/threeds-sessions.js';
export { type LedgerEntry } from './state/ledger.js';
export { type PaymentActionData, type PaymentAttempt, type PaymentRecord, type PaymentRecordStatus } from './service/payment-records.js';
export { type OrderRecord } from './service/orders.js';
export { type FlowProcessorConfig, type PaymentFlowRecord } from './service/payment-flows.js';
export { type RefundRecord } from './service/refunds.js';
export { type ProcessorRecord } from './service/processors.js';
export { type PriceRecord, type ProductRecord, type VariantRecord } from './service/products.js';
export { type StoreRecord } from './service/stores.js';
export { type BillingInterval, type SubscriptionRecord } from './service/subscriptions.js';
export { testCardOutcome } from './service/test-cards.js';
export { SANDBOX_BT_TENANT_ID, type VaultTokenRecord } from './emulations/vault.js';
export {
  appEventTypeOf,
  type WebhookDelivery,
  type WebhookDeliveryAttempt,
  type WebhookEndpointRecord,
  type WebhookEventRecord,
  webhookEventTypeRenames,
  webhookEventTypes,
} from './service/webhooks.js';
