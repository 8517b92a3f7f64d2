import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { Tessera } from '../src/index.js';
import { API, API_KEY, BASE_URL, succeededPayment } from './fixtures.js';
import { useMockServer } from './recorder.js';

// payments.list with the published `useCursor: true` (POST /payments, "keyset pagination cursor, taken from the
// previous response's nextCursor attribute"): each later request sends `cursor: <nextCursor>`, and the walk ends
// when an answer has no nextCursor. The fake service answers by the cursor it receives, and always says page 1 of 3
// as a keyset service may; it stops after MAX_ANSWERS, so a walk that ignored the cursor ends anyway.
const server = setupServer();
const recorder = useMockServer(server);
const tessera = new Tessera({ apiKey: API_KEY, baseUrl: BASE_URL });
const MAX_ANSWERS = 10;

const payment = (n: number) => ({ ...succeededPayment, id: `pay_${n}` });
const byCursor: Record<string, { payments: unknown[]; nextCursor?: string | null }> = {
  '': { payments: [payment(5), payment(4)], nextCursor: 'cur_b' },
  cur_b: { payments: [payment(3), payment(2)], nextCursor: 'cur_c' },
  cur_c: { payments: [payment(1)], nextCursor: null },
};

function keysetService(pages: Record<string, { payments: unknown[]; nextCursor?: string | null }> = byCursor): void {
  let answered = 0;
  server.use(
    http.post(`${API}/payments`, async ({ request }) => {
      if (++answered > MAX_ANSWERS) return HttpResponse.json({ payments: [] });
      const { cursor } = (await request.json()) as { cursor?: string };
      return HttpResponse.json({ ...pages[cursor ?? ''], total: 5, pageCount: 3, page: 1, pageSize: 2 });
    }),
  );
}

const bodies = async (): Promise<unknown[]> => Promise.all(recorder.sent.map(async (sent) => sent.body()));

describe('payments.list with useCursor walks the keyset', () => {
  it('sends each answer’s nextCursor as the next request’s cursor, and stops at a null nextCursor', async () => {
    keysetService();
    const listed: string[] = [];
    for await (const found of tessera.payments.list({ useCursor: true, pagination: { pageSize: 2 }, filters: { storeIds: ['store_1'] } })) listed.push(found.id);
    expect(listed).toEqual(['pay_5', 'pay_4', 'pay_3', 'pay_2', 'pay_1']);
    const sent = { useCursor: true, pagination: { page: 1, pageSize: 2 }, filters: { storeIds: ['store_1'] } };
    expect(await bodies()).toEqual([sent, { ...sent, cursor: 'cur_b' }, { ...sent, cursor: 'cur_c' }]);
  });

  it('stops when the answer has no nextCursor at all, whatever pageCount says', async () => {
    keysetService({ '': { payments: [payment(5), payment(4)] } });
    const listed: string[] = [];
    for await (const found of tessera.payments.list({ useCursor: true, pagination: { pageSize: 2 } })) listed.push(found.id);
    expect(listed).toEqual(['pay_5', 'pay_4']);
    expect(recorder.sent).toHaveLength(1);
  });

  it('one page at a time: the page carries its cursor and nextCursor, and getNextPage sends it', async () => {
    keysetService();
    const first = await tessera.payments.list({ useCursor: true, pagination: { pageSize: 2 } });
    expect(first).toMatchObject({ page: 1, cursor: undefined, nextCursor: 'cur_b' });
    expect(first.hasNextPage()).toBe(true);
    const second = await first.getNextPage();
    expect(second).toMatchObject({ page: 2, cursor: 'cur_b', nextCursor: 'cur_c' });
    expect(second.data.map((found) => found.id)).toEqual(['pay_3', 'pay_2']);
    const last = await second.getNextPage();
    expect(last).toMatchObject({ cursor: 'cur_c', nextCursor: null });
    expect(last.hasNextPage()).toBe(false);
    expect(((await bodies()) as Array<{ cursor?: string }>).map((body) => body.cursor)).toEqual([undefined, 'cur_b', 'cur_c']);
  });

  it('resumes from a cursor the caller kept: the first request sends it', async () => {
    keysetService();
    const listed: string[] = [];
    for await (const found of tessera.payments.list({ useCursor: true, cursor: 'cur_b', pagination: { pageSize: 2 } })) listed.push(found.id);
    expect(listed).toEqual(['pay_3', 'pay_2', 'pay_1']);
    expect(((await bodies()) as Array<{ cursor?: string }>).map((body) => body.cursor)).toEqual(['cur_b', 'cur_c']);
  });

  it('without useCursor, pages go by number and a nextCursor in the answer is not sent', async () => {
    server.use(
      http.post(`${API}/payments`, async ({ request }) => {
        const { pagination } = (await request.json()) as { pagination: { page: number } };
        return HttpResponse.json({ payments: pagination.page === 1 ? [payment(5), payment(4)] : [payment(3)], total: 3, nextCursor: 'cur_b' });
      }),
    );
    const listed: string[] = [];
    for await (const found of tessera.payments.list({ pagination: { pageSize: 2 } })) listed.push(found.id);
    expect(listed).toEqual(['pay_5', 'pay_4', 'pay_3']);
    expect(await bodies()).toEqual([{ pagination: { page: 1, pageSize: 2 } }, { pagination: { page: 2, pageSize: 2 } }]);
  });
});
