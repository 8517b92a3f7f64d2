import type { FieldError } from '@tessera/core';
import { paymentSchema as payment, threeDSChallengeData } from '@tessera/core/schemas';
import { toFieldErrors, z, type Operation } from '@tessera/core/internal';
import type { ZodMiniType } from 'zod/mini';
import type { HttpResult } from '../transport/http-client.js';
import { responseValidationError } from './response-validation-error.js';

/**
 * The answer of an operation whose response body the interface document does not show (void, refund, GET
 * instrument, the list and setup operations of section 4.10). A 2xx is always returned, never thrown, whatever the
 * body: `raw` is the body exactly as the service sent it (parsed JSON; `undefined` when empty, e.g. a 204), and
 * the named field holds what the SDK recognised in it (the body itself, or the body wrapped as `{ [name]: … }` or
 * `{ data: … }`), or `undefined` when it recognised nothing. Guaranteed: `raw`. Best effort: the named field.
 */
export type Recognised<K extends string, T> = { readonly [P in K]: T | undefined } & {
  /** The body exactly as the service sent it: parsed JSON, or `undefined` when it was empty (e.g. a 204). */
  readonly raw: unknown;
};

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What the SDK relies on in `value`, a resource of `operation`: each of `fields` a non-empty string and, for a
 * payment whose `requireAction` is `threeds_auth`, the four challenge values. Everything else is the service's and
 * passes through unchecked. Field names start with `prefix` (`payment.` when the resource came wrapped).
 */
function problemsOf(operation: Operation, value: unknown, fields: readonly string[], prefix: string): FieldError[] {
  if (!isObject(value)) return [{ field: prefix.replace(/\.$/, ''), code: 'invalid_type', message: 'is not an object' }];
  const problems: FieldError[] = [];
  for (const field of fields) {
    const segments = field.split('.');
    let current: unknown = value;
    for (const [index, segment] of segments.entries()) {
      current = isObject(current) ? current[segment] : undefined;
      const last = index === segments.length - 1;
      if (last ? typeof current === 'string' && current !== '' : isObject(current)) continue;
      problems.push({ field: `${prefix}${segments.slice(0, index + 1).join('.')}`, code: 'required', message: 'is missing' });
      break;
    }
  }
  if (operation.response === payment && value.requireAction === 'threeds_auth') {
    const data = value.requireActionData;
    const session = isObject(data) && isObject(data.metadata) ? data.metadata.threedsSession : undefined;
    const parsed = z.safeParse(threeDSChallengeData, session);
    if (!parsed.success) {
      const at = `${prefix}requireActionData.metadata.threedsSession`;
      for (const issue of toFieldErrors(parsed.error.issues)) problems.push({ ...issue, field: issue.field ? `${at}.${issue.field}` : at });
    }
  }
  return problems;
}

/**
 * The resource of a 2xx answer whose shape the document shows (`{ payment }`, `{ processor }`, a 3DS session, …),
 * bare or wrapped in one of the operation's `unwrap` keys. Only what the SDK relies on (the operation's `requires`)
 * is checked; when even that is missing the request succeeded on the service and a
 * {@link TesseraResponseValidationError} carrying the body and the idempotency key says so, never retried.
 */
export function requireResource(operation: Operation, result: HttpResult): unknown {
  const data = result.data;
  const key = isObject(data) ? operation.unwrap.find((candidate) => isObject(data[candidate])) : undefined;
  const value = key === undefined ? data : (data as Json)[key];
  const problems = problemsOf(operation, value, operation.requires ?? ['id'], key === undefined ? '' : `${key}.`);
  if (problems.length > 0) {
    throw responseValidationError(problems, { status: result.status, requestId: result.requestId, body: result.redactedData(), idempotencyKey: result.idempotencyKey });
  }
  return value;
}

/**
 * The resource found in a body the document does not show, wrapped in one of the operation's `unwrap` keys or the
 * body itself: the first that has what the SDK relies on (`requires`) or, without `requires`, that the response
 * schema accepts; else `undefined`.
 */
