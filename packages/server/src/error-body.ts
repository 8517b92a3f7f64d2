import { apiErrorBody, type FieldError } from '@tessera/core';

/** What could be read from an error response, whatever its shape. */
export interface ErrorBodyDetails {
  code: string | undefined;
  message: string | undefined;
  fields: FieldError[] | undefined;
  requestId: string | undefined;
}

const MAX_MESSAGE_LENGTH = 500;

/**
 * The 409 codes that fail again with the same key, so retrying only wastes time (`invalid_state`, e.g. capturing
 * twice) or is a programming error (`idempotency_key_reused`: the key was used with another body).
 */
export const PERMANENT_CONFLICT_CODES: ReadonlySet<string> = new Set(['invalid_state', 'idempotency_key_reused']);

/**
 * A body sent as text that is JSON (a framework that answers `text/plain`) becomes the parsed value; anything else
 * is returned unchanged.
 */
export function parseErrorData(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  const text = data.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return data;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return data;
  }
}

/**
 * The "don't retry" 409 code an error body names, whatever its shape (`{ error: { code } }`, `{ code }`,
 * `{ error: 'code' }`, `{ errors: [{ code }] }`, problem details with `code`, a JSON text), or `undefined`.
 * The transport uses it (or {@link isPermanentConflict}) to stop retrying a 409.
 */
export function permanentConflictCode(data: unknown): string | undefined {
  const parsed = parseErrorData(data);
  const code = readErrorBody(parsed).code;
  if (code !== undefined && PERMANENT_CONFLICT_CODES.has(code)) return code;
  if (typeof parsed === 'string') return PERMANENT_CONFLICT_CODES.has(parsed.trim()) ? parsed.trim() : undefined;
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  // Any string value naming one of the codes, one level down (e.g. `{ error: 'Conflict', reason: 'invalid_state' }`).
  for (const value of Object.values(parsed as Record<string, unknown>)) {
    if (typeof value === 'string' && PERMANENT_CONFLICT_CODES.has(value)) return value;
  }
  return undefined;
}

/** True when an error body names a "don't retry" 409 code ({@link PERMANENT_CONFLICT_CODES}), or `only` when given. */
export function isPermanentConflict(data: unknown, only?: string): boolean {
  const code = permanentConflictCode(data);
  return code !== undefined && (only === undefined || code === only);
}

/**
 * Reads an error response body. The service's error shape is "not shown" in the interface document, so these are
 * tried in order:
 * - the sandbox's `{ error: { code, message, fields?, requestId? } }`;
 * - NestJS's `{ statusCode, message: string | string[], error }`: every message kept, joined with `; `;
 * - `{ errors: [...] }` (strings, or objects with `message`, `code` and `field`/`path`/`param`): all messages
 *   joined, objects with a field become `fields`, the first code is the code;
 * - problem details (RFC 9457, `application/problem+json`): `detail`, else `title`, is the message; `code` when
 *   present is the code, never `type` (a URI);
 * - `{ error: { code | type, message } }`, `{ code, message }`, `{ error: 'text' }`;
 * - plain text (never an HTML page from a proxy); a JSON text sent as `text/plain` is read as JSON first.
 * A code is only taken from a string that looks like one (`snake_case`, no spaces).
 */
export function readErrorBody(rawData: unknown): ErrorBodyDetails {
  const data = parseErrorData(rawData);
  const details: ErrorBodyDetails = { code: undefined, message: undefined, fields: undefined, requestId: undefined };
  const parsed = apiErrorBody.safeParse(data);
  if (parsed.success) {
    const { code, message, fields, requestId } = parsed.data.error;
    return {
      code,
      message: shorten(message),
      fields: fields?.map(({ field, code: fieldCode, message: fieldMessage }) => ({ field, code: fieldCode, message: fieldMessage })),
      requestId,
    };
  }
  if (typeof data === 'string') {
    const text = data.trim();
    if (text !== '' && !text.startsWith('<')) details.message = shorten(text);
    return details;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return details;
  const record = data as Record<string, unknown>;
  const inner = typeof record.error === 'object' && record.error !== null ? (record.error as Record<string, unknown>) : undefined;
  details.requestId = stringOrUndefined(inner?.requestId) ?? stringOrUndefined(record.requestId) ?? stringOrUndefined(record.request_id);
  const list = Array.isArray(record.errors) ? readErrorList(record.errors) : undefined;
  details.fields = list?.fields.length ? list.fields : undefined;
  details.code =
    codeOrUndefined(inner?.code) ??
    codeOrUndefined(inner?.type) ??
    codeOrUndefined(record.code) ??
    list?.code;
  const nestMessages = Array.isArray(record.message) ? record.message.filter((item): item is string => typeof item === 'string') : [];
  details.message = shorten(
    stringOrUndefined(inner?.message) ??
      (nestMessages.length > 0 ? nestMessages.join('; ') : stringOrUndefined(record.message)) ??
      (list?.messages.length ? list.messages.join('; ') : undefined) ??
      stringOrUndefined(record.detail) ??
      stringOrUndefined(record.title) ??
      stringOrUndefined(record.error),
  );
  return details;
}

function readErrorList(items: unknown[]): { messages: string[]; fields: FieldError[]; code: string | undefined } {
  const messages: string[] = [];
  const fields: FieldError[] = [];
  let code: string | undefined;
  for (const item of items) {
    if (typeof item === 'string') {
      messages.push(item);
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    const entry = item as Record<string, unknown>;
    const message = stringOrUndefined(entry.message) ?? stringOrUndefined(entry.detail) ?? stringOrUndefined(entry.title);
    const itemCode = codeOrUndefined(entry.code);
    code ??= itemCode;
    const field = stringOrUndefined(entry.field) ?? stringOrUndefined(entry.path) ?? stringOrUndefined(entry.param) ?? stringOrUndefined(entry.pointer);
    if (message !== undefined) messages.push(field !== undefined ? `${field} ${message}` : message);
    if (field !== undefined) fields.push({ field, code: itemCode ?? 'invalid', message: message ?? 'is invalid' });
  }
  return { messages, fields, code };
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

// `not_found`, `invalid_state`, `card-declined`: a machine code, not a sentence ("Bad Request") or a URI.
const codeShape = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;

function codeOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && codeShape.test(value) ? value : undefined;
}

function shorten(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  return message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH)}…` : message;
}
