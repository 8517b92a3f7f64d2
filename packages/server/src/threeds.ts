import {
  createThreeDSSessionRequest,
  parseOrThrow,
  routePath,
  routes,
  type CreateThreeDSSessionRequest,
  type ThreeDSSession,
} from '@tessera/core';
import type { HttpClient } from './http-client.js';
import { generateIdempotencyKey } from './idempotency-key.js';
import type { RequestOptions } from './request-options.js';
import { requireWithId } from './response-body.js';

/** 3DS sessions (section 4.4). */
export class ThreeDS {
  readonly #http: HttpClient;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /**
   * Persists the 3DS session the browser created with the tokenizer's `createThreeDS().createSession`. Pass the
   * returned `id` as `threedsSessionId` to `payments.process`. Guaranteed: `id` (checked); other fields pass
   * through as sent. A 2xx without one throws `TesseraResponseValidationError` (the session was created).
   */
  async createSession(params: CreateThreeDSSessionRequest, options?: RequestOptions): Promise<ThreeDSSession> {
    const body = parseOrThrow(createThreeDSSessionRequest, params);
    const route = routes.createThreeDSSession;
    const idempotencyKey = options?.idempotencyKey ?? generateIdempotencyKey();
    const result = await this.#http.send(route.method, routePath(route), { ...options, body, idempotencyKey });
    return requireWithId<ThreeDSSession>(result, 'threedsSession', idempotencyKey);
  }
}
