import {
  createThreeDSSessionRequest,
  parseOrThrow,
  routePath,
  routes,
  threeDSSession,
  type CreateThreeDSSessionRequest,
  type ThreeDSSession,
} from '@tessera/core';
import { parseResponse, type HttpClient } from './http-client.js';
import type { RequestOptions } from './request-options.js';

/** 3DS sessions (section 4.4). */
export class ThreeDS {
  readonly #http: HttpClient;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /**
   * Persists the 3DS session the browser created with the tokenizer's `createThreeDS().createSession`. Pass the
   * returned `id` as `threedsSessionId` to `payments.process`.
   */
  async createSession(params: CreateThreeDSSessionRequest, options?: RequestOptions): Promise<ThreeDSSession> {
    const body = parseOrThrow(createThreeDSSessionRequest, params);
    const route = routes.createThreeDSSession;
    const result = await this.#http.send(route.method, routePath(route), { ...options, body });
    return parseResponse(threeDSSession, result, 'threedsSession');
  }
}
