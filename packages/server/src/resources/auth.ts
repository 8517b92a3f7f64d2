import type { AuthTestResult } from '@tessera/core';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';

/** The API key itself. */
export class Auth extends Resource<'testAuth'> {
  /**
   * Checks the API key (`POST /auth/test`): resolves with the published `{ success, user: { id, orgId, permissions,
   * account: { id, name }, … } }` when the key is valid, and throws `TesseraAuthenticationError` (401) when it is
   * not. Use it at start-up: `key valid for account ${user.account?.name}`. Guaranteed: `user.id` (a 2xx without it
   * throws `TesseraResponseValidationError`); every other field may be absent.
   */
  async test(options?: RequestOptions): Promise<AuthTestResult> {
    return this.call('testAuth', {}, options);
  }
}
