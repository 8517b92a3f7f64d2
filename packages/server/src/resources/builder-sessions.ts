import type { BuilderSession, CreateBuilderSessionRequest } from '@tessera/core';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';

/** Builder sessions: short-lived tokens for a plugin deployment's builder. */
export class BuilderSessions extends Resource<'createBuilderSession'> {
  /**
   * Creates a builder session token (`POST /builder/sessions`) for `pluginId` and `deploymentId`, with `permissions`
   * and a lifetime (`expiresIn`, such as `'1h'`). Resolves with the published `{ token, expiresAt, accountId,
   * pluginId, deploymentId }`. Guaranteed: `token` (a 2xx without it throws `TesseraResponseValidationError`); it is
   * a bearer credential: keep it out of logs.
   */
  async create(params: CreateBuilderSessionRequest, options?: RequestOptions): Promise<BuilderSession> {
    return this.call('createBuilderSession', params, options);
  }
}
