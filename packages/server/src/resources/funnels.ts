import type { CreateFunnelPreviewSessionRequest, CreateFunnelRequest, Funnel, FunnelPreviewSession } from '@tessera/core';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';
import type { Recognised } from './response-body.js';

/** The answer of `funnels.create` (the published answer is not shown): the funnel when recognised (best effort), and `raw`. */
export type FunnelOutcome = Recognised<'funnel', Funnel>;

/** Funnels of a store: their steps and graph, and preview sessions of a step. */
export class Funnels extends Resource<'createFunnel' | 'createFunnelPreviewSession'> {
  /**
   * Creates a funnel of a store (`POST /funnels`) from its `config` (`steps`, `nodes`, `edges`, as published);
   * `isDefault` makes it the store's default funnel. Any 2xx is returned: see {@link FunnelOutcome}.
   */
  async create(params: CreateFunnelRequest, options?: RequestOptions): Promise<FunnelOutcome> {
    return this.call('createFunnel', params, options);
  }

  /**
   * Opens a preview session of a funnel's step (`POST /funnels/{funnelId}/preview-session`): sends `funnelId` in the
   * path and, as published, in the body with `storeId`, `stepId` and the options. Guaranteed: `sessionId` (a 2xx
   * without it throws `TesseraResponseValidationError`); `token` opens the preview, so keep it out of logs.
   */
  async createPreviewSession(params: CreateFunnelPreviewSessionRequest, options?: RequestOptions): Promise<FunnelPreviewSession> {
    return this.call('createFunnelPreviewSession', params, options);
  }
}
