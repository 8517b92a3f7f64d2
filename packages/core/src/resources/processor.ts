import * as z from 'zod/mini';
import { currencyCode, resourceId, type RequestFields } from './common.js';
import { catalogEntries, op } from '../plumbing/operation.js';

/**
 * A processor as sent to `POST /processors/create` (section 2.8). `type` is `sandbox` for the sandbox processor;
 * real gateways use their own name. `options` may hold gateway secrets: never log it.
 */
export const processorInput = z.looseObject({
  name: z.string(),
  type: z.string().check(z.minLength(1)),
  enabled: z.boolean(),
  supportedCurrencies: z.array(currencyCode),
  baseCurrency: currencyCode,
  options: z.record(z.string(), z.unknown()),
});
/** A processor as sent to create. */
export type ProcessorInput = RequestFields<z.infer<typeof processorInput>>;

/**
 * Body of `POST /processors/create`: `{ processor }`.
 * @internal
 */
export const createProcessorRequest = z.looseObject({ processor: processorInput });
/**
 * Body of `POST /processors/create`.
 * @internal
 */
export type CreateProcessorRequest = RequestFields<z.infer<typeof createProcessorRequest>>;

/** A processor as returned by the service (with an id). Unknown fields pass through. */
export const processorSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  enabled: z.optional(z.boolean()),
});
/** A processor with its id. */
export type Processor = z.infer<typeof processorSchema>;

/**
 * Response of `POST /processors/create`: `{ processor }`.
 * @internal
 */
export const processorResponse = z.looseObject({ processor: processorSchema });

/** Body of archive processors (section 4.10, path assumed): what the document shows, a bare array of processor ids. */
export const archiveProcessorsRequest = z.array(resourceId);
/** Body of archive processors. */
export type ArchiveProcessorsRequest = z.infer<typeof archiveProcessorsRequest>;

/**
 * Response of archive processors ("not shown"; our choice): the ids archived.
 * @internal
 */
export const archiveProcessorsResponse = z.looseObject({ archived: z.array(z.string()) });
/**
 * Response of archive processors.
 * @internal
 */
export type ArchiveProcessorsResponse = z.infer<typeof archiveProcessorsResponse>;

/**
 * The catalog entries of processors, for core's `operations` (`catalog/operations.ts`) to compose: a
 * function, so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const processorOperations = () => catalogEntries({
  createProcessor: op('POST /processors/create', {
    request: processorInput,
    sendAs: { wrap: 'processor' },
    response: processorSchema,
    unwrap: ['processor'],
    answer: 'required',
  }),
  archiveProcessors: op('POST /processors/archive', {
    assumed: true,
    request: archiveProcessorsRequest,
    response: archiveProcessorsResponse.shape.archived,
    unwrap: ['archived'],
    answer: 'recognised',
    outcomeKey: 'archived',
  }),
});
