import { archiveProcessorsRequest, createProcessorRequest } from '@tessera/core';
import * as z from 'zod/mini';
import type { SandboxContext } from './context.js';
import { notFound } from './http-error.js';
import type { ProcessorRecord } from './state.js';
import { validate } from './validate.js';

/** `POST /processors/create` → `{ processor }` (without `options`, which may hold secrets). */
export function createProcessor(ctx: SandboxContext, body: unknown): { processor: ProcessorRecord } {
  const { processor: input } = validate(createProcessorRequest, body);
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

// The document's input is "array of processor ids" (what the client sends); `{ processorIds }` is accepted too.
const archiveBody = z.union([archiveProcessorsRequest, z.looseObject({ processorIds: archiveProcessorsRequest })]);

/**
 * Archive processors (a bare array of ids, or `{ processorIds }`) → `{ archived: [ids] }`. Every id must exist;
 * archived processors take no more payments.
 */
export function archiveProcessors(ctx: SandboxContext, body: unknown): { archived: string[] } {
  const input = validate(archiveBody, body);
  const processorIds = Array.isArray(input) ? input : input.processorIds;
  for (const id of processorIds) if (!ctx.state.processors.has(id)) throw notFound('processor', id);
  for (const id of processorIds) {
    const processor = ctx.state.processors.get(id);
    if (processor) processor.archived = true;
  }
  return { archived: processorIds };
}
