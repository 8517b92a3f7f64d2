import {
  archiveProcessorsRequest,
  archiveProcessorsResponse,
  parseOrThrow,
  processor,
  processorInput,
  routePath,
  routes,
  type ArchiveProcessorsResponse,
  type Processor,
  type ProcessorInput,
} from '@tessera/core';
import { parseResponse, type HttpClient } from './http-client.js';
import type { RequestOptions } from './request-options.js';

/** Processors: the gateways payments are routed to (section 4.9). */
export class Processors {
  readonly #http: HttpClient;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /**
   * Creates a processor (sent as `{ processor }`) and returns it with its id. Type `sandbox` approves every payment
   * without moving money. `options` may hold gateway secrets; they are never logged.
   */
  async create(params: ProcessorInput, options?: RequestOptions): Promise<Processor> {
    const body = { processor: parseOrThrow(processorInput, params) };
    const route = routes.createProcessor;
    return parseResponse(processor, await this.#http.send(route.method, routePath(route), { ...options, body }), 'processor');
  }

  /** Archives processors by id. Sent as the document shows the input: a bare JSON array of processor ids. */
  async archive(processorIds: string[], options?: RequestOptions): Promise<ArchiveProcessorsResponse> {
    const body = parseOrThrow(archiveProcessorsRequest, processorIds);
    const route = routes.archiveProcessors;
    return parseResponse(archiveProcessorsResponse, await this.#http.send(route.method, routePath(route), { ...options, body }));
  }
}
