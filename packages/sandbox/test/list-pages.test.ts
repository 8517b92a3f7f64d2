import { routes } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/index.js';
import { appEventTypeOf, type PaymentRecord } from '../src/internal.js';
import { purchase } from './fixtures.js';
import { type Client, useMswSandbox } from './use-sandbox.js';

// The payments list reads its pages from indexes kept as payments are made and change status: its answers
// are what filtering every payment, newest first, gives, whatever changed before or after the indexes were built.

const BASE = 'https://list-pages.sandbox.test';
let sandbox: Sandbox;
let c: Client;
useMswSandbox(BASE, {}, (next) => ({ sandbox, c } = next));

type Filters = { storeIds?: string[]; status?: string[]; currency?: string[] };

/** The page as filtering every payment newest first gives it, from the sandbox's records. */
function expected(filters: Filters, page: number, pageSize: number) {
  const matching = sandbox.records.payments
    .list()
    .filter(
      (payment: Readonly<PaymentRecord>) =>
        (filters.storeIds === undefined || filters.storeIds.includes(payment.storeId)) &&
        (filters.status === undefined || filters.status.includes(payment.status) || (payment.subStatus !== null && filters.status.includes(payment.subStatus))) &&
        (filters.currency === undefined || filters.currency.includes(payment.currency)),
    )
    .reverse();
  return { ids: matching.slice((page - 1) * pageSize, page * pageSize).map((payment) => payment.id), total: matching.length, all: matching.map((payment) => payment.id) };
}

async function check(filters: Filters): Promise<void> {
  for (const page of [1, 2, 3]) {
    const answer = await c.api(routes.listPayments, { body: { filters, pagination: { page, pageSize: 3 } } });
    expect(answer.status).toBe(200);
    const want = expected(filters, page, 3);
    expect({ ids: answer.body.payments.map((payment: { id: string }) => payment.id), total: answer.body.total }, JSON.stringify(filters)).toEqual({ ids: want.ids, total: want.total });
  }
  // Page by page with the cursor, to the end.
  const walked: string[] = [];
  let cursor: string | undefined;
  for (let request = 0; request < 20; request++) {
    const answer = await c.api(routes.listPayments, { body: { filters, useCursor: true, pagination: { page: 1, pageSize: 2 }, ...(cursor === undefined ? {} : { cursor }) } });
    walked.push(...answer.body.payments.map((payment: { id: string }) => payment.id));
    cursor = answer.body.nextCursor ?? undefined;
    if (cursor === undefined) break;
  }
  expect(walked, `cursor ${JSON.stringify(filters)}`).toEqual(expected(filters, 1, 1).all);
}

const filterSets: Filters[] = [
  {},
  { status: ['succeeded'] },
  { status: ['refunded', 'voided'] },
  { status: ['authorized'] },
  { storeIds: ['store_000002'], status: ['succeeded', 'failed'] },
  { storeIds: ['store_000001', 'store_000002'] },
  // A filter beside the indexed ones is applied while walking, and counted.
  { currency: ['USD'] },
  { storeIds: ['store_000002'], currency: ['EUR'] },
  { status: ['succeeded', 'authorized'], currency: ['USD'] },
];

describe('the payments and events lists from their indexes', () => {
  it('answers what filtering every payment gives, by page and by cursor, as statuses change before and after the lists were read', async () => {
    const stores = [sandbox.defaults.storeId, sandbox.defaults.gateway.storeId];
    const instruments = [await c.instrument(stores[0]!), await c.instrument(stores[1]!)];
    const made: { id: string; store: number }[] = [];
    const pay = async (store: number, mode: 'purchase' | 'auth') => {
      const answer = await c.api(routes.processPayment, { body: purchase(stores[store]!, instruments[store]!.id, { mode }) });
      expect(answer.status).toBe(200);
      made.push({ id: answer.body.payment.id as string, store });
    };
    for (let i = 0; i < 8; i++) await pay(i % 2, i % 3 === 0 ? 'auth' : 'purchase');
    expect((await c.api(routes.refundPayment, { body: { paymentId: made[1]!.id } })).status).toBe(200);
    for (const filters of filterSets) await check(filters);
    // After the indexes exist: more payments, and older ones refunded or voided.
    for (let i = 0; i < 5; i++) await pay(i % 2, i % 2 === 0 ? 'auth' : 'purchase');
    expect((await c.api(routes.refundPayment, { body: { paymentId: made[2]!.id } })).status).toBe(200);
    expect((await c.api(routes.voidPayment, { body: { paymentId: made[0]!.id } })).status).toBe(200);
    expect((await c.api(routes.voidPayment, { body: { paymentId: made.at(-1)!.id } })).status).toBe(200);
    for (const filters of filterSets) await check(filters);

    // The events list, filtered on types (either form) and stores, newest or oldest first.
    const eventFilters = [
      {},
      { eventTypes: ['payment/succeeded'] },
      { eventTypes: ['s_payment_refunded', 'payment/voided'] },
      { eventTypes: ['payment/succeeded'], storeIds: [stores[1]!] },
      { storeIds: [stores[0]!, stores[1]!] },
      // A date filter (on createdAt) is applied while walking: after a day long past keeps all, before it none.
      { eventTypes: ['payment/succeeded'], date: { condition: 'is-after-date', date: '2000-01-01' } },
      { date: { condition: 'is-before-date', date: '2000-01-01' } },
    ];
    for (const filters of eventFilters) {
      for (const direction of ['desc', 'asc'] as const) {
        const types = (filters as { eventTypes?: string[] }).eventTypes;
        const storeIds = (filters as { storeIds?: string[] }).storeIds;
        const before2000 = (filters as { date?: { condition: string } }).date?.condition === 'is-before-date';
        const matching = sandbox.records.webhookEvents
          .list()
          .filter(
            (event) =>
              !before2000 && (storeIds === undefined || storeIds.includes(event.storeId)) && (types === undefined || types.includes(event.type) || types.includes(appEventTypeOf(event.type))),
          );
        const ordered = direction === 'asc' ? matching : [...matching].reverse();
        for (const page of [1, 2]) {
          const answer = await c.api(routes.listEvents, { body: { filters, sortBy: { direction }, pagination: { page, pageSize: 4 } } });
          expect(answer.status).toBe(200);
          expect({ ids: answer.body.events.map((event: { id: string }) => event.id), total: answer.body.total }, JSON.stringify({ filters, direction, page })).toEqual({
            ids: ordered.slice((page - 1) * 4, page * 4).map((event) => event.id),
            total: matching.length,
          });
        }
      }
    }
  });
});
