import type * as z from 'zod/mini';
import type { RequestFields } from '@tessera/core';
import type { paymentFlowInput, processorConfig } from '@tessera/core/schemas';
import type { OperationInput } from '@tessera/core/internal';
import { byId } from '../state/collection.js';
import type { SandboxContext, ServedOperations } from './context.js';
import { notFound } from '../errors/http-error.js';
import { processors } from './processors.js';

/** One processor of a flow. */
export type FlowProcessorConfig = RequestFields<z.output<typeof processorConfig>>;

/** A payment flow: core's flow input (fields the document does not list are kept) with its id. */
export type PaymentFlowRecord = RequestFields<z.output<typeof paymentFlowInput>> & { id: string; createdAt: string };

/** Payment flows by id. */
export const paymentFlows = byId<PaymentFlowRecord>()('paymentFlows');

/** Create payment flow (the flow, sent as `{ data: flow }`) → the flow with its id. Every processor it names must exist. */
export function createPaymentFlow(ctx: SandboxContext, data: OperationInput<'createPaymentFlow'>): PaymentFlowRecord {
  for (const config of [...data.processorConfigs, ...data.fallbackProcessorConfigs]) {
    if (!processors.of(ctx).has(config.processorId)) throw notFound('processor', config.processorId);
  }
  // Fields the document does not list (routing rules, …) are kept and returned; they cannot replace the id.
  const flow: PaymentFlowRecord = { ...data, id: ctx.nextId('flow'), createdAt: ctx.nowIso() };
  paymentFlows.of(ctx).set(flow.id, flow);
  return flow;
}

/** Payment flows: the operations this module serves. */
export const paymentFlowOperations = {
  createPaymentFlow,
} satisfies ServedOperations;
