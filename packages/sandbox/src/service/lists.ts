import type { DateFilter } from '@tessera/core';

/**
 * The two pagination styles of the published lists. Page style (`POST /payment-instruments/list`,
 * `POST /customers/list`): `{ items, total, page, pageSize, totalPages }`. Cursor-less "pagination" style
 * (`POST /products/list`, `POST /subscriptions/list`): `{ items, pagination: { hasNext, totalItems, nextPage,
 * previousPage } }`.
 */

/** One page of `all` in the page style. */
export function pageStyle<T>(all: readonly T[], page: number, pageSize: number): { items: T[]; total: number; page: number; pageSize: number; totalPages: number } {
  const start = (page - 1) * pageSize;
  return pageStyleOf(all.slice(start, start + pageSize), all.length, page, pageSize);
}

/** A page in the page style, its items already read (from a walk: see state/ordered.ts) out of `total`. */
export function pageStyleOf<T>(items: T[], total: number, page: number, pageSize: number): { items: T[]; total: number; page: number; pageSize: number; totalPages: number } {
  return { items, total, page, pageSize, totalPages: Math.ceil(total / pageSize) };
}

/** One page of `all` in the `pagination` style. */
export function paginationStyle<T>(all: readonly T[], page: number, perPage: number): PaginationStyle<T> {
  const start = (page - 1) * perPage;
  return paginationStyleOf(all.slice(start, start + perPage), all.length, page, perPage);
}

/** A page in the `pagination` style. */
export interface PaginationStyle<T> {
  items: T[];
  pagination: { hasNext: boolean; totalItems: number; nextPage: number | null; previousPage: number | null };
}

/** A page in the `pagination` style, its items already read (from a walk: see state/ordered.ts) out of `total`. */
export function paginationStyleOf<T>(items: T[], total: number, page: number, perPage: number): PaginationStyle<T> {
  const hasNext = (page - 1) * perPage + perPage < total;
  return { items, pagination: { hasNext, totalItems: total, nextPage: hasNext ? page + 1 : null, previousPage: page > 1 ? page - 1 : null } };
}

/**
 * `records` sorted by `key` (strings and numbers; `null` first), ties kept in creation order; `desc` reverses the
 * whole, so records created at the same instant list newest first.
 */
export function sortRecords<T>(records: readonly T[], key: (record: T) => string | number | boolean | null | undefined, direction: 'asc' | 'desc' = 'desc'): T[] {
  const sorted = records
    .map((record, index) => ({ record, index, value: key(record) ?? null }))
    .sort((a, b) => {
      if (a.value === b.value) return a.index - b.index;
      if (a.value === null) return -1;
      if (b.value === null) return 1;
      return a.value < b.value ? -1 : 1;
    })
    .map(({ record }) => record);
  return direction === 'desc' ? sorted.reverse() : sorted;
}

/**
 * Whether `value` passes a filter of the published lists, whose children are not published: a filter that is
 * absent passes everything; a string or boolean must be equal; an array must contain the value.
 */
export function passes(filter: unknown, value: unknown): boolean {
  if (filter === undefined || filter === null) return true;
  if (Array.isArray(filter)) return filter.length === 0 || filter.includes(value);
  return filter === value;
}

/** The direction of a published `sortBy` / `sort_order`, `desc` by default. */
export const directionOf = (direction: unknown): 'asc' | 'desc' => (direction === 'asc' ? 'asc' : 'desc');

/** A page-style list request as core's catalog checked it (`POST /payment-instruments/list`, `POST /customers/list`). */
interface PageStyleInput {
  filters?: Record<string, unknown> | undefined;
  sortBy?: { field?: string | undefined; direction?: 'asc' | 'desc' | undefined } | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/**
 * What a page-style list request asks for, with the published defaults: no filter, newest first on `createdAt`,
 * page 1 of 20.
 */
export function pageStyleRequest(input: PageStyleInput): { filters: Record<string, unknown>; field: string; direction: 'asc' | 'desc'; page: number; pageSize: number } {
  return { filters: input.filters ?? {}, field: input.sortBy?.field ?? 'createdAt', direction: directionOf(input.sortBy?.direction), page: input.page ?? 1, pageSize: input.pageSize ?? 20 };
}

/**
 * The values a {@link passes} filter allows, for the indexes: `undefined` when it passes everything (absent, or an
 * empty array), else the listed values (one for a string or boolean).
 */
export function passingValues(filter: unknown): readonly unknown[] | undefined {
  if (filter === undefined || filter === null) return undefined;
  if (Array.isArray(filter)) return filter.length === 0 ? undefined : filter;
  return [filter];
}


const DAY_MS = 86_400_000;

/** The instants a filter date covers: a day (`2024-03-20`) its whole UTC day, a date-time that instant alone. */
function span(value: string): { start: number; end: number } {
  if (value.length === 10) {
    const start = Date.parse(`${value}T00:00:00.000Z`);
    return { start, end: start + DAY_MS };
  }
  const instant = Date.parse(value);
  return { start: instant, end: instant + 1 };
}

/**
 * Whether a record made at `createdAt` passes the published `filters.date` (absent: everything passes):
 * `is-equal-date` on the same UTC day as `date`; `is-after-date` after it (after the whole day for a day);
 * `is-before-date` before it; `is-between-date` from `from` to `to`, both included (whole days for days).
 */
export function passesDate(given: unknown, createdAt: string): boolean {
  if (given === undefined || given === null) return true;
  // Core's catalog checked it: a `DateFilter` (`{ condition, date }` or `{ condition, from, to }`).
  const filter = given as DateFilter;
  const at = Date.parse(createdAt);
  switch (filter.condition) {
    case 'is-equal-date': {
      const day = span(filter.date.slice(0, 10));
      return at >= day.start && at < day.end;
    }
    case 'is-after-date':
      return at >= span(filter.date).end;
    case 'is-before-date':
      return at < span(filter.date).start;
    case 'is-between-date':
      return at >= span(filter.from).start && at < span(filter.to).end;
  }
}

/** Whether any of these filters is given (then a list applies them while walking, and counts what passes). */
export const anyGiven = (...filters: readonly unknown[]): boolean => filters.some((filter) => passingValues(filter) !== undefined);
