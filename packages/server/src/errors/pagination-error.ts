import { TesseraError } from '@tessera/core';

/**
 * Why a walk of a list stopped: `repeated_items` (a page held only items already listed: the same page again),
 * `page_not_advanced` (the answer reports a page number that is not after the previous page's: the page asked for
 * was ignored) or `cursor_not_advanced` (the service's `nextCursor` is the cursor just sent).
 */
export type PaginationStallReason = 'repeated_items' | 'page_not_advanced' | 'cursor_not_advanced';

/** Where a {@link TesseraPaginationError} happened. */
export interface PaginationErrorDetails {
  /** The list operation of the catalog, e.g. `listPayments` (what `payments.list` sends). */
  operation: string;
  /** The 1-based number of the page that did not advance. */
  page: number;
  /** The keyset cursor sent for that page (or that would have been sent), when the list walks a cursor. */
  cursor: string | undefined;
  /** Why the walk stopped. */
  reason: PaginationStallReason;
}

const what: Record<PaginationStallReason, string> = {
  repeated_items: 'held only items already listed (the same page again)',
  page_not_advanced: 'reports a page number that is not after the previous one (the page asked for was ignored)',
  cursor_not_advanced: 'gave the same nextCursor that was just sent',
};

/**
 * A list's pages stopped advancing, so its walk (`for await`, or `getNextPage`) stopped instead of fetching and
 * yielding the same items without end. The items yielded before it are each listed once and are what the service
 * answered. When items were being created while you listed (an offset list then shifts), list again, or for payments
 * walk the keyset with `useCursor: true`; otherwise the service (or a proxy or cache in front of it) does not honour
 * the page asked for: report it with the operation and page this error names. Never retried.
 */
export class TesseraPaginationError extends TesseraError {
  static override readonly brand: string = 'Pagination';
  /** Why the walk stopped. */
  declare readonly reason: PaginationStallReason;
  /** The list operation, e.g. `listPayments`. */
  readonly operation: string;
  /** The 1-based number of the page that did not advance. */
  readonly page: number;
  /** The keyset cursor of that page, when the list walks a cursor. */
  readonly cursor: string | undefined;

  constructor(details: PaginationErrorDetails) {
    const at = `page ${details.page}${details.cursor === undefined ? '' : ` (cursor "${details.cursor}")`}`;
    super(
      'pagination_not_advancing',
      `The list ${details.operation} stopped at ${at}: the answer ${what[details.reason]}, so the walk ended rather than repeat itself. ` +
        'The items already yielded were each listed once. If items were created while listing, list again (for payments, useCursor: true walks a keyset that new payments do not shift); ' +
        `otherwise the service or a proxy in front of it ignores the page asked for: report ${details.operation} ${at}.`,
      { reason: details.reason },
    );
    this.operation = details.operation;
    this.page = details.page;
    this.cursor = details.cursor;
  }

  /** Name, code, message and reason, plus `operation`, `page` and `cursor`. */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), operation: this.operation, page: this.page, cursor: this.cursor };
  }
}
