import { TesseraError, type FieldError } from '@tessera/core';
import { mayHoldCardNumber, parseErrorData, readErrorBody, safeRequestId } from '@tessera/core/internal';
import { redactDeep } from './redact.js';
import { isPermanentConflict, parseRetryAfter } from './retry-policy.js';

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
  static override readonly brand: string = 'Api';

  constructor(details: ApiErrorDetails) {
    super(details.code, details.message);
    this.status = details.status;
    this.requestId = details.requestId;
    this.body = details.body;
    this.headers = details.headers;
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
export class TesseraRateLimitError extends TesseraApiError {
  static override readonly brand: string = 'RateLimit';
  /** Milliseconds the server asked to wait, from `Retry-After`. */
  readonly retryAfterMs: number | undefined;

  constructor(details: ApiErrorDetails) {
    super(details);
    this.retryAfterMs = parseRetryAfter(details.headers['retry-after'] ?? null);
  }
}

/** 5xx: the service (or a proxy in front of it) failed. */
export class TesseraInternalServerError extends TesseraApiError { static override readonly brand: string = 'InternalServer'; }

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

// What to do about a 401: the key is the caller's to fix, and a vault key is the usual mix-up.
const wrongKeyHint = 'Check the key you passed as `apiKey` (or TESSERA_API_KEY): it must be your secret API key; a public vault key (key_…_pub_…) is not an API key.';

/**
 * Builds the error for a failed response from its status, headers and body (parsed JSON or text).
 * `redact` removes secrets (the API key) from any text the server may have echoed: every string of the parsed
 * body (so an echo the JSON wrote `\u`-escaped or with `\/` is caught after decoding), the message, and every
 * response header value kept on the error.
 */
export function createApiError(
  response: { status: number; statusText: string; headers: Headers },
  rawData: unknown,
  redact: (text: string) => string,
): TesseraApiError {
  // Parsed first (JSON sent as text too), then every decoded string redacted: an echo of the key written with
  // `\u` escapes or `\/` only becomes the key once parsed.
  const data = redactDeep(parseErrorData(typeof rawData === 'string' ? redact(rawData) : rawData), redact);
  const body = readErrorBody(data);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    // A header that echoes a card number is kept without its value.
    headers[name] = mayHoldCardNumber(value) ? '[redacted]' : redact(value);
  });
  const reason = response.statusText ? ` ${response.statusText}` : '';
  const said = redact(body.message ?? `HTTP ${response.status}${reason}`);
  const details: ApiErrorDetails = {
    status: response.status,
    code: body.code ?? defaultCode(response.status),
    message: response.status === 401 ? `${said.replace(/\.?\s*$/, '')}. ${wrongKeyHint}` : said,
    requestId: safeRequestId(redact(response.headers.get('x-request-id') ?? ''), body.requestId),
    body: data,
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
      return details.code === 'idempotency_key_reused' || isPermanentConflict(data, 'idempotency_key_reused')
        ? new TesseraIdempotencyError(details)
        : new TesseraConflictError(details);
    case 422:
      return new TesseraUnprocessableEntityError(details);
    case 429:
      return new TesseraRateLimitError(details);
    default:
      return response.status >= 500 ? new TesseraInternalServerError(details) : new TesseraApiError(details);
  }
}
