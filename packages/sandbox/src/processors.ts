import type { OperationInput } from '@tessera/core/internal';
import type { SandboxContext } from './context.js';
import { notFound } from './http-error.js';
import type { ProcessorRecord } from './state.js';

/** `POST /processors/create` (the processor, sent as `{ processor }`) → `{ processor }` (without `options`, which may hold secrets). */
export function createProcessor(ctx: SandboxContext, input: OperationInput<'createProcessor'>): { processor: ProcessorRecord } {
  const processor: ProcessorRecord = {
    id: ctx.nextId('proc'),
    name: input.name,
    type: input.type,
    enabled: input.enabled,
    supportedCurrencies: input.supportedCurrencies,
    baseCurrency: input.baseCurrency,
    archived: false,
    createdAt: ctx.nowIso(),
  };
  ctx.state.processors.set(processor.id, processor);
  return { processor };
}

/**
 * Archive processors (ids; the route also reads `{ processorIds }`) → `{ archived: [ids] }`. Every id must exist;
 * archived processors take no more payments.
 */
export function archiveProcessors(ctx: SandboxContext, processorIds: OperationInput<'archiveProcessors'>): { archived: string[] } {
  for (const id of processorIds) if (!ctx.state.processors.has(id)) throw notFound('processor', id);
  for (const id of processorIds) {
    const processor = ctx.state.processors.get(id);
    if (processor) processor.archived = true;
  }
  return { archived: processorIds };
}
