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

/** The part of an error body a browser needs (see {@link readErrorCodeAndFields}). */
export interface ErrorCodeAndFields {
  /** The machine code the body names, never a sentence or a URI. */
  code: string | undefined;
  /** A problem details' `title` (Basis Theory sends no code: its title stands in). */
  title: string | undefined;
  /** Every field error the body names (empty when none). */
  fields: FieldError[];
  /** The message of every error the body lists, prefixed by its field when it names one. */
  messages: string[];
}

type Entry = Record<string, unknown>;
type Read = (value: unknown) => string | undefined;

const entry = (value: unknown): Entry => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Entry) : {});
// A run of 12 or more digits (spaces or dashes between them allowed) could be a card number.
const cardNumberLike = /(?:\d[\s-]?){12,}/;
// Reads a body's strings: non-empty ones only, and never one that could be a card number or holds one of `secrets`
// (what was sent, e.g. the CVC): a body that echoes them never puts them into an error.
const reader =
  (secrets: readonly string[]): Read =>
  (value) =>
    typeof value === 'string' && value !== '' && !cardNumberLike.test(value) && !secrets.some((secret) => secret !== '' && value.includes(secret)) ? value : undefined;
const text = /* @__PURE__ */ reader([]);
// `not_found`, `invalid_state`, `card-declined`: a machine code, not a sentence ("Bad Request") or a URI.
const codeOf = (value: string | undefined): string | undefined => (value !== undefined && /^[A-Za-z][\w.-]{0,99}$/.test(value) ? value : undefined);
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
 * A code is only taken from a string that looks like one (letters, digits, `_`, `.`, `-`; no spaces). No text that
 * could be a card number (a run of 12 or more digits) is ever kept.
 */
export function readErrorBody(rawData: unknown): ErrorBodyDetails {
  const data = parseErrorData(rawData);
  const record = entry(data);
  const inner = entry(record.error);
  const { code, title, fields, messages } = readErrorCodeAndFields(data);
  const nest = Array.isArray(record.message) ? record.message.filter((item): item is string => text(item) !== undefined) : [];
  const plain = text(typeof data === 'string' ? data.trim() : undefined);
  return {
    code,
    message: shorten(
      text(inner.message) ??
        (nest.length > 0 ? nest.join('; ') : text(record.message)) ??
        (messages.join('; ') || undefined) ??
        text(record.detail) ??
        title ??
        text(record.error) ??
        (plain?.startsWith('<') ? undefined : plain),
    ),
    fields: fields.length > 0 ? fields : undefined,
    requestId: text(inner.requestId) ?? text(record.requestId) ?? text(record.request_id),
  };
}

/**
 * The part of {@link readErrorBody} a browser needs, from a parsed body: the machine code, a problem's `title`, every
 * field error, and the messages of the errors a body lists (`error.fields` or `errors`: a list of
 * `{ field, code, message }` or strings, or a map of field to messages, `{ 'data.number': ['…'] }`), each prefixed by
 * its field. No text that could be a card number or that holds one of `secrets` (what was sent, such as the CVC) is
 * kept: a field's code and message then fall back to `invalid` and `is invalid`.
 */
export function readErrorCodeAndFields(data: unknown, secrets: readonly string[] = []): ErrorCodeAndFields {
  const read = reader(secrets);
  const record = entry(data);
  const inner = entry(record.error);
  const value = inner.fields ?? record.errors;
  const items = Array.isArray(value)
    ? (value as unknown[])
    : Object.entries(entry(value)).flatMap(([field, messages]) => [messages].flat().map((message: unknown) => ({ field, message })));
  const fields: FieldError[] = [];
  const messages: string[] = [];
  let first: string | undefined;
  for (const item of items) {
    const found = entry(item);
    // The first of `keys` that holds a string worth keeping.
    const pick = (keys: string[]): string | undefined => keys.map((key) => read(found[key])).find((text) => text !== undefined);
    const field = pick(['field', 'path', 'param', 'pointer']);
    const code = codeOf(read(found.code));
    const message = typeof item === 'string' ? read(item) : pick(['message', 'detail', 'title']);
    first ??= code;
    if (message !== undefined) messages.push(field === undefined ? message : `${field} ${message}`);
    if (field !== undefined) fields.push({ field, code: code ?? 'invalid', message: message ?? 'is invalid' });
  }
  return { code: codeOf(read(inner.code)) ?? codeOf(read(inner.type)) ?? codeOf(read(record.code)) ?? first, title: read(record.title), fields, messages };
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
