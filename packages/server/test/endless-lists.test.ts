import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { Tessera, TesseraError, TesseraPaginationError } from '../src/index.js';
import { API, API_KEY, BASE_URL } from './fixtures.js';
import { useMockServer } from './recorder.js';

// A service (or a proxy or cache in front of it) that says "there is more" forever: the same page again, the page
// asked for ignored, pages that cycle. A walk ends with a TesseraPaginationError in a few requests and never yields an
// item twice; a service that keeps giving new items is walked for as long as the caller wants. Every handler stops
// after MAX_ANSWERS with an empty page, so a walk that trusted the service ends anyway (and its test fails).
const server = setupServer();
const recorder = useMockServer(server);
const tessera = new Tessera({ apiKey: API_KEY, baseUrl: BASE_URL });
const MAX_ANSWERS = 12;

/** Answers the n-th request (from 1) with `answer(n, request)`, and an empty list after MAX_ANSWERS. */
function hostile(answer: (n: number, request: Request) => JsonBodyType | Promise<JsonBodyType>): (info: { request: Request }) => Promise<Response> {
  let answered = 0;
  return async ({ request }) => HttpResponse.json(++answered > MAX_ANSWERS ? { items: [], data: [] } : await answer(answered, request));
}

const ids = (prefix: string, from: number, count: number): Array<{ id: string; status: string }> =>
  Array.from({ length: count }, (_, index) => ({ id: `${prefix}_${from + index}`, status: 'succeeded' }));

/** Walks `list` to its end, collecting ids, and returns them with what it threw (or `undefined`). */
async function walk(list: AsyncIterable<{ id: string }>): Promise<{ listed: string[]; error: unknown }> {
  const listed: string[] = [];
  try {
    for await (const item of list) listed.push(item.id);
  } catch (error) {
    return { listed, error };
  }
  return { listed, error: undefined };
}

