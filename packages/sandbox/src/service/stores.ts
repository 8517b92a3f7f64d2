import type * as z from 'zod/mini';
import type { RequestFields } from '@tessera/core';
import type { createStoreRequest } from '@tessera/core/schemas';
import type { OperationInput } from '@tessera/core/internal';
import { byId } from '../state/collection.js';
import type { SandboxContext, ServedOperations } from './context.js';
import { notFound } from '../errors/http-error.js';
import { paymentFlows } from './payment-flows.js';

/** A store: core's create-store input with its id; `selectedPaymentFlowId` is `null` for a store without a flow. */
export type StoreRecord = Omit<RequestFields<z.output<typeof createStoreRequest>>, 'selectedPaymentFlowId'> & {
  id: string;
  selectedPaymentFlowId: string | null;
  createdAt: string;
};

/** Stores by id. */
export const stores = byId<StoreRecord>()('stores');

/** Create store → the store with its id. A store without a flow charges as if on a sandbox processor. */
export function createStore(ctx: SandboxContext, input: OperationInput<'createStore'>): StoreRecord {
  if (input.selectedPaymentFlowId !== undefined && !paymentFlows.of(ctx).has(input.selectedPaymentFlowId)) {
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
  stores.of(ctx).set(store.id, store);
  return store;
}

/** The store, or a 404. */
export function requireStore(ctx: SandboxContext, storeId: string): StoreRecord {
  const store = stores.of(ctx).get(storeId);
  if (!store) throw notFound('store', storeId);
  return store;
}

/** Stores: the operations this module serves. */
export const storeOperations = {
  createStore,
} satisfies ServedOperations;
