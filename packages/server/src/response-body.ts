import { threeDSChallengeData, toFieldErrors, type FieldError, type Payment } from '@tessera/core';
import * as z from 'zod/mini';
import type { HttpResult } from './http-client.js';
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

function unwrap(data: unknown, key: string): unknown {
  return isObject(data) && isObject(data[key]) ? data[key] : data;
}

function requiredString(value: Json, field: string, prefix: string, problems: FieldError[]): void {
  if (typeof value[field] !== 'string' || value[field] === '') problems.push({ field: `${prefix}${field}`, code: 'required', message: 'is missing' });
}

/**
 * What the SDK itself relies on in a payment: `id`, `status`, and the four challenge values when `requireAction` is
 * `threeds_auth`. Everything else is the service's and passes through unchecked.
 */
function paymentProblems(value: unknown, prefix: string): FieldError[] {
  if (!isObject(value)) return [{ field: prefix.replace(/\.$/, ''), code: 'invalid_type', message: 'is not a payment object' }];
  const problems: FieldError[] = [];
  requiredString(value, 'id', prefix, problems);
  requiredString(value, 'status', prefix, problems);
  if (value.requireAction === 'threeds_auth') {
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

function fail(problems: FieldError[], result: HttpResult, idempotencyKey: string | undefined): never {
  throw responseValidationError(problems, { status: result.status, requestId: result.requestId, body: result.data, idempotencyKey });
}

/**
 * The payment of a 2xx answer whose shape the document shows (`process` → `{ payment }`, `GET /payments/{id}`),
 * bare or wrapped. Only what the SDK relies on is required (see {@link paymentProblems}); when even that is missing
 * the request succeeded on the service and a {@link TesseraResponseValidationError} says so, never retried.
 */
export function requirePayment(result: HttpResult, idempotencyKey?: string): Payment {
  const value = unwrap(result.data, 'payment');
  const problems = paymentProblems(value, isObject(result.data) && isObject(result.data.payment) ? 'payment.' : '');
  if (problems.length > 0) fail(problems, result, idempotencyKey);
  return value as Payment;
}

/** A payment found in a body the document does not show: the body itself, or wrapped in `payment` or `data`. */
export function recognisePayment(data: unknown): Payment | undefined {
  for (const candidate of [unwrap(data, 'payment'), unwrap(data, 'data')]) {
    if (paymentProblems(candidate, '').length === 0) return candidate as Payment;
  }
  return undefined;
}

/**
 * The object of a documented 2xx answer (e.g. `{ processor }`, a 3DS session), bare or wrapped in `key`, with the
 * `id` the SDK relies on. When the id is missing the request succeeded on the service: a
 * {@link TesseraResponseValidationError} carrying the body and the idempotency key, never retried.
 */
export function requireWithId<T>(result: HttpResult, key: string, idempotencyKey?: string): T {
  const value = unwrap(result.data, key);
  const problems: FieldError[] = [];
  const prefix = isObject(result.data) && isObject(result.data[key]) ? `${key}.` : '';
  if (isObject(value)) requiredString(value, 'id', prefix, problems);
  else problems.push({ field: '', code: 'invalid_type', message: 'is not an object' });
  if (problems.length > 0) fail(problems, result, idempotencyKey);
  return value as T;
}

/** `requireWithId` for an answer holding several objects, e.g. `{ paymentInstrument, customer }`: only `fields`' ids are required. */
export function requireIds<T>(result: HttpResult, fields: string[], idempotencyKey?: string): T {
  const problems: FieldError[] = [];
  const data = result.data;
  for (const field of fields) {
    const value = isObject(data) ? data[field] : undefined;
    if (isObject(value)) requiredString(value, 'id', `${field}.`, problems);
    else problems.push({ field, code: 'required', message: 'is missing' });
  }
  if (problems.length > 0) fail(problems, result, idempotencyKey);
  return data as T;
}

/** What `schema` recognises in `data`: wrapped in one of `keys` (or `data`), or the body itself; else `undefined`. */
export function recognise<S extends z.core.$ZodType>(schema: S, data: unknown, keys: string[]): z.output<S> | undefined {
  for (const candidate of [...keys.map((key) => (isObject(data) ? data[key] : undefined)), data]) {
    if (candidate === undefined) continue;
    const parsed = z.safeParse(schema, candidate);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/**
 * The items of a list answer: the body if it is an array, else its `data` array or the array under one of `keys`.
 * Items `itemSchema` does not recognise are left out of `items` (they stay in the raw body); `total` when the body
 * has a numeric one.
 */
export function recogniseList<S extends z.core.$ZodType>(itemSchema: S, data: unknown, keys: string[]): { items: z.output<S>[]; total: number | undefined } {
  let source: unknown[] = [];
  if (Array.isArray(data)) source = data;
  else if (isObject(data)) {
    const found = ['data', ...keys].map((key) => data[key]).find((value) => Array.isArray(value));
    if (Array.isArray(found)) source = found;
  }
  const items: z.output<S>[] = [];
  for (const item of source) {
    const parsed = z.safeParse(itemSchema, item);
    if (parsed.success) items.push(parsed.data);
  }
  const total = isObject(data) && typeof data.total === 'number' && Number.isInteger(data.total) && data.total >= 0 ? data.total : undefined;
  return { items, total };
}
