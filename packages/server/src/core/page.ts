import { TesseraPaginationError, type PaginationStallReason } from '../errors/pagination-error.js';

/** Where a page sits in its list, as far as the service told. */
export interface PageInfo {
  /** 1-based page number. */
  page: number;
  /** Requested page size. */
  pageSize: number;
  /** Total number of items, when the service sends it. */
  total: number | undefined;
  /** The body of this page exactly as the service sent it. */
  raw?: unknown;
  /** Whether the service says a later page exists (`pagination.hasNext`, or `page` below `totalPages`), when it says. */
  hasNext?: boolean | undefined;
  /** The page number the answer itself reports (its `page`), when it reports one. */
  answeredPage?: number | undefined;
  /** The keyset cursor this page was fetched with, when the list walks a cursor (`useCursor`). */
  cursor?: string | undefined;
  /**
   * In a keyset walk, the cursor of the next page as the service answered it (`nextCursor`), `null` when it gave
   * none (the last page); `undefined` for a list walked by page number.
   */
  nextCursor?: string | null | undefined;
  /** The list operation (`listPayments`), named by a {@link TesseraPaginationError}. Default `list`. */
  operation?: string | undefined;
}

/**
 * One page of a list. `for await (const item of page)` walks this page and every later one, fetching them as it
 * goes. A 2xx list answer is never thrown: `data` holds the items the SDK recognised (best effort: the body itself
 * when it is an array, else its `data` array; items that do not look like the resource are left out) and `raw` the
 * body as sent (guaranteed).
 *
 * A walk trusts the service's "there is more" only while the list advances: a page that holds only items already
 * listed, an answer that reports a page number not after the previous one, or a `nextCursor` equal to the cursor
 * just sent ends it with a {@link TesseraPaginationError}, after at most one request too many. An item whose `id` was
 * already yielded is skipped, and the walk goes on: items shift between the pages of an offset list when items are
 * created while it is walked.
 */
export class Page<T> implements AsyncIterable<T> {
  /** The items of this page. */
  readonly data: T[];
  /** 1-based page number. */
  readonly page: number;
  /** Requested page size. */
  readonly pageSize: number;
  /** Total number of items across pages, when the service sends it. */
  readonly total: number | undefined;
  /** The body of this page exactly as the service sent it (parsed JSON; `undefined` when empty). */
  readonly raw: unknown;
  /** The keyset cursor this page was fetched with (`payments.list` with `useCursor: true`); else `undefined`. */
  readonly cursor: string | undefined;
  /**
   * In a keyset walk, the cursor of the next page (the service's `nextCursor`), `null` on the last page: pass it as
   * `cursor` to resume later. `undefined` for a list walked by page number.
   */
  readonly nextCursor: string | null | undefined;
  /** The list operation this page belongs to (`listPayments` for `payments.list`). */
  readonly operation: string;
  readonly #fetchPage: ((page: number, cursor?: string) => Promise<Page<T>>) | undefined;
  readonly #hasNext: boolean | undefined;
  readonly #answeredPage: number | undefined;

  /**
   * @param fetchPage fetches another page of the same list by its number and, in a keyset walk, the cursor it
   * starts at; `undefined` for lists that have a single page.
   */
  constructor(data: T[], info: PageInfo, fetchPage?: (page: number, cursor?: string) => Promise<Page<T>>) {
    this.data = data;
    this.page = info.page;
    this.pageSize = info.pageSize;
    this.total = info.total;
    this.raw = info.raw;
    this.cursor = info.cursor;
    this.nextCursor = info.nextCursor;
    this.#fetchPage = fetchPage;
    this.#hasNext = info.hasNext;
    this.#answeredPage = info.answeredPage;
    this.operation = info.operation ?? 'list';
  }

