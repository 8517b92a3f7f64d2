import { routes } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import { sandboxRoutes } from '../src/index.js';
import type { Client } from './use-sandbox.js';
import { useHttpSandbox } from './use-sandbox.js';

// Scoped test clocks over HTTP (`/sandbox/test-clocks`, the `Tessera-Test-Clock` header), against one sandbox served
// by startSandboxServer, as an out-of-process test reaches the CLI's.

const START = Date.parse('2026-03-01T00:00:00.000Z');
const DAY = 24 * 3600 * 1000;
const iso = (ms: number): string => new Date(ms).toISOString();

let c: Client;
let storeId: string;
let sandboxNow: () => number;
useHttpSandbox({ sandboxOptions: { now: START, clock: 'frozen' } }, ({ server, c: client }) => {
  c = client;
  storeId = server.sandbox.defaults.storeId;
  sandboxNow = () => server.sandbox.clock.nowMs();
});

const clockPath = (id: string, suffix = ''): string => `${sandboxRoutes.retrieveTestClock.replace('{id}', encodeURIComponent(id))}${suffix}`;

/** A monthly plan of the store: its price id. */
async function monthlyPrice(): Promise<string> {
  const product = await c.api(routes.createProduct, {
    body: {
      storeId,
      name: 'Coffee club',
      active: true,
      variants: [{ name: 'Monthly bag', sku: 'BAG-M', grams: 250, price: 1500, compareAtPrice: 0, active: true, default: true, prices: [{ currencyOptions: { USD: { amount: 1200 } }, recurring: true, interval: 'month', intervalCount: 1, default: true }] }],
    },
  });
  expect(product.status).toBe(200);
  return product.body.product.variants[0].prices[0].id as string;
}

/** A customer with a card (created under `clockId` when given) subscribed to `priceId`, its first period paid. */
async function subscriber(priceId: string, clockId?: string): Promise<{ customerId: string; instrumentId: string; subscriptionId: string; firstPaymentId: string }> {
  const { serviceToken } = await c.tokenize();
  const created = await c.api(routes.createPaymentInstrumentFromToken, {
    body: { serviceToken, storeId, customerData: { email: 'ada@example.com', firstName: 'Ada' } },
    headers: clockId === undefined ? {} : { 'Tessera-Test-Clock': clockId },
  });
  expect(created.status).toBe(200);
  const customerId = created.body.customer.id as string;
  // No header from here on: what is made for the customer follows its clock.
  const subscribed = await c.api(routes.createSubscription, { body: { customerId, priceId, storeId, currency: 'USD', initiatePayment: true } });
  expect(subscribed.status).toBe(200);
  return { customerId, instrumentId: created.body.paymentInstrument.id, subscriptionId: subscribed.body.subscription.id, firstPaymentId: subscribed.body.payment.id };
}

const paymentsOf = async (customerId: string): Promise<{ id: string; createdAt: string; reasonType?: string; subscriptionId?: string }[]> => {
  const listed = await c.api(routes.listPayments, { body: { pagination: { page: 1, pageSize: 100 } } });
  expect(listed.status).toBe(200);
  return (listed.body.data ?? listed.body.items).filter((payment: { customerId: string }) => payment.customerId === customerId);
};

