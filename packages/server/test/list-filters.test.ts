import type { ListPaymentsFilters } from '@tessera/core';
import { API_PREFIX } from '@tessera/core/internal';
import { createSandbox, type Sandbox } from '@tessera/sandbox';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { Tessera, TesseraBadRequestError, TesseraValidationError, type ListPaymentsParams, type Page } from '../src/index.js';
import { newInstrument, productInput, storeInput } from './fixtures.js';
import { useMockServer } from './recorder.js';

// The typed list filters through the client, against @tessera/sandbox's msw handlers: a typo or a wrong type is
// refused before anything is sent, on every list; each typed filter (the published convention's status, currency and
// date, the document's storeIds, each list's own) narrows the list the sandbox answers.
const BASE_URL = 'http://127.0.0.1:4011';
const DAY = 86_400_000;
const sandbox: Sandbox = createSandbox({ now: Date.UTC(2030, 0, 15, 12), clock: 'frozen' });
const server = setupServer(...sandbox.handlers);
const recorder = useMockServer(server);
const tessera = new Tessera({ apiKey: sandbox.apiKey, baseUrl: BASE_URL });
const vault = { baseUrl: BASE_URL, vaultKey: sandbox.vaultKey };

const ids = <T extends { id: string }>(page: Page<T>): string[] => page.data.map((item) => item.id);
/** The sandbox's day now, as a filter date (`2030-01-15`). */
const today = (): string => new Date(sandbox.clock.now()).toISOString().slice(0, 10);

let storeId = '';
beforeEach(async () => {
  storeId = (await tessera.stores.create(storeInput(sandbox.defaults.paymentFlowId))).store!.id;
});

/** What a typo sent through a list's own type (as a caller without TypeScript would send it) makes it throw. */
async function refusedBeforeSending(list: () => PromiseLike<unknown>): Promise<TesseraValidationError> {
  const before = recorder.sent.length;
  const error = await Promise.resolve(list()).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TesseraValidationError);
  expect(recorder.sent.length, 'nothing was sent').toBe(before);
  return error as TesseraValidationError;
}

describe('a filter typo is refused before sending, on every list', () => {
  it('does not compile', () => {
    // @ts-expect-error `storeId` is not a filter of list payments (`storeIds` is)
    const typo: ListPaymentsParams = { filters: { storeIds: ['store_1'], storeId: 'store_1' } };
    expectTypeOf(typo.filters).toEqualTypeOf<ListPaymentsFilters | undefined>();
  });

  const typo = { storeId: 'store_1' } as never;
  it.each([
    ['payments', () => tessera.payments.list({ filters: typo })],
    ['payment instruments', () => tessera.paymentInstruments.list({ filters: typo })],
    ['customers', () => tessera.customers.list({ filters: typo })],
    ['events', () => tessera.events.list({ filters: typo })],
    ['subscriptions', () => tessera.subscriptions.list({ filters: typo })],
  ])('%s: filters.storeId, with the list’s filters and "did you mean storeIds?"', async (name, list) => {
    const error = await refusedBeforeSending(list);
    expect(error.fields).toEqual([{ field: 'filters.storeId', code: 'unknown_field', message: expect.stringContaining('did you mean storeIds?') }]);
    expect(error.message).toContain(`is not a filter of list ${name}`);
  });

  it('products: filters.actve, "did you mean active?"', async () => {
    const error = await refusedBeforeSending(() => tessera.products.list({ storeId, filters: { actve: true } as never }));
    expect(error.fields[0]).toMatchObject({ field: 'filters.actve', code: 'unknown_field', message: expect.stringContaining('did you mean active?') });
  });

  it('a filter of the wrong type, and an empty list, are refused too', async () => {
    const wrong = await refusedBeforeSending(() => tessera.payments.list({ filters: { status: 'declined' } as unknown as ListPaymentsFilters }));
    expect(wrong.fields).toEqual([{ field: 'filters.status', code: 'invalid_type', message: 'must be an array' }]);
    const empty = await refusedBeforeSending(() => tessera.payments.list({ filters: { storeIds: [] } }));
    expect(empty.fields[0]).toMatchObject({ field: 'filters.storeIds', code: 'too_small' });
  });
});

