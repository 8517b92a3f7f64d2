import { TesseraError, type FieldError } from '@tessera/core';
import { readErrorBody } from './error-body.js';
import { parseRetryAfter } from './retry-policy.js';

const apiErrorMarker = Symbol.for('tessera.api-error');

/** What the client knows about a failed HTTP response. */
export interface ApiErrorDetails {
  /** HTTP status. */
  status: number;
  /** Stable error code: the service's own (`not_found`, `rate_limited`, …) or one derived from the status. */
  code: string;
  /** Human-readable message. */
  message: string;
  /** The `x-request-id` header (or `requestId` of the body), to quote to support. */
  requestId: string | undefined;
  /** The parsed body: JSON when the response was JSON, otherwise its text. */
  body: unknown;
  /** Response headers, names in lower case. */
  headers: Record<string, string>;
  /** Field errors of a 400 validation error. */
  fields?: FieldError[] | undefined;
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
  private readonly [apiErrorMarker] = true;

  constructor(details: ApiErrorDetails) {
    super(details.code, details.message);
    this.name = 'TesseraApiError';
    this.status = details.status;
    this.requestId = details.requestId;
    this.body = details.body;
    this.headers = details.headers;
  }

  /** True for any API error, even one thrown by another copy of the package. */
  static override isInstance(value: unknown): value is TesseraApiError {
    return TesseraError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[apiErrorMarker] === true;
  }

  /** Serializable form: name, code, message, status and request id (no body, no headers). */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), status: this.status, requestId: this.requestId };
  }
}

/** 400: the service rejected the request's content. `fields` names each bad field when the service says. */
export class TesseraBadRequestError extends TesseraApiError {
  /** Field errors reported by the service (may be empty). */
  readonly fields: FieldError[];

  constructor(details: ApiErrorDetails) {
    super(details);
    this.name = 'TesseraBadRequestError';
    this.fields = details.fields ?? [];
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), fields: this.fields };
  }
}

/** 401: the API key is missing, wrong or revoked. */
export class TesseraAuthenticationError extends TesseraApiError {
  constructor(details: ApiErrorDetails) {
    super(details);
    this.name = 'TesseraAuthenticationError';
  }
}

/** 403: the API key may not do this. */
export class TesseraPermissionDeniedError extends TesseraApiError {
  constructor(details: ApiErrorDetails) {
    super(details);
    this.name = 'TesseraPermissionDeniedError';
  }
}

/** 404: no such resource (or path). */
export class TesseraNotFoundError extends TesseraApiError {
  constructor(details: ApiErrorDetails) {
    super(details);
    this.name = 'TesseraNotFoundError';
  }
}

/**
 * 409: the request conflicts with the resource's state (`invalid_state`, e.g. capturing twice) or with an
 * idempotency key (`idempotency_key_reused` with another body, `idempotency_key_in_use` while the first is running).
 */
export class TesseraConflictError extends TesseraApiError {
  constructor(details: ApiErrorDetails) {
    super(details);
    this.name = 'TesseraConflictError';
  }
}

/** 422: well-formed but not possible, e.g. `amount_exceeds_refundable`. */
export class TesseraUnprocessableEntityError extends TesseraApiError {
  constructor(details: ApiErrorDetails) {
    super(details);
    this.name = 'TesseraUnprocessableEntityError';
  }
}

/** 429: too many requests. `retryAfterMs` is the server's `Retry-After` (seconds or HTTP date), when it sent one. */
export class TesseraRateLimitError extends TesseraApiError {
  /** Milliseconds the server asked to wait, from `Retry-After`. */
  readonly retryAfterMs: number | undefined;

  constructor(details: ApiErrorDetails) {
    super(details);
    this.name = 'TesseraRateLimitError';
    this.retryAfterMs = parseRetryAfter(details.headers['retry-after'] ?? null);
  }
}

/** 5xx: the service (or a proxy in front of it) failed. */
export class TesseraInternalServerError extends TesseraApiError {
  constructor(details: ApiErrorDetails) {
    super(details);
    this.name = 'TesseraInternalServerError';
  }
}

function defaultCode(status: number): string {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 422:
      return 'unprocessable_entity';
    case 429:
      return 'rate_limited';
    default:
      return status >= 500 ? 'server_error' : 'api_error';
  }
}

/**
 * Builds the error for a failed response from its status, headers and body (parsed JSON or text).
 * `redact` removes secrets (the API key) from any text the server may have echoed.
 */
export function createApiError(
  response: { status: number; statusText: string; headers: Headers },
  data: unknown,
  redact: (text: string) => string,
): TesseraApiError {
  const body = readErrorBody(data);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const reason = response.statusText ? ` ${response.statusText}` : '';
  const details: ApiErrorDetails = {
    status: response.status,
    code: body.code ?? defaultCode(response.status),
    message: redact(body.message ?? `HTTP ${response.status}${reason}`),
    requestId: headers['x-request-id'] ?? body.requestId,
    body: typeof data === 'string' ? redact(data) : data,
    headers,
    fields: body.fields,
  };
  switch (response.status) {
    case 400:
      return new TesseraBadRequestError(details);
    case 401:
      return new TesseraAuthenticationError(details);
    case 403:
      return new TesseraPermissionDeniedError(details);
    case 404:
      return new TesseraNotFoundError(details);
    case 409:
      return new TesseraConflictError(details);
    case 422:
      return new TesseraUnprocessableEntityError(details);
    case 429:
      return new TesseraRateLimitError(details);
    default:
      return response.status >= 500 ? new TesseraInternalServerError(details) : new TesseraApiError(details);
  }
}
