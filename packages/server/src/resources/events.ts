import type { AppEvent, ListEventsRequest, RecentEventsRequest } from '@tessera/core';
import { PagePromise } from '../core/page.js';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';

/** Parameters of {@link Events.list}. */
export interface ListEventsParams {
  /** Page to start from and its size. Default `{ page: 1, pageSize: 20 }`. */
  pagination?: { page?: number; pageSize?: number };
  /**
   * Only the events that pass every filter: `date`, `storeIds`, `eventTypes` (see `ListEventsFilters`). A key the SDK
   * does not type is refused before sending; send one the service adds later under `unlisted`.
   */
  filters?: ListEventsRequest['filters'];
  /** The published sort, e.g. `{ field: 'createdAt', direction: 'desc' }`. */
  sortBy?: ListEventsRequest['sortBy'];
}

const DEFAULT_PAGE_SIZE = 20;

/**
 * The account's app events (published, "admin only": the key needs the `org:admin` role): what happened to orders,
 * payments and subscriptions, as `s_order_paid`, `s_payment_succeeded`, …
 */
export class Events extends Resource<'listEvents' | 'retrieveEvent' | 'listRecentEvents'> {
  /** Lists events (`POST /events/list`). Await for one page, or `for await` for every event of every page. */
  list(params: ListEventsParams = {}, options?: RequestOptions): PagePromise<AppEvent> {
    const pageSize = params.pagination?.pageSize ?? DEFAULT_PAGE_SIZE;
    return this.paginate('listEvents', params.pagination?.page ?? 1, pageSize, (page) => ({ ...params, pagination: { page, pageSize } }), options);
  }

  /** Fetches one event (`GET /events/{eventId}`). Guaranteed: `id` and `eventType`. */
  async retrieve(eventId: string, options?: RequestOptions): Promise<AppEvent> {
    return this.call('retrieveEvent', { eventId }, options);
  }

  /**
   * The latest events, newest first (`POST /events/recent`, published as a top-level array): `limit` 1–100, the
   * service's default 10. One page: `(await tessera.events.recent()).data` is the array (items without `id` and
   * `eventType` left out), `raw` the body as sent.
   */
  recent(params: RecentEventsRequest = {}, options?: RequestOptions): PagePromise<AppEvent> {
    return new PagePromise(this.call('listRecentEvents', params, options));
  }
}
