import { btThreeDSSessions } from './bt-threeds.js';
import { checkoutSessions } from './checkout.js';
import { type Collection, type CollectionValue, emptyCollection } from './collection.js';
import { customers } from './customers.js';
import { idempotencyAnswers } from './idempotency.js';
import { instruments, threedsSessions } from './instruments.js';
import { ledger } from './ledger.js';
import { challenges, payments } from './lifecycle.js';
import { orders } from './orders.js';
import { paymentFlows } from './payment-flows.js';
import { refunds } from './payments.js';
import { processors } from './processors.js';
import { products, variants } from './products.js';
import { radarDeviceSessions, radarSessions } from './radar-sessions.js';
import { stores } from './stores.js';
import { subscriptions } from './subscriptions.js';
import { vaultTokens } from './vault.js';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from './webhooks.js';

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
  radarSessions,
  radarDeviceSessions,
  webhookEvents,
  webhookEndpoints,
  webhookDeliveries,
  ledger,
  idempotencyAnswers,
] as const;

/** One of the sandbox's collections. */
export type SandboxCollection = (typeof collections)[number];

/** Everything the sandbox holds, by collection name. Internal: tests read it through the sandbox's read-only `records`. */
export type SandboxState = { [C in SandboxCollection as C['name']]: CollectionValue<C> };

/** An empty state. */
export function createState(): SandboxState {
  return Object.fromEntries(collections.map((declaration: Collection) => [declaration.name, emptyCollection(declaration)])) as SandboxState;
}