describe('each typed filter narrows the list the sandbox answers', () => {
  it('payments: status, currency, date, storeIds, orderId, customerId, paymentInstrumentId; metadata and orderId kept', async () => {
    const first = await newInstrument(tessera, vault, storeId);
    const second = await newInstrument(tessera, vault, storeId);
    const pay = (paymentInstrumentId: string, fields: { amount: number; orderId?: string; metadata?: Record<string, string | number> }) =>
      tessera.payments.purchase({ currency: 'USD', storeId, paymentInstrumentId, initiatedBy: 'customer', ...fields });
    const early = await pay(first.paymentInstrument.id, { amount: 1000, orderId: 'ord_early', metadata: { reference: 'cart-1', attempt: 1 } });
    const earlyDay = today();
    sandbox.clock.advance(2 * DAY);
    const held = await tessera.payments.authorize({ amount: 2000, currency: 'USD', storeId, paymentInstrumentId: second.paymentInstrument.id, initiatedBy: 'customer' });
    const late = await pay(second.paymentInstrument.id, { amount: 3000, orderId: 'ord_late' });
    const lateDay = today();

    // The metadata and orderId of the purchase, answered on process, retrieve and list.
    expect(early).toMatchObject({ orderId: 'ord_early', metadata: { reference: 'cart-1', attempt: 1 } });
    expect(await tessera.payments.retrieve(early.id)).toMatchObject({ orderId: 'ord_early', metadata: { reference: 'cart-1', attempt: 1 } });

    const list = async (filters: ListPaymentsFilters): Promise<string[]> => ids(await tessera.payments.list({ filters: { storeIds: [storeId], ...filters } }));
    expect(await list({})).toEqual([late.id, held.id, early.id]);
    expect(await list({ status: ['authorized'] })).toEqual([held.id]);
    expect(await list({ status: ['succeeded'], currency: ['USD'] })).toEqual([late.id, early.id]);
    expect(await list({ currency: ['EUR'] })).toEqual([]);
    expect(await list({ date: { condition: 'is-equal-date', date: earlyDay } })).toEqual([early.id]);
    expect(await list({ date: { condition: 'is-after-date', date: earlyDay } })).toEqual([late.id, held.id]);
    expect(await list({ date: { condition: 'is-before-date', date: lateDay } })).toEqual([early.id]);
    expect(await list({ date: { condition: 'is-between-date', from: earlyDay, to: lateDay } })).toEqual([late.id, held.id, early.id]);
    expect(await list({ status: ['succeeded'], date: { condition: 'is-between-date', from: lateDay, to: lateDay } })).toEqual([late.id]);
    expect(await list({ orderId: 'ord_early' })).toEqual([early.id]);
    expect(await list({ customerId: second.customer.id })).toEqual([late.id, held.id]);
    expect(await list({ paymentInstrumentId: first.paymentInstrument.id })).toEqual([early.id]);
    expect(await list({ processorTransactionId: 'ch_none' })).toEqual([]);
    expect(ids(await tessera.payments.list({ filters: { storeIds: ['store_none'] } }))).toEqual([]);
    const listed = (await tessera.payments.list({ filters: { orderId: 'ord_early' } })).data[0];
    expect(listed).toMatchObject({ orderId: 'ord_early', metadata: { reference: 'cart-1', attempt: 1 } });
  });

  it('unlisted filters go out in filters as given; the sandbox refuses one it does not honour rather than ignore it', async () => {
    const before = recorder.sent.length;
    const error = await tessera.payments.list({ filters: { storeIds: [storeId], unlisted: { riskLevel: ['high'] } } }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    const sent = recorder.sent.slice(before).filter((request) => request.url.pathname === `${API_PREFIX}/payments`);
    expect(await sent[0]!.body()).toMatchObject({ filters: { storeIds: [storeId], riskLevel: ['high'] } });
    // Sent: the service answered (here the sandbox, with a 400 naming the filter it does not honour).
    expect(error).toBeInstanceOf(TesseraBadRequestError);
    expect((error as TesseraBadRequestError).fields[0]).toMatchObject({ field: 'filters.riskLevel', code: 'unknown_field' });
  });

  it('payment instruments and customers: date, storeIds and their own filters', async () => {
    const first = await newInstrument(tessera, vault, storeId);
    const day = today();
    sandbox.clock.advance(DAY);
    const second = await newInstrument(tessera, vault, storeId);
    const instruments = async (filters: Parameters<typeof tessera.paymentInstruments.list>[0]) => ids(await tessera.paymentInstruments.list(filters));
    expect(await instruments({ filters: { storeIds: [storeId], date: { condition: 'is-equal-date', date: day } } })).toEqual([first.paymentInstrument.id]);
    expect(await instruments({ filters: { storeIds: [storeId], date: { condition: 'is-after-date', date: day } } })).toEqual([second.paymentInstrument.id]);
    expect(await instruments({ filters: { customerId: second.customer.id, isActive: true, type: 'card' } })).toEqual([second.paymentInstrument.id]);
    expect(await instruments({ filters: { customerId: second.customer.id, isActive: false } })).toEqual([]);
    const customers = async (filters: Parameters<typeof tessera.customers.list>[0]) => ids(await tessera.customers.list(filters));
    expect(await customers({ filters: { storeIds: [storeId], date: { condition: 'is-before-date', date: today() } } })).toEqual([first.customer.id]);
    expect(await customers({ filters: { storeIds: [storeId], tags: ['segment:vip'] } })).toEqual([]);
  });

  it('subscriptions, products and events: status, currency, date and their own filters', async () => {
    const { customer } = await newInstrument(tessera, vault, storeId);
    const product = (await tessera.products.create(productInput(storeId))).product!;
    const priceId = product.variants[0]!.prices![0]!.id;
    const { subscription } = await tessera.subscriptions.create({ customerId: customer.id, priceId, storeId, currency: 'USD', initiatePayment: true });
    const day = today();
    const subscriptions = async (filters: NonNullable<Parameters<typeof tessera.subscriptions.list>[0]>['filters']) => ids(await tessera.subscriptions.list({ filters: { storeIds: [storeId], ...filters } }));
    expect(await subscriptions({ status: ['active'], currency: ['USD'], customerId: customer.id })).toEqual([subscription!.id]);
    expect(await subscriptions({ status: ['past_due'] })).toEqual([]);
    expect(await subscriptions({ currency: ['EUR'] })).toEqual([]);
    expect(await subscriptions({ date: { condition: 'is-before-date', date: day } })).toEqual([]);
    expect(ids(await tessera.products.list({ storeId, filters: { active: true, date: { condition: 'is-equal-date', date: day } } }))).toEqual([product.id]);
    expect(ids(await tessera.products.list({ storeId, filters: { date: { condition: 'is-after-date', date: day } } }))).toEqual([]);
    const events = (await tessera.events.list({ filters: { storeIds: [storeId], eventTypes: ['payment/succeeded'], date: { condition: 'is-equal-date', date: day } } })).data;
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.storeId === storeId)).toBe(true);
    expect((await tessera.events.list({ filters: { storeIds: [storeId], date: { condition: 'is-before-date', date: day } } })).data).toEqual([]);
  });
});

describe('a payment answer is typed as published, never refused for a field of another type', () => {
  it.each([
    ['createdAt as a number', { createdAt: 12345 }],
    ['customer null', { customer: null }],
    ['transactions as an object', { transactions: { id: 'txn_1' } }],
  ])('%s: retrieve and list return it as sent', async (_name, fields) => {
    const payment = { id: 'pay_odd', amount: 2999, currency: 'USD', status: 'succeeded', ...fields };
    server.use(
      http.get(`${BASE_URL}${API_PREFIX}/payments/pay_odd`, () => HttpResponse.json(payment)),
      http.post(`${BASE_URL}${API_PREFIX}/payments`, () => HttpResponse.json({ payments: [payment], total: 1, pageCount: 1 })),
    );
    expect(await tessera.payments.retrieve('pay_odd')).toEqual(payment);
    expect((await tessera.payments.list()).data).toEqual([payment]);
  });
});