describe('scoped test clocks: two tests share one sandbox', () => {
  it('advancing one clock 31 days renews its customer\'s subscription (dated +31d) and leaves the other test\'s customer on the sandbox clock', async () => {
    const priceId = await monthlyPrice();
    const created = await c.send('POST', sandboxRoutes.createTestClock, { name: 'renewals test' });
    expect(created.status).toBe(201);
    const clock = created.body as { id: string; name: string; frozenTime: string; createdAt: string };
    expect(clock).toEqual({ id: expect.stringMatching(/^clock_[0-9a-z]{8}_\d{6}$/), name: 'renewals test', frozenTime: iso(START), createdAt: iso(START) });

    // Test A's customer, under the clock; test B's, on the sandbox clock.
    const a = await subscriber(priceId, clock.id);
    const b = await subscriber(priceId);

    const advanced = await c.send('POST', clockPath(clock.id, '/advance'), { ms: 31 * DAY });
    expect(advanced.status).toBe(200);
    expect(advanced.body).toMatchObject({ id: clock.id, frozenTime: iso(START + 31 * DAY) });

    // A: renewed once, its renewal dated by its clock; its subscription says so.
    const subscriptionA = (await c.api(routes.retrieveSubscription, { params: { id: a.subscriptionId } })).body.subscription;
    expect(subscriptionA).toMatchObject({ status: 'active', renewals: 1, createdAt: iso(START), updatedAt: iso(START + 31 * DAY) });
    const paymentsA = await paymentsOf(a.customerId);
    expect(paymentsA.map((payment) => payment.createdAt).sort()).toEqual([iso(START), iso(START + 31 * DAY)]);
    expect(paymentsA.find((payment) => payment.id !== a.firstPaymentId)).toMatchObject({ reasonType: 'recurring', subscriptionId: a.subscriptionId });

    // B: nothing moved. Its subscription is not renewed, and what it pays now is dated now (the sandbox clock).
    const subscriptionB = (await c.api(routes.retrieveSubscription, { params: { id: b.subscriptionId } })).body.subscription;
    expect(subscriptionB).toMatchObject({ status: 'active', renewals: 0, updatedAt: iso(START) });
    expect(sandboxNow()).toBe(START);
    const paidB = await c.api(routes.processPayment, { body: { amount: 500, currency: 'USD', storeId, paymentInstrumentId: b.instrumentId, mode: 'purchase', initiatedBy: 'customer' } });
    expect(paidB.body.payment).toMatchObject({ status: 'succeeded', createdAt: iso(START) });
    expect((await paymentsOf(b.customerId)).map((payment) => payment.createdAt)).toEqual([iso(START), iso(START)]);

    // What A pays now is dated by its clock, with no header: the customer's clock follows it.
    const paidA = await c.api(routes.processPayment, { body: { amount: 500, currency: 'USD', storeId, paymentInstrumentId: a.instrumentId, mode: 'purchase', initiatedBy: 'customer' } });
    expect(paidA.body.payment).toMatchObject({ status: 'succeeded', createdAt: iso(START + 31 * DAY) });
    const refunded = await c.api(routes.refundPayment, { body: { paymentIds: [paidA.body.payment.id] } });
    expect(refunded.body.refund.createdAt).toBe(iso(START + 31 * DAY));

    // The global clock still moves everyone else, and never A's subscription.
    const global = await c.send('POST', sandboxRoutes.advanceClock, { ms: 31 * DAY });
    expect(global.body).toEqual({ now: iso(START + 31 * DAY) });
    expect((await c.api(routes.retrieveSubscription, { params: { id: b.subscriptionId } })).body.subscription.renewals).toBe(1);
    expect((await c.api(routes.retrieveSubscription, { params: { id: a.subscriptionId } })).body.subscription.renewals).toBe(1);
  });

  it('lists, retrieves, advances to a time, and deletes a clock with its customers and what was made for them', async () => {
    const priceId = await monthlyPrice();
    const clock = (await c.send('POST', sandboxRoutes.createTestClock, { frozenTime: '2030-01-31T12:00:00Z' })).body as { id: string };
    const other = (await c.send('POST', sandboxRoutes.createTestClock, {})).body as { id: string };
    const listed = await c.send('GET', sandboxRoutes.listTestClocks);
    expect(listed.body.data.map((entry: { id: string }) => entry.id)).toEqual(expect.arrayContaining([clock.id, other.id]));
    expect((await c.send('GET', clockPath(clock.id))).body).toMatchObject({ id: clock.id, name: null, frozenTime: '2030-01-31T12:00:00.000Z' });

    const under = await subscriber(priceId, clock.id);
    const kept = await subscriber(priceId, other.id);
    // To a time: Jan 31 + 1 month is Feb 28; by Mar 1 one renewal is due.
    expect((await c.send('POST', clockPath(clock.id, '/advance'), { frozenTime: '2030-03-01T12:00:00Z' })).body.frozenTime).toBe('2030-03-01T12:00:00.000Z');
    expect((await c.api(routes.retrieveSubscription, { params: { id: under.subscriptionId } })).body.subscription).toMatchObject({ renewals: 1, currentPeriodEnd: '2030-03-31T12:00:00.000Z' });

    const deleted = await c.send('DELETE', clockPath(clock.id));
    expect(deleted).toMatchObject({ status: 200, body: { id: clock.id, deleted: true } });
    expect((await c.send('GET', clockPath(clock.id))).status).toBe(404);
    expect((await c.api(routes.retrieveCustomer, { params: { id: under.customerId } })).status).toBe(404);
    expect((await c.api(routes.retrieveSubscription, { params: { id: under.subscriptionId } })).status).toBe(404);
    expect((await c.api(routes.retrievePayment, { params: { id: under.firstPaymentId } })).status).toBe(404);
    expect((await c.api(routes.retrievePaymentInstrument, { params: { id: under.instrumentId } })).status).toBe(404);
    // The other clock's customer is untouched.
    expect((await c.api(routes.retrieveSubscription, { params: { id: kept.subscriptionId } })).status).toBe(200);
    expect((await c.send('GET', sandboxRoutes.listTestClocks)).body.data.map((entry: { id: string }) => entry.id)).not.toContain(clock.id);
  });
});

