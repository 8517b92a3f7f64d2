import { abandonedChallenges } from '../service/abandoned-challenges.js';
import { btThreeDSSessions } from '../emulations/bt-threeds.js';
import { checkoutPayments, checkoutSessions } from '../service/checkout.js';
import { cmsSessions } from '../service/cms-sessions.js';
import { type Collection, type CollectionValue, emptyCollection } from './collection.js';
import { customers } from '../service/customers.js';
import { idempotencyAnswers } from './idempotency.js';
import { instruments } from '../service/instruments.js';
import { threedsSessions } from '../service/threeds-sessions.js';
import { ledger } from './ledger.js';
import { challenges, payments } from '../service/payment-records.js';
import { orders } from '../service/orders.js';
import { paymentFlows } from '../service/payment-flows.js';
import { refunds } from '../service/refunds.js';
import { processors } from '../service/processors.js';
import { products, variants } from '../service/products.js';
import { radarDeviceSessions, radarSessions } from '../service/radar-sessions.js';
import { stores } from '../service/stores.js';
import { subscriptions } from '../service/subscriptions.js';
import { testClocks } from '../service/test-clock-scope.js';
import { vaultTokens } from '../emulations/vault.js';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../service/webhooks.js';

/**
 * Every collection of the sandbox, each declared by the module that owns its records (the one list of them: the
 * state and `sandbox.records` are derived from it).
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
  ledger,
  idempotencyAnswers,
  testClocks,
] as const;

/** One of the sandbox's collections. */
export type SandboxCollection = (typeof collections)[number];

/** Everything the sandbox holds, by collection name. Internal: tests read it through the sandbox's read-only `records`. */
export type SandboxState = { [C in SandboxCollection as C['name']]: CollectionValue<C> };

/** An empty state. */
export function createState(): SandboxState {
  return Object.fromEntries(collections.map((declaration: Collection) => [declaration.name, emptyCollection(declaration)])) as SandboxState;
}
