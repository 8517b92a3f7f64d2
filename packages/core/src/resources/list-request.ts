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
 * Body of the page-style lists (`POST /payment-instruments/list`, `POST /customers/list`, published): `page` from 1,
 * `pageSize` from 1 to `maxPageSize`, `sortBy`, `filters` (the list's, see `listFilters`). Answered with `{ items,
 * total, page, pageSize, totalPages }`.
 * @internal
 */
export function pageListRequest<const F extends z.ZodMiniType>(maxPageSize: number | undefined, filters: F) {
  const size = z.int().check(z.minimum(1), ...(maxPageSize === undefined ? [] : [z.maximum(maxPageSize)]));
  return z.looseObject({ page: z.optional(pageNumber), pageSize: z.optional(size), sortBy: z.optional(sortBy), filters: z.optional(filters) });
}
