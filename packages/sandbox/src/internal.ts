/**
 * `@tessera/sandbox/internal`: what the sandbox's records hold, record by record, and the helpers behind them, for
 * Tessera's own packages and tests. Not covered by semver: any of it may change in a patch release. Users read
 * records through `sandbox.records` ({@link SandboxRecords}, from the package root).
 */
export { type SandboxAnswer } from './answer.js';
export { type IdempotencyRecord } from './idempotency.js';
export type { SandboxRecords } from './records.js';
export {
  type CheckoutSessionRecord,
  type CustomerRecord,
  type InstrumentRecord,
  type LedgerEntry,
  type OrderRecord,
  type PaymentActionData,
  type PaymentAttempt,
  type PaymentFlowRecord,
  type PaymentRecord,
  type PaymentRecordStatus,
  type PriceRecord,
  type ProcessorRecord,
  type ProductRecord,
  type RefundRecord,
  type FlowProcessorConfig,
  type BillingInterval,
  type BtThreeDSSessionRecord,
  type StoreRecord,
  type SubscriptionRecord,
  type ThreeDSSessionRecord,
  type VariantRecord,
  type VaultTokenRecord,
  type WebhookDelivery,
  type WebhookDeliveryAttempt,
  type WebhookEndpointRecord,
  type WebhookEventRecord,
} from './state.js';
export { testCardOutcome } from './test-cards.js';
export { SANDBOX_BT_TENANT_ID } from './vault.js';
export { appEventTypeOf, webhookEventTypeRenames, webhookEventTypes } from './webhooks.js';
