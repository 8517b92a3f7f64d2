import { findErrorCode, mayHoldCardNumber, parseErrorData, readErrorBody, safeRequestId } from '@tessera/core/internal';
import * as api from '../errors/api-error.js';
import { redactDeep, type Redactor } from '../plumbing/redact.js';
import { isKyError } from './ky-errors.js';
import { BodyReadError } from './transport-errors.js';

// What one failed attempt says about the call, decided once where the failure is seen: an error answer's kind by
// the status table below (the attempt builds the error with it), a failure without an answer by `failureKind`; and
// the one retry verdict, `isRetryable`, which reads the kind alone, so the kind an error reports is what the client
// did about it.

/**
 * The 409 codes that fail again with the same key, so retrying only wastes time (`invalid_state`, e.g. capturing
 * twice; `duplicate_code`, a promotion code the store already has) or is a programming error
 * (`idempotency_key_reused`: the key was used with another body).
 */
export const PERMANENT_CONFLICT_CODES: ReadonlySet<string> = new Set(['invalid_state', 'idempotency_key_reused', 'duplicate_code']);

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

/** What the status table says about one status: the class of its error, its default code, and its failure kind. */
interface StatusEntry {
  errorClass: new (details: api.ApiErrorDetails) => api.TesseraApiError;
  code: string;
  kind: api.FailureKind;
}

// The status table: every status the client names, with its kind, which alone decides a retry. A 409 is refined by
// its body (see `statusEntry`); any other 5xx may have acted (`outcome-unknown`), any other status is `final`.
const statusTable: Readonly<Record<number, StatusEntry>> = {
  400: { errorClass: api.TesseraBadRequestError, code: 'bad_request', kind: 'final' },
  401: { errorClass: api.TesseraAuthenticationError, code: 'unauthorized', kind: 'final' },
  403: { errorClass: api.TesseraPermissionDeniedError, code: 'forbidden', kind: 'final' },
  404: { errorClass: api.TesseraNotFoundError, code: 'not_found', kind: 'final' },
  408: { errorClass: api.TesseraApiError, code: 'api_error', kind: 'not-acted' },
  409: { errorClass: api.TesseraConflictError, code: 'conflict', kind: 'conflict' },
  422: { errorClass: api.TesseraUnprocessableEntityError, code: 'unprocessable_entity', kind: 'final' },
  429: { errorClass: api.TesseraRateLimitError, code: 'rate_limited', kind: 'not-acted' },
  // The service does not implement the method, or the HTTP version: it did nothing, and repeating cannot help.
  501: { errorClass: api.TesseraInternalServerError, code: 'server_error', kind: 'final' },
  503: { errorClass: api.TesseraInternalServerError, code: 'server_error', kind: 'not-acted' },
  505: { errorClass: api.TesseraInternalServerError, code: 'server_error', kind: 'final' },
};
const serverError: StatusEntry = { errorClass: api.TesseraInternalServerError, code: 'server_error', kind: 'outcome-unknown' };
const otherStatus: StatusEntry = { errorClass: api.TesseraApiError, code: 'api_error', kind: 'final' };

/**
 * The entry of `status`. A 409 naming `invalid_state` or `idempotency_key_reused` (in any body shape) fails again
 * with the same key: `final`, and `idempotency_key_reused` (wherever it stands) is a {@link api.TesseraIdempotencyError}.
 * `codes` are the codes the body names (see {@link namedCodes}), read once with the body.
 */
function statusEntry(status: number, codes: readonly string[]): StatusEntry {
  const entry = statusTable[status] ?? (status >= 500 ? serverError : otherStatus);
  if (status !== 409 || !codes.some((code) => PERMANENT_CONFLICT_CODES.has(code))) return entry;
  const reused = codes.includes('idempotency_key_reused');
  return { ...entry, kind: 'final', errorClass: reused ? api.TesseraIdempotencyError : api.TesseraConflictError };
}

/**
 * The codes an error body names where core's `findErrorCode` looks for them (the code `readErrorBody` read, the
 * text itself, a top-level string value), from the body read once.
 */
function namedCodes(data: unknown, readCode: string | undefined): string[] {
  const values: unknown[] = typeof data === 'object' && data !== null ? Object.values(data) : [];
  return [readCode, typeof data === 'string' ? data.trim() : undefined, ...values].filter((code): code is string => typeof code === 'string');
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
 * kept on the error are redacted too. `redact` removes the API key. The error carries its {@link api.FailureKind}.
 */
export function createApiError(response: { status: number; statusText: string; headers: Headers }, text: string, redact: Redactor): api.TesseraApiError {
  const data = redactDeep(parseErrorText(text, response.headers.get('content-type') ?? ''), redact);
  // The body is read once: its message, code, fields and request id, and the codes a 409 is refined by.
  const body = readErrorBody(data);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    // A header that echoes a card number is kept without its value.
    headers[name] = mayHoldCardNumber(value) ? '[redacted]' : redact(value);
  });
  const { status } = response;
  const entry = statusEntry(status, namedCodes(parseErrorData(data), body.code));
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

/**
 * The one retry verdict: whether another attempt of a call may be sent after an attempt that failed with `kind`.
 * `not-acted` always; `outcome-unknown` and `conflict` only when the call is `repeatable` (a GET, or a service that
 * honours idempotency keys); `final` never.
 */
export function isRetryable(kind: api.FailureKind, repeatable: boolean): boolean {
  return kind === 'not-acted' || (kind !== 'final' && repeatable);
}

// Error codes (of the runtime's error or its causes) of a connection that never carried the request.
const notConnectedCodes: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * True when the network error (fetch's rejection, or one of its causes) shows the request was never written: the
 * connection could not be made (refused, DNS, unreachable), or undici reports it closed with 0 bytes written.
 */
export function neverSent(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const { code, socket } = current as { code?: unknown; socket?: { bytesWritten?: unknown } };
    if (typeof code === 'string' && notConnectedCodes.has(code)) return true;
    if (socket !== undefined && socket.bytesWritten === 0) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The {@link api.FailureKind} of one failed attempt, as ky reports it: an answer's error says its own (`kind`, decided
 * once when the attempt built it); ky's timeout and a body cut off leave the outcome unknown; a network failure did
 * not reach the service only when the runtime shows nothing was written; anything else (a redirect, a body over the
 * limit, an abort, a bug) is final.
 */
export function failureKind(error: unknown): api.FailureKind {
  if (error instanceof api.TesseraApiError) return error.kind;
  if (isKyError(error, 'TimeoutError') || error instanceof BodyReadError) return 'outcome-unknown';
  if (isKyError(error, 'NetworkError')) return neverSent(error.cause) ? 'not-acted' : 'outcome-unknown';
  return 'final';
}
