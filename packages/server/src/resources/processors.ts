import type { Processor, ProcessorInput } from '@tessera/core';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';
import type { Recognised } from './response-body.js';

/** The answer of `processors.archive` (section 4.10, body not shown): `archived` ids when the body lists them, and `raw`. */
export type ArchiveProcessorsOutcome = Recognised<'archived', string[]>;

/** Processors: the gateways payments are routed to (section 4.9). */
export class Processors extends Resource<'createProcessor' | 'archiveProcessors'> {
  /**
   * Creates a processor (sent as `{ processor }`) and returns it with its id. Type `sandbox` approves every payment
   * without moving money. `options` may hold gateway secrets; they are never logged. Guaranteed: `id` (checked);
   * other fields pass through. A 2xx without one throws `TesseraResponseValidationError` (it was created).
   */
  async create(params: ProcessorInput, options?: RequestOptions): Promise<Processor> {
    return this.call('createProcessor', params, options);
  }

  /**
   * Archives processors by id, sent as the document shows the input: a bare JSON array of processor ids. Any 2xx is
   * returned: see {@link ArchiveProcessorsOutcome}.
   */
  async archive(processorIds: string[], options?: RequestOptions): Promise<ArchiveProcessorsOutcome> {
    return this.call('archiveProcessors', processorIds, options);
  }
}
