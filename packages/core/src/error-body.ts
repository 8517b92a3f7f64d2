import type { FieldError } from './errors.js';

/** What could be read from an error response, whatever its shape. */
export interface ErrorBodyDetails {
  /** The machine code the body names (`not_found`, `invalid_state`), never a sentence or a URI. */
  code: string | undefined;
  /** The body's message (every message of a list, joined with `; `), at most 500 characters. */
  message: string | undefined;
  /** Every field error the body names, or `undefined` when it names none. */
  fields: FieldError[] | undefined;
  /** The request id the body names (the `x-request-id` header is the caller's to prefer). */
  requestId: string | undefined;
}

type Entry = Record<string, unknown>;

const entry = (value: unknown): Entry => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Entry) : {});
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
// `not_found`, `invalid_state`, `card-declined`: a machine code, not a sentence ("Bad Request") or a URI.
const code = (value: unknown): string | undefined => (typeof value === 'string' && /^[A-Za-z][\w.-]{0,99}$/.test(value) ? value : undefined);
const shorten = (message: string | undefined): string | undefined => (message && message.length > 500 ? `${message.slice(0, 500)}…` : message);

/**
 * A body sent as text that is JSON (a framework that answers `text/plain`) becomes the parsed value; anything else
 * is returned unchanged.
 */
export function parseErrorData(data: unknown): unknown {
  if (typeof data === 'string' && /^\s*[[{]/.test(data)) {
    try {
      return JSON.parse(data) as unknown;
    } catch {
      // Not JSON after all: the text itself is the body.
    }
  }
  return data;
}

/**
 * Reads an error response body. The service's error shape is "not shown" in the interface document, so these are
 * tried in order:
 * - the sandbox's `{ error: { code, message, fields?, requestId? } }`;
 * - NestJS's `{ statusCode, message: string | string[], error }`: every message kept, joined with `; `;
 * - `{ errors: [...] }` (strings, or objects with `message`, `code` and `field`/`path`/`param`/`pointer`): all
 *   messages joined, objects with a field become `fields`, the first code is the code;
 * - problem details (RFC 9457, `application/problem+json`): `detail`, else `title`, is the message; `code` when
 *   present is the code, never `type` (a URI); `errors` as `{ 'data.number': ['message', …] }` (Basis Theory,
 *   ASP.NET) become `fields`;
 * - `{ error: { code | type, message } }`, `{ code, message }`, `{ error: 'text' }`;
 * - plain text (never an HTML page from a proxy); a JSON text sent as `text/plain` is read as JSON first.
 * A code is only taken from a string that looks like one (letters, digits, `_`, `.`, `-`; no spaces).
 */
export function readErrorBody(rawData: unknown): ErrorBodyDetails {
  const data = parseErrorData(rawData);
  const plain = typeof data === 'string' ? data.trim() : '';
  const record = entry(data);
  const inner = entry(record.error);
  const { code, fields, messages } = readErrorCodeAndFields(data);
  const nest = Array.isArray(record.message) ? record.message.filter((item): item is string => typeof item === 'string') : [];
  return {
    code,
    message: shorten(
      text(inner.message) ??
        (nest.length > 0 ? nest.join('; ') : text(record.message)) ??
        (messages.join('; ') || undefined) ??
        text(record.detail) ??
        text(record.title) ??
        text(record.error) ??
        (plain.startsWith('<') ? undefined : text(plain)),
    ),
    fields: fields.length > 0 ? fields : undefined,
    requestId: text(inner.requestId) ?? text(record.requestId) ?? text(record.request_id),
  };
}

/**
 * The part of {@link readErrorBody} a browser needs, from a parsed body: the machine code, every field error (an
 * empty list when none), and the messages of a list of errors (each prefixed by its field).
 */
export function readErrorCodeAndFields(data: unknown): { code: string | undefined; fields: FieldError[]; messages: string[] } {
  const record = entry(data);
  const inner = entry(record.error);
  const value = inner.fields ?? record.errors;
  // A list of errors (`[{ field, code, message }]`, strings) or a map of field to messages (`{ field: ['…'] }`).
  const items = Array.isArray(value)
    ? (value as unknown[])
    : Object.entries(entry(value)).flatMap(([field, messages]) => [messages].flat().map((message: unknown) => ({ field, message })));
  const messages: string[] = [];
  const fields: FieldError[] = [];
  let first: string | undefined;
  for (const item of items) {
    const { field: rawField, path, param, pointer, code: rawCode, message: rawMessage, detail, title } = entry(item);
    const message = typeof item === 'string' ? item : (text(rawMessage) ?? text(detail) ?? text(title));
    const itemCode = code(rawCode);
    const field = text(rawField) ?? text(path) ?? text(param) ?? text(pointer);
    first ??= itemCode;
    if (message !== undefined) messages.push(field !== undefined ? `${field} ${message}` : message);
    if (field !== undefined) fields.push({ field, code: itemCode ?? 'invalid', message: message ?? 'is invalid' });
  }
  return { code: code(inner.code) ?? code(inner.type) ?? code(record.code) ?? first, fields, messages };
}

/**
 * The first of `codes` an error body names, whatever its shape (`{ error: { code } }`, `{ code }`,
 * `{ error: 'code' }`, `{ errors: [{ code }] }`, problem details with `code`, a JSON text, the bare code as text,
 * or any string value one level down such as `{ error: 'Conflict', reason: 'invalid_state' }`), or `undefined`.
 */
export function findErrorCode(data: unknown, codes: ReadonlySet<string>): string | undefined {
  const parsed = parseErrorData(data);
  const candidates = [readErrorBody(parsed).code, typeof parsed === 'string' ? parsed.trim() : undefined, ...Object.values(entry(parsed))];
  return candidates.find((candidate): candidate is string => typeof candidate === 'string' && codes.has(candidate));
}