  /**
   * True when a later page may hold items: in a keyset walk while the service gives a `nextCursor`; else as the
   * service says (`pagination.hasNext`, `totalPages`) when it says, else by `total` when known, else when this page
   * is full. An empty page always ends the list.
   */
  hasNextPage(): boolean {
    if (this.#fetchPage === undefined || this.data.length === 0) return false;
    if (this.nextCursor !== undefined) return this.nextCursor !== null;
    if (this.#hasNext !== undefined) return this.#hasNext;
    if (this.total !== undefined) return this.page * this.pageSize < this.total;
    return this.data.length >= this.pageSize;
  }

  /**
   * Fetches the next page (in a keyset walk, the one at `nextCursor`). Throws a `RangeError` when
   * {@link hasNextPage} is false, and a {@link TesseraPaginationError} when the list does not advance: the
   * `nextCursor` is this page's own cursor (nothing is sent), or the next page holds only this page's items or
   * reports a page number not after this one's.
   */
  async getNextPage(): Promise<Page<T>> {
    if (!this.hasNextPage() || this.#fetchPage === undefined) throw new RangeError('There is no next page');
    const cursor = this.nextCursor ?? undefined;
    if (cursor !== undefined && cursor === this.cursor) throw stalled(this, 'cursor_not_advanced', this.page + 1, cursor);
    const next = await this.#fetchPage(this.page + 1, cursor);
    if (this.#answeredPage !== undefined && next.#answeredPage !== undefined && next.#answeredPage <= this.#answeredPage) {
      throw stalled(this, 'page_not_advanced', next.page, cursor);
    }
    if (freshItems(next.data, new Set(itemIds(this.data))).length === 0 && next.data.length > 0) throw stalled(this, 'repeated_items', next.page, cursor);
    return next;
  }

  /**
   * Yields every item of this page, then of each following page, each `id` once. Ends with a
   * {@link TesseraPaginationError} when a page brings nothing new or the list does not advance (see {@link getNextPage}).
   */
  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    yield* walkPages(this);
  }
}

async function* walkPages<T>(first: Page<T>): AsyncGenerator<T> {
  const listed = new Set<string>();
  for (let current = first; ; current = await current.getNextPage()) {
    const fresh = freshItems(current.data, listed);
    // A page of nothing new after the first: the list went back to items it already gave (A, B, A, …).
    if (fresh.length === 0 && current !== first && current.data.length > 0) throw stalled(current, 'repeated_items', current.page, current.cursor);
    for (const id of itemIds(fresh)) listed.add(id);
    yield* fresh;
    if (!current.hasNextPage()) return;
  }
}

function stalled(page: Page<unknown>, reason: PaginationStallReason, number: number, cursor: string | undefined): TesseraPaginationError {
  return new TesseraPaginationError({ operation: page.operation, page: number, cursor, reason });
}

/** The `id` of a listed item, when it has a string one (every resource the catalog lists does). */
function idOf(item: unknown): string | undefined {
  const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : undefined;
}

function itemIds(items: readonly unknown[]): string[] {
  return items.map(idOf).filter((id) => id !== undefined);
}

/** The items whose `id` is not in `listed` nor earlier in `items` (items without an id are all fresh). */
function freshItems<T>(items: readonly T[], listed: ReadonlySet<string>): T[] {
  const seen = new Set(listed);
  return items.filter((item) => {
    const id = idOf(item);
    if (id === undefined) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * What a `list` method returns: await it for the first {@link Page}, or `for await` over it for every item of
 * every page.
 */
export class PagePromise<T> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  readonly #firstPage: Promise<Page<T>>;

  /** @internal Created by the `list` methods. */
  constructor(firstPage: Promise<Page<T>>) {
    this.#firstPage = firstPage;
  }

  /** Resolves with the first page, like `Promise.prototype.then`. */
  then<R1 = Page<T>, R2 = never>(
    onFulfilled?: ((page: Page<T>) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#firstPage.then(onFulfilled, onRejected);
  }

  /** Same as `Promise.prototype.catch`. */
  catch<R = never>(onRejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<Page<T> | R> {
    return this.#firstPage.catch(onRejected);
  }

  /** Yields every item of every page. */
  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    yield* await this.#firstPage;
  }
}
