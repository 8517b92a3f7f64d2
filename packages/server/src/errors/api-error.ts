import { TesseraError, type FieldError } from '@tessera/core';
import { parseRetryAfter } from './retry-after.js';

/**
 * What one failed attempt says about the call:
 * - `not-acted`: the service cannot have acted (connection refused, DNS failure, nothing written before the
 *   connection dropped, 408, 429, 503): always safe to retry;
 * - `outcome-unknown`: the service may have acted (timeout, connection lost after sending, a body cut off, 500,
 *   502, 504 and every other 5xx but 501 and 505): safe to retry only a GET, or any call when the service honours
 *   idempotency keys;
 * - `conflict`: a 409 that may clear (a request with the same key still in progress): retried like `outcome-unknown`,
 *   but otherwise reported as the conflict it is;
 * - `final`: an answer (4xx, 501 and 505, a redirect, a body over the limit) or an abort: never retried.
 *
 * The client retries by the kind alone, so an error's kind always says what the client did about it.
 */
export type FailureKind = 'not-acted' | 'outcome-unknown' | 'conflict' | 'final';

/** What the client knows about a failed HTTP response. */
export interface ApiErrorDetails {
  /** HTTP status. */
  status: number;
  /** Stable error code: the service's own (`not_found`, `rate_limited`, …) or one derived from the status. */
  code: string;
  /** Human-readable message. */
  message: string;
  /**
   * The `x-request-id` header (or `requestId` of the body), to quote to support: only one of at most 128 characters
   * with no run of 12 or more digits (core's `safeRequestId`).
   */
  requestId: string | undefined;
  /** The parsed body: JSON when the response was JSON, otherwise its text. */
  body: unknown;
  /** Response headers, names in lower case. */
  headers: Record<string, string>;
  /** Field errors of a 400 validation error. */
  fields?: FieldError[] | undefined;
  /** What the failure says about the call (see {@link FailureKind}). Default: `final`. */
  kind?: FailureKind | undefined;
}

/**
 * The API answered with an error status. Subclasses name the family: {@link TesseraBadRequestError} (400),
 * {@link TesseraAuthenticationError} (401), {@link TesseraPermissionDeniedError} (403), {@link TesseraNotFoundError}
 * (404), {@link TesseraConflictError} (409), {@link TesseraUnprocessableEntityError} (422),
 * {@link TesseraRateLimitError} (429) and {@link TesseraInternalServerError} (5xx).
 */
export class TesseraApiError extends TesseraError {
  /** HTTP status of the response. */
  readonly status: number;
  /** The `x-request-id` of the response, to quote to support. */
  readonly requestId: string | undefined;
  /** The parsed error body (JSON, or text when the response was not JSON). */
  readonly body: unknown;
  /** Response headers, names in lower case. */
  readonly headers: Record<string, string>;
  /**
   * What this answer says about the call, decided once from the status (and a 409's code): `not-acted` (408, 429,
   * 503: the service did nothing, safe to repeat), `outcome-unknown` (500, 502, 504 and every other 5xx but 501 and
   * 505: it may have acted), `conflict` (a 409 that may clear) or `final` (every other answer). The client's retries
   * read it and nothing else.
   */
  readonly kind: FailureKind;
  /**
   * Milliseconds the service asked to wait before trying again, from its `Retry-After` header (seconds or an HTTP
   * date), as sent, when it sent a readable one: a 429 or a 503 usually does. When the client retries the answer,
   * it waits that long, at most 30 s (`MAX_RETRY_AFTER_MS`).
   */
  readonly retryAfterMs: number | undefined;
  static override readonly brand: string = 'Api';

  constructor(details: ApiErrorDetails) {
    super(details.code, details.message);
    this.status = details.status;
    this.requestId = details.requestId;
    this.body = details.body;
    this.headers = details.headers;
    this.kind = details.kind ?? 'final';
    this.retryAfterMs = parseRetryAfter(details.headers['retry-after']);
  }

  /** Serializable form: name, code, message, status and request id (no body, no headers). */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), status: this.status, requestId: this.requestId };
  }
}

/** 400: the service rejected the request's content. `fields` names each bad field when the service says. */
export class TesseraBadRequestError extends TesseraApiError {
  static override readonly brand: string = 'BadRequest';
  /** Field errors reported by the service (may be empty). */
  readonly fields: FieldError[];

  constructor(details: ApiErrorDetails) {
    super(details);
    this.fields = details.fields ?? [];
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), fields: this.fields };
  }
}

/** 401: the API key is missing, wrong or revoked. */
export class TesseraAuthenticationError extends TesseraApiError { static override readonly brand: string = 'Authentication'; }

/** 403: the API key may not do this. */
export class TesseraPermissionDeniedError extends TesseraApiError { static override readonly brand: string = 'PermissionDenied'; }

/** 404: no such resource (or path). */
export class TesseraNotFoundError extends TesseraApiError { static override readonly brand: string = 'NotFound'; }

/**
 * 409: the request conflicts with the resource's state (`invalid_state`, e.g. capturing twice) or with a running
 * request of the same idempotency key (`idempotency_key_in_use`). A key reused with another body is the
 * {@link TesseraIdempotencyError} subclass.
 */
export class TesseraConflictError extends TesseraApiError { static override readonly brand: string = 'Conflict'; }

/**
 * 409 `idempotency_key_reused`: this idempotency key was already used with a different request body. A programming
 * error (one key per logical operation), never retried: retrying with the same key fails again, and a fresh key may
 * repeat an operation that already happened.
 */
export class TesseraIdempotencyError extends TesseraConflictError { static override readonly brand: string = 'Idempotency'; }

/** 422: well-formed but not possible, e.g. `amount_exceeds_refundable`. */
export class TesseraUnprocessableEntityError extends TesseraApiError { static override readonly brand: string = 'UnprocessableEntity'; }

/** 429: too many requests. `retryAfterMs` is the server's `Retry-After` (seconds or HTTP date), when it sent one. */
export class TesseraRateLimitError extends TesseraApiError { static override readonly brand: string = 'RateLimit'; }

/** 5xx: the service (or a proxy in front of it) failed. */
export class TesseraInternalServerError extends TesseraApiError { static override readonly brand: string = 'InternalServer'; }
