import { mayHoldCardNumber } from './card-number-text.js';
import type { FieldError } from './error-classes.js';
import { safeRequestId } from './request-id.js';

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
  /** The machine code of the body's `error`, never a sentence or a URI. */
  code: string | undefined;
  /** A problem details' `title` (Basis Theory sends no code: its title stands in). */
  title: string | undefined;
  /** Every field error the body names (empty when none). */
  fields: FieldError[];
}

type Entry = Record<string, unknown>;

// Any object's own fields (an array's items have no name the reader looks for), or none.
const entry = (value: unknown): Entry => (typeof value === 'object' && value !== null ? (value as Entry) : {});

// A body's strings: non-empty ones only, and never one that could be a card number (a body that echoes what was sent
// never puts it into an error).
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' && !mayHoldCardNumber(value) ? value : undefined);
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
 * - the published `{ code, message, data }` (the vendor's API introduction), whose `code` wins;
 * - the sandbox's `{ error: { code, message, fields?, requestId? } }` (sent beside the published keys);
 * - NestJS's `{ statusCode, message: string | string[], error }`: every message kept, joined with `; `;
 * - `{ errors: [...] }` (strings, or objects with `message`, `code` and `field`/`path`/`param`/`pointer`): all
 *   messages joined, objects with a field become `fields`, the first code is the code; `issues` when there are no
 *   `errors` (the published error of create funnel, `{ message, code, issues: [{ message }] }`, a zod issue's `path`
 *   list joined with `.`: `config.steps.0.id`);
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
  const standard = withStandardKeys(record);
  const { code, title, fields } = readErrorCodeAndFields(standard);
  // Every listed error's message, prefixed by its field when it names one.
  const messages = listedErrors(standard).flatMap((item) => {
    const { field, message } = entry(item);
    const said = text(typeof item === 'string' ? item : message);
    return said === undefined ? [] : [text(field) === undefined ? said : `${String(field)} ${said}`];
  });
  const nest = Array.isArray(record.message) ? record.message.filter((item): item is string => text(item) !== undefined) : [];
  const plain = text(typeof data === 'string' ? data.trim() : undefined);
  return {
    // The published body's own `code` (`PAYMENT_NOT_FOUND`) first: the sandbox sends it beside its `error` object.
    code: codeOf(text(record.code)) ?? code ?? codeOf(text(inner.type)) ?? listedErrors(standard).map((item) => codeOf(text(entry(item).code))).find(Boolean),
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
    requestId: safeRequestId(inner.requestId, record.requestId, record.request_id),
  };
}

/**
 * The part of {@link readErrorBody} a browser needs, from a parsed body: the machine code of its `error`, a problem's
 * `title`, and the field errors among the errors it lists (`error.fields` or `errors`: a list of
 * `{ field, code, message }`, or a map of field to messages, `{ 'data.number': ['…'] }`). No text that could be a
 * card number or that holds one of `secrets` (what was sent, such as the CVC) is kept: a field's code and message
 * then fall back to `invalid` and `is invalid`.
 */
export function readErrorCodeAndFields(data: unknown, secrets: readonly string[] = []): ErrorCodeAndFields {
  const read = (value: unknown): string | undefined => (secrets.some((secret) => secret !== '' && text(value)?.includes(secret)) ? undefined : text(value));
  const record = entry(data);
  return {
    code: codeOf(read(entry(record.error).code)),
    title: read(record.title),
    fields: listedErrors(record).flatMap((item) => {
      const { field, code, message } = entry(item);
      // `''` names the body itself (a body that is not JSON, a root that is not an object).
      const name = field === '' ? field : read(field);
      return name === undefined ? [] : [{ field: name, code: codeOf(read(code)) ?? 'invalid', message: read(message) ?? 'is invalid' }];
    }),
  };
}

// The errors a body lists, `error.fields` or `errors`: a list, or a map of field to messages read as a list.
function listedErrors(record: Entry): unknown[] {
  const value = entry(record.error).fields ?? record.errors;
  return Array.isArray(value)
    ? (value as unknown[])
    : Object.entries(entry(value)).flatMap(([field, messages]) => [messages].flat().map((message: unknown) => ({ field, message })));
}

// A zod issue's `path` (`['config', 'steps', 0, 'id']`) as a field name (`config.steps.0.id`), else `undefined`.
const pathName = (path: unknown): string | undefined =>
  Array.isArray(path) && path.length > 0 && path.every((key) => typeof key === 'string' || typeof key === 'number') ? text(path.join('.')) : undefined;

// The same body with each listed error's other names for its field (`path`, as text or a zod issue's list, `param`,
// `pointer`) and message (`detail`, `title`) read as `field` and `message`, as frameworks other than the sandbox name
// them; a body's `issues` (the published error of create funnel) are its `errors` when it lists none.
function withStandardKeys(record: Entry): Entry {
  const standard = (items: unknown): unknown =>
    Array.isArray(items)
      ? items.map((item: unknown) => {
          const found = entry(item);
          const pick = (keys: string[]): string | undefined => keys.map((key) => text(found[key])).find((value) => value !== undefined);
          const field = found.field === '' ? '' : (pick(['field', 'path', 'param', 'pointer']) ?? pathName(found.path));
          return typeof item === 'string' ? item : { code: found.code, field, message: pick(['message', 'detail', 'title']) };
        })
      : items;
  const inner = entry(record.error);
  return { ...record, errors: standard(record.errors ?? record.issues), ...(record.error === inner ? { error: { ...inner, fields: standard(inner.fields) } } : {}) };
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
