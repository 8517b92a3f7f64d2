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
}

/**
 * One page of a list. `for await (const item of page)` walks this page and every later one, fetching them as it
 * goes. A 2xx list answer is never thrown: `data` holds the items the SDK recognised (best effort: the body itself
 * when it is an array, else its `data` array; items that do not look like the resource are left out) and `raw` the
 * body as sent (guaranteed).
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
  readonly #fetchPage: ((page: number) => Promise<Page<T>>) | undefined;
  readonly #hasNext: boolean | undefined;

  /** @param fetchPage fetches another page of the same list; `undefined` for lists that have a single page. */
  constructor(data: T[], info: PageInfo, fetchPage?: (page: number) => Promise<Page<T>>) {
    this.data = data;
    this.page = info.page;
    this.pageSize = info.pageSize;
    this.total = info.total;
    this.raw = info.raw;
    this.#fetchPage = fetchPage;
    this.#hasNext = info.hasNext;
  }

  /**
   * True when a later page may hold items: as the service says (`pagination.hasNext`, `totalPages`) when it says, else
   * by `total` when known, else when this page is full. An empty page always ends the list.
   */
  hasNextPage(): boolean {
    if (this.#fetchPage === undefined || this.data.length === 0) return false;
    if (this.#hasNext !== undefined) return this.#hasNext;
    if (this.total !== undefined) return this.page * this.pageSize < this.total;
    return this.data.length >= this.pageSize;
  }

  /** Fetches the next page. Throws a `RangeError` when {@link hasNextPage} is false. */
  async getNextPage(): Promise<Page<T>> {
    if (!this.hasNextPage() || this.#fetchPage === undefined) throw new RangeError('There is no next page');
    return this.#fetchPage(this.page + 1);
  }

  /** Yields every item of this page, then of each following page. */
  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    yield* walkPages(this);
  }
}

async function* walkPages<T>(first: Page<T>): AsyncGenerator<T> {
  for (let current = first; ; current = await current.getNextPage()) {
    yield* current.data;
    if (!current.hasNextPage()) return;
  }
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
