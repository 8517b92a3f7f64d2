import type * as z from 'zod/mini';
import type { RequestFields } from '@tessera/core';
import type { processorInput } from '@tessera/core/schemas';
import type { OperationInput } from '@tessera/core/internal';
import { byId } from '../state/collection.js';
import type { SandboxContext, ServedOperations } from './context.js';
import { notFound } from '../errors/http-error.js';

/** A processor as the sandbox keeps it: core's processor input without `options` (which may hold gateway secrets, never returned). */
export type ProcessorRecord = Omit<RequestFields<z.output<typeof processorInput>>, 'options'> & { id: string; archived: boolean; createdAt: string };

/** Processors by id. */
export const processors = byId<ProcessorRecord>()('processors');

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
  processors.of(ctx).set(processor.id, processor);
  return { processor };
}

/**
 * Archive processors (ids; the route also reads `{ processorIds }`) → `{ archived: [ids] }`. Every id must exist;
 * archived processors take no more payments.
 */
export function archiveProcessors(ctx: SandboxContext, processorIds: OperationInput<'archiveProcessors'>): { archived: string[] } {
  for (const id of processorIds) if (!processors.of(ctx).has(id)) throw notFound('processor', id);
  for (const id of processorIds) {
    const processor = processors.of(ctx).get(id);
    if (processor) processor.archived = true;
  }
  return { archived: processorIds };
}

/** Processors: the operations this module serves. */
export const processorOperations = {
  createProcessor,
  archiveProcessors,
} satisfies ServedOperations;
