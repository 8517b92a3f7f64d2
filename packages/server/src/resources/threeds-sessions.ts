import type { CreateThreeDSSessionRequest, ThreeDSSession } from '@tessera/core';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';

/** 3DS sessions (section 4.4). */
export class ThreeDSSessions extends Resource<'createThreeDSSession'> {
  /**
   * Persists the 3DS session the browser created with the tokenizer's `createThreeDS().createSession`. Pass the
   * returned `id` as `threedsSessionId` to `payments.process`. Guaranteed: `id` (checked); other fields pass
   * through as sent. A 2xx without one throws `TesseraResponseValidationError` (the session was created).
   */
  async createSession(params: CreateThreeDSSessionRequest, options?: RequestOptions): Promise<ThreeDSSession> {
    return this.call('createThreeDSSession', params, options);
  }
}
