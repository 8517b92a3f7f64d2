import type { OperationInput } from '@tessera/core/internal';
import type { SandboxContext } from './context.js';
import { notFound } from './http-error.js';
import type { PaymentFlowRecord } from './state.js';

/** Create payment flow (the flow, sent as `{ data: flow }`) → the flow with its id. Every processor it names must exist. */
export function createPaymentFlow(ctx: SandboxContext, data: OperationInput<'createPaymentFlow'>): PaymentFlowRecord {
  for (const config of [...data.processorConfigs, ...data.fallbackProcessorConfigs]) {
    if (!ctx.state.processors.has(config.processorId)) throw notFound('processor', config.processorId);
  }
  // Fields the document does not list (routing rules, …) are kept and returned; they cannot replace the id.
  const flow: PaymentFlowRecord = { ...data, id: ctx.nextId('flow'), createdAt: ctx.nowIso() };
  ctx.state.paymentFlows.set(flow.id, flow);
  return flow;
}
