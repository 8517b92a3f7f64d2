import type { SandboxContext } from './context.js';
import { createPaymentFlow } from './payment-flows.js';
import { createProcessor } from './processors.js';
import { createStore } from './stores.js';
import { seedShop, type ShopDefaults } from './shop-store.js';

/** What `createSandbox` seeds, so tests can pay without any setup. */
export interface SandboxDefaults {
  /** A USD store whose flow has one `sandbox` processor: approves everything, no 3DS. */
  storeId: string;
  processorId: string;
  paymentFlowId: string;
  /** A USD store whose flow has a `simulated` processor (test cards, 3DS enabled) and a `sandbox` fallback (fallbackMode on). */
  gateway: { storeId: string; processorId: string; fallbackProcessorId: string; paymentFlowId: string };
  /** "Sandbox shop": a USD store on the gateway's flow with a catalog of three products, for pages that sell with no merchant server. */
  shop: ShopDefaults;
}

// The processors, flows and stores a new sandbox seeds, made by the same operations a user's requests run.

/** A test-mode processor of `type` for USD, EUR and GBP; its id. */
const processor = (ctx: SandboxContext, name: string, type: string): string =>
  createProcessor(ctx, { name, type, enabled: true, supportedCurrencies: ['USD', 'EUR', 'GBP'], baseCurrency: 'USD', options: { testMode: true } }).processor.id;
const config = (processorId: string) => ({ processorId, weight: 100, disabled: false, nonStickable: false });
/** A weighted flow over `primary`, with `fallback` processors when given; its id. */
const flow = (ctx: SandboxContext, name: string, threeDsEnabled: boolean, primary: string, fallback: string[]): string =>
  createPaymentFlow(ctx, {
    name,
    strategy: 'simple',
    fallbackMode: fallback.length > 0,
    maxFallbackRetries: 0,
    threeDsEnabled,
    stickyProcessorEnabled: false,
    pickProcessorStrategy: 'weighted',
    processorConfigs: [config(primary)],
    fallbackProcessorConfigs: fallback.map(config),
    abuseDetectionConfig: null,
  }).id;
/** A USD store paying through `selectedPaymentFlowId`; its id. */
const store = (ctx: SandboxContext, name: string, selectedPaymentFlowId: string): string =>
  createStore(ctx, { name, baseCurrency: 'USD', presentmentCurrencies: ['USD'], chargeCurrencies: ['USD'], selectedPaymentFlowId }).id;

/** Seeds a new sandbox's three stores (see {@link SandboxDefaults}). */
export function seedDefaults(ctx: SandboxContext): SandboxDefaults {
  const processorId = processor(ctx, 'Sandbox', 'sandbox');
  const paymentFlowId = flow(ctx, 'Sandbox flow', false, processorId, []);
  const storeId = store(ctx, 'Sandbox store', paymentFlowId);
  const gatewayProcessorId = processor(ctx, 'Simulated gateway', 'simulated');
  const fallbackProcessorId = processor(ctx, 'Sandbox fallback', 'sandbox');
  const gatewayFlowId = flow(ctx, 'Gateway flow', true, gatewayProcessorId, [fallbackProcessorId]);
  const gatewayStoreId = store(ctx, 'Gateway store', gatewayFlowId);
  return {
    storeId,
    processorId,
    paymentFlowId,
    gateway: { storeId: gatewayStoreId, processorId: gatewayProcessorId, fallbackProcessorId, paymentFlowId: gatewayFlowId },
    shop: seedShop(ctx, gatewayFlowId),
  };
}
