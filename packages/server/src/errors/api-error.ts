import { TesseraError, type FieldError } from '@tessera/core';
import { findErrorCode, mayHoldCardNumber, parseErrorData, readErrorBody, safeRequestId } from '@tessera/core/internal';
import { redactDeep, type Redactor } from '../internal/redact.js';
import { parseRetryAfter } from '../transport/retry-after.js';

/**
 * What one failed attempt says about the call:
 * - `not-acted`: the service cannot have acted (connection refused, DNS failure, nothing written before the
 *   connection dropped, 408, 429, 503): always safe to retry;
 * - `outcome-unknown`: the service may have acted (timeout, connection lost after sending, a body cut off, 500,
 *   502, 504 and other 5xx): safe to retry only a GET, or any call when the service honours idempotency keys;
 * - `conflict`: a 409 that may clear (a request with the same key still in progress): retried like `outcome-unknown`,
 *   but otherwise reported as the conflict it is;
 * - `final`: an answer (4xx, a redirect, a body over the limit) or an abort: never retried.
 */
export type FailureKind = 'not-acted' | 'outcome-unknown' | 'conflict' | 'final';

/**
 * The 409 codes that fail again with the same key, so retrying only wastes time (`invalid_state`, e.g. capturing
 * twice) or is a programming error (`idempotency_key_reused`: the key was used with another body).
 */
export const PERMANENT_CONFLICT_CODES: ReadonlySet<string> = new Set(['invalid_state', 'idempotency_key_reused']);

/**
 * The "don't retry" 409 code ({@link PERMANENT_CONFLICT_CODES}) an error body names, whatever its shape
 * (`{ error: { code } }`, `{ code }`, `{ error: 'code' }`, `{ errors: [{ code }] }`, problem details with `code`,
 * a JSON text; core's `findErrorCode`), or `undefined`.
 */
export function permanentConflictCode(data: unknown): string | undefined {
  return findErrorCode(data, PERMANENT_CONFLICT_CODES);
}

/**
 * True when an error body names a "don't retry" 409 code ({@link PERMANENT_CONFLICT_CODES}), or `only` when given
 * (looked for by itself: a body naming both codes answers true for each).
 */
export function isPermanentConflict(data: unknown, only?: string): boolean {
  if (only === undefined) return permanentConflictCode(data) !== undefined;
  return PERMANENT_CONFLICT_CODES.has(only) && findErrorCode(data, new Set([only])) !== undefined;
}

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
   * 503: the service did nothing, safe to repeat), `outcome-unknown` (500, 502, 504 and other 5xx: it may have
   * acted), `conflict` (a 409 that may clear) or `final` (every other answer). The client's retries read it.
   */
  readonly kind: FailureKind;
  static override readonly brand: string = 'Api';

  constructor(details: ApiErrorDetails) {
    super(details.code, details.message);
    this.status = details.status;
    this.requestId = details.requestId;
    this.body = details.body;
    this.headers = details.headers;
    this.kind = details.kind ?? 'final';
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
    this.retryAfterMs = parseRetryAfter(details.headers['retry-after']);
  }
}

/** 5xx: the service (or a proxy in front of it) failed. */
export class TesseraInternalServerError extends TesseraApiError { static override readonly brand: string = 'InternalServer'; }

/** What the status table says about one status: the class of its error, its default code, and its failure kind. */
interface StatusEntry {
  errorClass: new (details: ApiErrorDetails) => TesseraApiError;
  code: string;
  kind: FailureKind;
}

// The status table: every status the client names. A 409 is refined by its body (see `statusEntry`).
const statusTable: Readonly<Record<number, StatusEntry>> = {
  400: { errorClass: TesseraBadRequestError, code: 'bad_request', kind: 'final' },
  401: { errorClass: TesseraAuthenticationError, code: 'unauthorized', kind: 'final' },
  403: { errorClass: TesseraPermissionDeniedError, code: 'forbidden', kind: 'final' },
  404: { errorClass: TesseraNotFoundError, code: 'not_found', kind: 'final' },
  408: { errorClass: TesseraApiError, code: 'api_error', kind: 'not-acted' },
  409: { errorClass: TesseraConflictError, code: 'conflict', kind: 'conflict' },
  422: { errorClass: TesseraUnprocessableEntityError, code: 'unprocessable_entity', kind: 'final' },
  429: { errorClass: TesseraRateLimitError, code: 'rate_limited', kind: 'not-acted' },
  503: { errorClass: TesseraInternalServerError, code: 'server_error', kind: 'not-acted' },
};
const serverError: StatusEntry = { errorClass: TesseraInternalServerError, code: 'server_error', kind: 'outcome-unknown' };
const otherStatus: StatusEntry = { errorClass: TesseraApiError, code: 'api_error', kind: 'final' };

/**
 * The entry of `status`. A 409 naming `invalid_state` or `idempotency_key_reused` (in any body shape) fails again
 * with the same key: `final`, and `idempotency_key_reused` (wherever it stands) is a {@link TesseraIdempotencyError}.
 */
function statusEntry(status: number, data: unknown): StatusEntry {
  const entry = statusTable[status] ?? (status >= 500 ? serverError : otherStatus);
  if (status !== 409 || !isPermanentConflict(data)) return entry;
  const reused = isPermanentConflict(data, 'idempotency_key_reused');
  return { ...entry, kind: 'final', errorClass: reused ? TesseraIdempotencyError : TesseraConflictError };
}

// `application/json`, `application/problem+json`, `application/vnd.api+json`, …
const jsonMediaType = /^[^;]*\/(?:[^;]*[.+-])?json\s*(?:;|$)/i;

/**
 * An error body as the error keeps it: `undefined` when empty or when a JSON media type does not parse (its half
 * text says nothing), parsed JSON, or the text itself (read as JSON when it looks like JSON, whatever its type).
 */
function parseErrorText(text: string, contentType: string): unknown {
  if (text === '') return undefined;
  if (!jsonMediaType.test(contentType)) return parseErrorData(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// What to do about a 401: the key is the caller's to fix, and a vault key is the usual mix-up.
const wrongKeyHint = 'Check the key you passed as `apiKey` (or TESSERA_API_KEY): it must be your secret API key; a public vault key (key_…_pub_…) is not an API key.';

/**
 * Builds the error of a failed response from its status, headers and raw body text, once: the text is parsed once
 * (JSON, or kept as text) and every decoded string of it redacted once (values and keys, so an echo the JSON wrote
 * `\u`-escaped or with `\/` is caught after decoding), then the message, request id and every response header value
 * kept on the error are redacted too. `redact` removes the API key. The error carries its {@link FailureKind}.
 */
export function createApiError(response: { status: number; statusText: string; headers: Headers }, text: string, redact: Redactor): TesseraApiError {
  const data = redactDeep(parseErrorText(text, response.headers.get('content-type') ?? ''), redact);
  const body = readErrorBody(data);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    // A header that echoes a card number is kept without its value.
    headers[name] = mayHoldCardNumber(value) ? '[redacted]' : redact(value);
  });
  const { status } = response;
  const entry = statusEntry(status, data);
  const reason = response.statusText ? ` ${response.statusText}` : '';
  const said = redact(body.message ?? `HTTP ${status}${reason}`);
  return new entry.errorClass({
    status,
    code: body.code ?? entry.code,
    message: status === 401 ? `${said.replace(/\.?\s*$/, '')}. ${wrongKeyHint}` : said,
    requestId: safeRequestId(redact(response.headers.get('x-request-id') ?? ''), body.requestId),
    body: data,
    headers,
    fields: body.fields,
    kind: entry.kind,
  });
}
