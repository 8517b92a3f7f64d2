import * as z from 'zod/mini';
import { pageNumber } from './payment.js';

/**
 * A sort direction of the published list operations.
 * @internal
 */
export const sortDirection = z.union([z.literal('asc'), z.literal('desc')]);

/**
 * The published `sortBy` of the page-style lists (instruments, customers): `{ field: 'createdAt', direction: 'desc' }`.
 * @internal
 */
export const sortBy = z.looseObject({ field: z.optional(z.string()), direction: z.optional(sortDirection) });

/**
 * The published `filters` of a list: its children are not published, so any object is sent as given.
 * @internal
 */
export const listFilters = z.record(z.string(), z.unknown());

/**
 * Body of the page-style lists (`POST /payment-instruments/list`, `POST /customers/list`, published): `page` from 1,
 * `pageSize` from 1 to `maxPageSize`, `sortBy`, `filters`. Answered with `{ items, total, page, pageSize, totalPages }`.
 * @internal
 */
export function pageListRequest(maxPageSize: number | undefined) {
  const size = z.int().check(z.minimum(1), ...(maxPageSize === undefined ? [] : [z.maximum(maxPageSize)]));
  return z.looseObject({ page: z.optional(pageNumber), pageSize: z.optional(size), sortBy: z.optional(sortBy), filters: z.optional(listFilters) });
}