export function recogniseResource(operation: Operation, data: unknown): unknown {
  for (const candidate of [...operation.unwrap.map((key) => (isObject(data) ? data[key] : undefined)), data]) {
    if (candidate === undefined) continue;
    if (operation.requires !== undefined) {
      if (problemsOf(operation, candidate, operation.requires, '').length === 0) return candidate;
      continue;
    }
    const parsed = z.safeParse(operation.response, candidate);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/** The value under `key` of a body (`{ refund }`) when `schema` recognises it, else `undefined`. */
export function recogniseNested(schema: ZodMiniType, data: unknown, key: string): unknown {
  if (!isObject(data)) return undefined;
  const parsed = z.safeParse(schema, data[key]);
  return parsed.success ? parsed.data : undefined;
}

const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined);

/**
 * Whether the service says a later page exists: the published `pagination.hasNext` (products, subscriptions), else
 * `page` below `totalPages` (instruments, customers; promotion codes under `pagination`); `undefined` when the body
 * says neither.
 */
function hasNextOf(data: unknown): boolean | undefined {
  if (!isObject(data)) return undefined;
  if (isObject(data.pagination) && typeof data.pagination.hasNext === 'boolean') return data.pagination.hasNext;
  // The page style's `page`/`totalPages` at the top, or under `pagination` (promotion codes: `{ page, limit, total, totalPages }`).
  const where = isObject(data.pagination) && count(data.page) === undefined ? data.pagination : data;
  const page = count(where.page);
  const totalPages = count(where.totalPages) ?? count(where.pageCount);
  return page !== undefined && totalPages !== undefined ? page < totalPages : undefined;
}

/**
 * The list a list answer holds, even an empty one: the body if it is an array, else its `data` array or the array
 * under one of the operation's `unwrap` keys; `undefined` when it holds none (an answer that is no list at all).
 */
export function listIn(operation: Operation, data: unknown): readonly unknown[] | undefined {
  if (Array.isArray(data)) return data as unknown[];
  if (!isObject(data)) return undefined;
  const found = ['data', ...operation.unwrap].map((key) => data[key]).find((value) => Array.isArray(value));
  return Array.isArray(found) ? (found as unknown[]) : undefined;
}

/** What {@link recogniseList} reads in a list answer. */
export interface RecognisedList {
  items: unknown[];
  total: number | undefined;
  hasNext: boolean | undefined;
  answeredPage: number | undefined;
  nextCursor: string | null;
}

/**
 * The items of a list answer: the body if it is an array, else its `data` array or the array under one of the
 * operation's `unwrap` keys. Items not recognised (by the operation's `requires` when it lists them, else by its
 * response schema) are left out of `items` (they stay in the raw body); `total` when the body has a numeric one
 * (`total`, or the published `pagination.totalItems` or `pagination.total`); `hasNext` when the body says whether a
 * later page exists; `answeredPage`, the body's own `page` (or `pagination.page`); `nextCursor`, the keyset cursor of
 * the next page (the published `nextCursor` of list payments: a non-empty string, else `null` when the body has none).
 */
export function recogniseList(operation: Operation, data: unknown): RecognisedList {
  const items: unknown[] = [];
  for (const item of listIn(operation, data) ?? []) {
    // With `requires`, an item is recognised by what the SDK relies on, and passes through as sent.
    if (operation.requires !== undefined) {
      if (problemsOf(operation, item, operation.requires, '').length === 0) items.push(item);
      continue;
    }
    const parsed = z.safeParse(operation.response, item);
    if (parsed.success) items.push(parsed.data);
  }
  const total = isObject(data) ? (count(data.total) ?? (isObject(data.pagination) ? (count(data.pagination.totalItems) ?? count(data.pagination.total)) : undefined)) : undefined;
  const nextCursor = isObject(data) && typeof data.nextCursor === 'string' && data.nextCursor !== '' ? data.nextCursor : null;
  const answeredPage = isObject(data) ? (count(data.page) ?? (isObject(data.pagination) ? count(data.pagination.page) : undefined)) : undefined;
  return { items, total, hasNext: hasNextOf(data), answeredPage, nextCursor };
}
