import {
  archiveProcessorsRequest,
  archiveProcessorsResponse,
  parseOrThrow,
  processorInput,
  routePath,
  routes,
  type Processor,
  type ProcessorInput,
} from '@tessera/core';
import type { HttpClient } from './http-client.js';
import { generateIdempotencyKey } from './idempotency-key.js';
import type { RequestOptions } from './request-options.js';
import { recognise, requireWithId, type Recognised } from './response-body.js';

/** The answer of `processors.archive` (section 4.10, body not shown): `archived` ids when the body lists them, and `raw`. */
export type ArchiveProcessorsOutcome = Recognised<'archived', string[]>;

/** Processors: the gateways payments are routed to (section 4.9). */
export class Processors {
  readonly #http: HttpClient;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /**
   * Creates a processor (sent as `{ processor }`) and returns it with its id. Type `sandbox` approves every payment
   * without moving money. `options` may hold gateway secrets; they are never logged. Guaranteed: `id` (checked);
   * other fields pass through. A 2xx without one throws `TesseraResponseValidationError` (it was created).
   */
  async create(params: ProcessorInput, options?: RequestOptions): Promise<Processor> {
    const body = { processor: parseOrThrow(processorInput, params) };
    const route = routes.createProcessor;
    const idempotencyKey = options?.idempotencyKey ?? generateIdempotencyKey();
    const result = await this.#http.send(route.method, routePath(route), { ...options, body, idempotencyKey });
    return requireWithId<Processor>(result, 'processor', idempotencyKey);
  }

  /**
   * Archives processors by id, sent as the document shows the input: a bare JSON array of processor ids. Any 2xx is
   * returned: see {@link ArchiveProcessorsOutcome}.
   */
  async archive(processorIds: string[], options?: RequestOptions): Promise<ArchiveProcessorsOutcome> {
    const body = parseOrThrow(archiveProcessorsRequest, processorIds);
    const route = routes.archiveProcessors;
    const result = await this.#http.send(route.method, routePath(route), { ...options, body });
    return { archived: recognise(archiveProcessorsResponse, result.data, [])?.archived, raw: result.data };
  }
}
