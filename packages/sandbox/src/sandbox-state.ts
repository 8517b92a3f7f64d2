import { abandonedChallenges } from './service/abandoned-challenges.js';
import { blockRules } from './service/block-rules.js';
import { builderSessions } from './service/builder-sessions.js';
import { btThreeDSSessions } from './emulations/bt-threeds.js';
import { checkoutPayments, checkoutSessions } from './service/checkout.js';
import { cmsSessions } from './service/cms-sessions.js';
import { emptyState, type StateOf } from './state/collection.js';
import { funnelPreviewSessions, funnels } from './service/funnels.js';
import { funnelStepEvents } from './service/funnel-tracking.js';
import { customers } from './service/customers.js';
import { idempotencyAnswers } from './state/idempotency.js';
import { instruments } from './service/instruments.js';
import { threedsSessions } from './service/threeds-sessions.js';
import { ledger } from './state/ledger.js';
import type { RecordsOf } from './state/records.js';
import { challenges, payments } from './service/payment-records.js';
import { orders } from './service/orders.js';
import { paymentFlows } from './service/payment-flows.js';
import { refunds } from './service/refunds.js';
import { processors } from './service/processors.js';
import { products, variants } from './service/products.js';
import { promotionCodes } from './service/promotion-codes.js';
import { promotions } from './service/promotions.js';
import { radarDeviceSessions, radarSessions } from './service/radar-sessions.js';
import { stores } from './service/stores.js';
import { subscriptions } from './service/subscriptions.js';
import { testClocks } from './service/test-clock-records.js';
import { vaultTokens } from './emulations/vault.js';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from './service/webhooks.js';

/**
 * Every collection of the sandbox, each declared by the module that owns its records (the one list of them: the
 * state, its data file and `sandbox.records` are derived from it). Composed here, above every folder, so that
 * `state/` imports no operation: it keeps collections of any declaration it is given.
 */
export const collections = [
  processors,
  paymentFlows,
  stores,
  products,
  variants,
  checkoutSessions,
  checkoutPayments,
  cmsSessions,
  orders,
  subscriptions,
  customers,
  vaultTokens,
  instruments,
  threedsSessions,
  btThreeDSSessions,
  payments,
  refunds,
  challenges,
  abandonedChallenges,
  radarSessions,
  radarDeviceSessions,
  webhookEvents,
  webhookEndpoints,
  webhookDeliveries,
  blockRules,
  funnels,
  funnelPreviewSessions,
  funnelStepEvents,
  builderSessions,
  promotions,
  promotionCodes,
  ledger,
  idempotencyAnswers,
  testClocks,
] as const;

/** One of the sandbox's collections. */
export type SandboxCollection = (typeof collections)[number];

/** Everything the sandbox holds, by collection name. Internal: tests read it through the sandbox's read-only `records`. */
export type SandboxState = StateOf<SandboxCollection>;

/**
 * Read-only views of everything the sandbox holds (read them in assertions; change it only through requests): one
 * per collection its module shows, e.g. `records.payments.get(id)`, `records.ledger.list()` (count `charge` and
 * `capture` entries to assert that nothing was charged twice), `records.webhookEndpoints` (with their secrets).
 */
export type SandboxRecords = RecordsOf<SandboxCollection>;

/** An empty state. */
export function createState(): SandboxState {
  return emptyState(collections);
}
