import type { OperationInput } from '@tessera/core/internal';
import type { SandboxContext } from './context.js';
import { notFound } from './http-error.js';
import type { StoreRecord } from './state.js';

/** Create store → the store with its id. A store without a flow charges as if on a sandbox processor. */
export function createStore(ctx: SandboxContext, input: OperationInput<'createStore'>): StoreRecord {
  if (input.selectedPaymentFlowId !== undefined && !ctx.state.paymentFlows.has(input.selectedPaymentFlowId)) {
    throw notFound('payment flow', input.selectedPaymentFlowId);
  }
  const store: StoreRecord = {
    id: ctx.nextId('store'),
    name: input.name,
    baseCurrency: input.baseCurrency,
    presentmentCurrencies: input.presentmentCurrencies,
    chargeCurrencies: input.chargeCurrencies,
    selectedPaymentFlowId: input.selectedPaymentFlowId ?? null,
    createdAt: ctx.nowIso(),
  };
  ctx.state.stores.set(store.id, store);
  return store;
}