describe('a walk ends when the list stops advancing', () => {
  it('the same page again, hasNext forever (products): two requests, each item once, then a TesseraPaginationError', async () => {
    server.use(http.post(`${API}/products/list`, hostile(() => ({ items: ids('prod', 1, 10), pagination: { hasNext: true, totalItems: 1000 } }))));
    const { listed, error } = await walk(tessera.products.list({ storeId: 'store_1', per_page: 10 }));
    expect(listed).toEqual(ids('prod', 1, 10).map((item) => item.id));
    expect(error).toBeInstanceOf(TesseraPaginationError);
    expect(error).toMatchObject({ code: 'pagination_not_advancing', reason: 'repeated_items', operation: 'listProducts', page: 2, cursor: undefined });
    expect(recorder.sent).toHaveLength(2);
  });

  it('the page asked for ignored, the answer saying page 1 (customers): stops at page 2 even with new ids', async () => {
    server.use(http.post(`${API}/customers/list`, hostile((n) => ({ items: ids('cus', n * 10, 5), total: 500, page: 1, pageSize: 5, totalPages: 100 }))));
    const { listed, error } = await walk(tessera.customers.list({ pageSize: 5 }));
    expect(listed).toEqual(ids('cus', 10, 5).map((item) => item.id));
    expect(error).toMatchObject({ name: 'TesseraPaginationError', reason: 'page_not_advanced', operation: 'listCustomers', page: 2 });
    expect(await Promise.all(recorder.sent.map(async (sent) => ((await sent.body()) as { page: number }).page))).toEqual([1, 2]);
  });

  it('the page asked for ignored, no page number in the answer (orders): the repeated items stop it', async () => {
    server.use(http.get(`${API}/orders`, hostile(() => ({ data: ids('ord', 1, 2) }))));
    const { listed, error } = await walk(tessera.orders.list({ storeId: 'store_1', per_page: 2 }));
    expect(listed).toEqual(['ord_1', 'ord_2']);
    expect(error).toMatchObject({ reason: 'repeated_items', operation: 'listOrders', page: 2 });
    expect(recorder.sent.map((sent) => sent.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('pages that cycle (A, B, A, …): the first page that brings nothing new ends the walk', async () => {
    server.use(http.get(`${API}/orders`, hostile((n) => ({ data: ids('ord', n % 2 === 1 ? 1 : 3, 2) }))));
    const { listed, error } = await walk(tessera.orders.list({ storeId: 'store_1', per_page: 2 }));
    expect(listed).toEqual(['ord_1', 'ord_2', 'ord_3', 'ord_4']);
    expect(error).toMatchObject({ reason: 'repeated_items', page: 3 });
    expect(recorder.sent).toHaveLength(3);
  });

  it('a keyset cursor that does not move (payments, useCursor): stops before sending it again', async () => {
    server.use(http.post(`${API}/payments`, hostile((n) => ({ payments: ids('pay', n * 10, 2), nextCursor: 'cursor_1' }))));
    const { listed, error } = await walk(tessera.payments.list({ useCursor: true, pagination: { pageSize: 2 } }));
    expect(listed).toEqual(['pay_10', 'pay_11', 'pay_20', 'pay_21']);
    expect(error).toMatchObject({ reason: 'cursor_not_advanced', operation: 'listPayments', page: 3, cursor: 'cursor_1' });
    expect(recorder.sent).toHaveLength(2);
  });

  it('getNextPage by hand stops too: the same page again is a TesseraPaginationError, not a loop', async () => {
    server.use(http.post(`${API}/subscriptions/list`, hostile(() => ({ items: ids('sub', 1, 3), pagination: { hasNext: true } }))));
    let page = await tessera.subscriptions.list({ per_page: 3 });
    const walkByHand = async (): Promise<void> => {
      while (page.hasNextPage()) page = await page.getNextPage();
    };
    await expect(walkByHand()).rejects.toMatchObject({ name: 'TesseraPaginationError', reason: 'repeated_items', operation: 'listSubscriptions', page: 2 });
    expect(recorder.sent).toHaveLength(2);
  });
});

describe('a walk of distinct items goes on', () => {
  it('hasNext forever with new ids each page: as many pages as the caller reads, none refused', async () => {
    server.use(http.post(`${API}/subscriptions/list`, hostile((n) => ({ items: ids('sub', n * 100, 10), pagination: { hasNext: true } }))));
    const listed: string[] = [];
    for await (const subscription of tessera.subscriptions.list({ per_page: 10 })) {
      listed.push(subscription.id);
      if (listed.length === 50) break;
    }
    expect(new Set(listed).size).toBe(50);
    expect(recorder.sent).toHaveLength(5);
  });

  it('pages that overlap (a payment created mid-walk shifts the offset): each id once, and the walk goes on', async () => {
    const pages = [ids('pay', 1, 3), ids('pay', 3, 3), ids('pay', 5, 2)];
    server.use(http.post(`${API}/payments`, hostile((n) => ({ payments: pages[n - 1] ?? [], total: 7 }))));
    const { listed, error } = await walk(tessera.payments.list({ pagination: { pageSize: 3 } }));
    expect(error).toBeUndefined();
    expect(listed).toEqual(['pay_1', 'pay_2', 'pay_3', 'pay_4', 'pay_5', 'pay_6']);
    expect(recorder.sent).toHaveLength(3);
  });

  it('a duplicate id inside one page is yielded once', async () => {
    server.use(http.get(`${API}/orders`, hostile((n) => ({ data: n === 1 ? [{ id: 'ord_1' }, { id: 'ord_1' }, { id: 'ord_2' }] : [] }))));
    expect((await walk(tessera.orders.list({ storeId: 'store_1', per_page: 3 }))).listed).toEqual(['ord_1', 'ord_2']);
  });
});

describe('TesseraPaginationError', () => {
  it('names the operation, the page and the cursor, says what to do, and is one of the family', () => {
    const error = new TesseraPaginationError({ operation: 'listPayments', page: 4, cursor: 'cur_9', reason: 'cursor_not_advanced' });
    expect(TesseraError.isInstance(error)).toBe(true);
    expect(TesseraPaginationError.isInstance(error)).toBe(true);
    expect(error.name).toBe('TesseraPaginationError');
    expect(error.message).toContain('listPayments');
    expect(error.message).toContain('page 4 (cursor "cur_9")');
    expect(error.message).toMatch(/list again .*useCursor: true/);
    expect(error.message).toContain('report listPayments page 4');
    expect(error.toJSON()).toEqual({ name: 'TesseraPaginationError', code: 'pagination_not_advancing', reason: 'cursor_not_advanced', message: error.message, operation: 'listPayments', page: 4, cursor: 'cur_9' });
    expect(JSON.stringify(error)).not.toContain(API_KEY);
  });
});
