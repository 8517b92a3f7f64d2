export { type ClockMode, type TestClock } from './clock.js';
export { type FaultDecision, type FaultKind, type FaultRule, type FiredFault, type SandboxFaults } from './faults.js';
export { SANDBOX_API_KEY } from './keys.js';
export { createSandbox, type Sandbox, type SandboxDefaults, type SandboxOptions } from './sandbox.js';
export { type IdempotencyRecord, type StoredResponse } from './idempotency.js';
export { type ListView, type RecordView, type SandboxRecords } from './records.js';
export { type RouteName } from './route-name.js';
export { sandboxRoutes, type SandboxRouteName } from './sandbox-routes.js';
export { MINIMUM_NODE_VERSION } from './node-version.js';
export { startSandboxServer, type SandboxRequestLogEntry, type SandboxServer, type SandboxServerOptions } from './server.js';
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
export { testCardOutcome, testCards, type TestCardOutcome } from './test-cards.js';
export { SANDBOX_BT_TENANT_ID } from './vault.js';
export { appEventTypeOf, webhookEventTypeRenames, webhookEventTypes, type WebhookDeliveryOptions, type WebhookEventType } from './webhooks.js';
export { signWebhookPayload, WEBHOOK_SIGNATURE_HEADER } from '@tessera/core';
