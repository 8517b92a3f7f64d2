/**
 * `@tessera/sandbox/internal`: what the sandbox's records hold, record by record, and the helpers behind them, for
 * Tessera's own packages and tests. Not covered by semver: any of it may change in a patch release. Users read
 * records through `sandbox.records` (`SandboxRecords`, from the package root).
 */
export { type RouteAnswer, type SandboxAnswer } from './answer.js';
export { type BtThreeDSSessionRecord } from './bt-threeds.js';
export { type CheckoutSessionRecord } from './checkout.js';
export { type CustomerRecord } from './customers.js';
export { type IdempotencyRecord } from './idempotency.js';
export { answerInProcess, type InProcessRequest } from './in-process.js';
export { type InstrumentRecord, type ThreeDSSessionRecord } from './instruments.js';
export { type LedgerEntry } from './ledger.js';
export { type PaymentActionData, type PaymentAttempt, type PaymentRecord, type PaymentRecordStatus } from './lifecycle.js';
export { type OrderRecord } from './orders.js';
export { type FlowProcessorConfig, type PaymentFlowRecord } from './payment-flows.js';
export { type RefundRecord } from './payments.js';
export { type ProcessorRecord } from './processors.js';
export { type PriceRecord, type ProductRecord, type VariantRecord } from './products.js';
export { type StoreRecord } from './stores.js';
export { type BillingInterval, type SubscriptionRecord } from './subscriptions.js';
export { testCardOutcome } from './test-cards.js';
export { SANDBOX_BT_TENANT_ID, type VaultTokenRecord } from './vault.js';
export {
  appEventTypeOf,
  type WebhookDelivery,
  type WebhookDeliveryAttempt,
  type WebhookEndpointRecord,
  type WebhookEventRecord,
  webhookEventTypeRenames,
  webhookEventTypes,
} from './webhooks.js';