describe('the routes refuse bad input with a 400 naming the field', () => {
  it('create, advance and the header', async () => {
    const field = (answer: { status: number; body: { error: { fields: { field: string; code: string }[] } } }) => ({ status: answer.status, fields: answer.body.error.fields.map(({ field: name, code }) => ({ field: name, code })) });
    expect(field(await c.send('POST', sandboxRoutes.createTestClock, { frozenTime: 'next tuesday' }))).toEqual({ status: 400, fields: [{ field: 'frozenTime', code: 'invalid_time' }] });
    expect(field(await c.send('POST', sandboxRoutes.createTestClock, { name: '' }))).toEqual({ status: 400, fields: [{ field: 'name', code: 'too_small' }] });
    expect(field(await c.send('POST', sandboxRoutes.createTestClock, { frozen_time: 1 }))).toEqual({ status: 400, fields: [{ field: 'frozen_time', code: 'unknown_field' }] });

    const clock = (await c.send('POST', sandboxRoutes.createTestClock, { frozenTime: '2031-01-01T00:00:00Z' })).body as { id: string };
    const advance = (body: unknown) => c.send('POST', clockPath(clock.id, '/advance'), body);
    expect(field(await advance({}))).toEqual({ status: 400, fields: [{ field: 'frozenTime', code: 'required' }] });
    expect(field(await advance({ ms: 1, frozenTime: '2031-02-01T00:00:00Z' }))).toEqual({ status: 400, fields: [{ field: 'frozenTime', code: 'conflict' }] });
    expect(field(await advance({ ms: -1 }))).toEqual({ status: 400, fields: [{ field: 'ms', code: 'too_small' }] });
    const back = await advance({ frozenTime: '2030-12-31T00:00:00Z' });
    expect(field(back)).toEqual({ status: 400, fields: [{ field: 'frozenTime', code: 'before_clock' }] });
    expect(back.body.error.message).toContain('only moves forward');
    expect((await c.send('GET', clockPath(clock.id))).body.frozenTime).toBe('2031-01-01T00:00:00.000Z');

    // An unknown clock: a 404 on its routes, a 400 naming the header on an API request (nothing created).
    expect((await c.send('POST', clockPath('clock_unknown', '/advance'), { ms: 1 })).status).toBe(404);
    const { serviceToken } = await c.tokenize();
    const before = (await c.api(routes.listCustomers, { body: {} })).body;
    const refused = await c.api(routes.createPaymentInstrumentFromToken, { body: { serviceToken, storeId, customerData: { email: 'x@example.com' } }, headers: { 'Tessera-Test-Clock': 'clock_unknown' } });
    expect(field(refused)).toEqual({ status: 400, fields: [{ field: 'headers.Tessera-Test-Clock', code: 'unknown_test_clock' }] });
    expect((await c.api(routes.listCustomers, { body: {} })).body).toEqual(before);

    // An existing customer of another clock (or none) cannot be used under this one.
    const onSandboxClock = await c.instrument(storeId);
    const { serviceToken: second } = await c.tokenize();
    const mismatch = await c.api(routes.createPaymentInstrumentFromToken, { body: { serviceToken: second, storeId, customerId: onSandboxClock.customerId }, headers: { 'Tessera-Test-Clock': clock.id } });
    expect(field(mismatch)).toEqual({ status: 400, fields: [{ field: 'customerId', code: 'test_clock_mismatch' }] });
  });

  it('asks for the secret key', async () => {
    expect((await c.send('GET', sandboxRoutes.listTestClocks, undefined, { authorization: '' })).status).toBe(401);
    expect((await c.send('POST', sandboxRoutes.createTestClock, {}, { authorization: 'Bearer sk_wrong' })).status).toBe(401);
  });
});
