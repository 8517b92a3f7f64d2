import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TesseraValidationError } from '@tessera/core';
import { routes } from '@tessera/core/internal';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, SandboxControlError, sandboxRoutes, startSandboxServer } from '../src/index.js';
import { client } from './support.js';
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
async function monthlyPrice(c: Client, storeId: string): Promise<string> {
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
async function subscriber(c: Client, storeId: string, priceId: string, clockId?: string): Promise<{ customerId: string; instrumentId: string; subscriptionId: string; firstPaymentId: string }> {
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

const paymentsOf = async (c: Client, customerId: string): Promise<{ id: string; createdAt: string; reasonType?: string; subscriptionId?: string }[]> => {
  const listed = await c.api(routes.listPayments, { body: { pagination: { page: 1, pageSize: 100 } } });
  expect(listed.status).toBe(200);
  return (listed.body.data ?? listed.body.items).filter((payment: { customerId: string }) => payment.customerId === customerId);
};

describe('scoped test clocks: two tests share one sandbox', () => {
  it('advancing one clock 31 days renews its customer\'s subscription (dated +31d) and leaves the other test\'s customer on the sandbox clock', async () => {
    const priceId = await monthlyPrice(c, storeId);
    const created = await c.send('POST', sandboxRoutes.createTestClock, { name: 'renewals test' });
    expect(created.status).toBe(201);
    const clock = created.body as { id: string; name: string; frozenTime: string; createdAt: string };
    expect(clock).toEqual({ id: expect.stringMatching(/^clock_[0-9a-z]{8}_\d{6}$/), name: 'renewals test', frozenTime: iso(START), createdAt: iso(START) });

    // Test A's customer, under the clock; test B's, on the sandbox clock.
    const a = await subscriber(c, storeId, priceId, clock.id);
    const b = await subscriber(c, storeId, priceId);

    const advanced = await c.send('POST', clockPath(clock.id, '/advance'), { ms: 31 * DAY });
    expect(advanced.status).toBe(200);
    expect(advanced.body).toMatchObject({ id: clock.id, frozenTime: iso(START + 31 * DAY) });

    // A: renewed once, its renewal dated by its clock; its subscription says so.
    const subscriptionA = (await c.api(routes.retrieveSubscription, { params: { id: a.subscriptionId } })).body.subscription;
    expect(subscriptionA).toMatchObject({ status: 'active', renewals: 1, createdAt: iso(START), updatedAt: iso(START + 31 * DAY) });
    const paymentsA = await paymentsOf(c, a.customerId);
    expect(paymentsA.map((payment) => payment.createdAt).sort()).toEqual([iso(START), iso(START + 31 * DAY)]);
    expect(paymentsA.find((payment) => payment.id !== a.firstPaymentId)).toMatchObject({ reasonType: 'recurring', subscriptionId: a.subscriptionId });

    // B: nothing moved. Its subscription is not renewed, and what it pays now is dated now (the sandbox clock).
    const subscriptionB = (await c.api(routes.retrieveSubscription, { params: { id: b.subscriptionId } })).body.subscription;
    expect(subscriptionB).toMatchObject({ status: 'active', renewals: 0, updatedAt: iso(START) });
    expect(sandboxNow()).toBe(START);
    const paidB = await c.api(routes.processPayment, { body: { amount: 500, currency: 'USD', storeId, paymentInstrumentId: b.instrumentId, mode: 'purchase', initiatedBy: 'customer' } });
    expect(paidB.body.payment).toMatchObject({ status: 'succeeded', createdAt: iso(START) });
    expect((await paymentsOf(c, b.customerId)).map((payment) => payment.createdAt)).toEqual([iso(START), iso(START)]);

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
    const priceId = await monthlyPrice(c, storeId);
    const clock = (await c.send('POST', sandboxRoutes.createTestClock, { frozenTime: '2030-01-31T12:00:00Z' })).body as { id: string };
    const other = (await c.send('POST', sandboxRoutes.createTestClock, {})).body as { id: string };
    const listed = await c.send('GET', sandboxRoutes.listTestClocks);
    expect(listed.body.data.map((entry: { id: string }) => entry.id)).toEqual(expect.arrayContaining([clock.id, other.id]));
    expect((await c.send('GET', clockPath(clock.id))).body).toMatchObject({ id: clock.id, name: null, frozenTime: '2030-01-31T12:00:00.000Z' });

    const under = await subscriber(c, storeId, priceId, clock.id);
    const kept = await subscriber(c, storeId, priceId, other.id);
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

describe('sandbox.testClocks in code, the data file, and one sandbox\'s clocks in another', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-test-clocks-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates, advances and deletes in code; bad input is a TesseraValidationError naming the field, an unknown id a SandboxControlError', () => {
    const sandbox = createSandbox({ now: START, clock: 'frozen' });
    const clock = sandbox.testClocks.create({ name: 'in code' });
    expect(clock).toEqual({ id: expect.stringMatching(/^clock_/), name: 'in code', frozenTime: iso(START), createdAt: iso(START) });
    expect(sandbox.testClocks.advance(clock.id, { by: '31d' }).frozenTime).toBe(iso(START + 31 * DAY));
    expect(sandbox.testClocks.advance(clock.id, { to: new Date(START + 40 * DAY) }).frozenTime).toBe(iso(START + 40 * DAY));
    expect(sandbox.testClocks.list()).toEqual([sandbox.testClocks.retrieve(clock.id)]);
    expect(sandbox.clock.nowMs()).toBe(START);
    const fields = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(TesseraValidationError);
        return (error as TesseraValidationError).fields.map(({ field, code }) => `${field}:${code}`);
      }
      throw new Error('expected a TesseraValidationError');
    };
    expect(fields(() => sandbox.testClocks.advance(clock.id, { to: START }))).toEqual(['frozenTime:before_clock']);
    expect(fields(() => sandbox.testClocks.advance(clock.id, { by: 'a month' as '1d' }))).toEqual(['by:invalid_duration']);
    expect(fields(() => sandbox.testClocks.create({ frozenTime: Number.POSITIVE_INFINITY }))).toEqual(['frozenTime:invalid_time']);
    expect(() => sandbox.testClocks.retrieve('clock_none')).toThrow(SandboxControlError);
    expect(sandbox.testClocks.delete(clock.id)).toEqual({ id: clock.id, deleted: true });
    expect(sandbox.testClocks.list()).toEqual([]);
  });

  it('keeps its clocks and their customers in the data file: after a restart, advancing the clock renews the subscription', async () => {
    const file = join(dir, 'clocks.db');
    const first = await startSandboxServer({ port: 0, sandboxOptions: { dataFile: file, now: START, clock: 'frozen' } });
    let ids: { clockId: string; subscriptionId: string; customerId: string; otherSubscriptionId: string };
    try {
      const local = client(first.url, first.sandbox);
      const store = first.sandbox.defaults.storeId;
      const clock = first.sandbox.testClocks.create({ name: 'kept' });
      const priceId = await monthlyPrice(local, store);
      const made = await subscriber(local, store, priceId, clock.id);
      const onSandboxClock = await subscriber(local, store, priceId);
      ids = { clockId: clock.id, subscriptionId: made.subscriptionId, customerId: made.customerId, otherSubscriptionId: onSandboxClock.subscriptionId };
    } finally {
      await first.close();
    }
    const again = createSandbox({ dataFile: file });
    try {
      expect(again.testClocks.list()).toEqual([{ id: ids.clockId, name: 'kept', frozenTime: iso(START), createdAt: iso(START) }]);
      expect(again.records.customers.get(ids.customerId)?.testClockId).toBe(ids.clockId);
      again.testClocks.advance(ids.clockId, { by: '31d' });
      expect(again.records.subscriptions.get(ids.subscriptionId)).toMatchObject({ renewals: 1, updatedAt: iso(START + 31 * DAY) });
      const renewals = again.records.payments.list().filter((payment) => payment.subscriptionId === ids.subscriptionId);
      // The first period (paid at creation, dated by the clock then), then the renewal.
      expect(renewals.map((payment) => payment.createdAt)).toEqual([iso(START), iso(START + 31 * DAY)]);
      const renewal = renewals.at(-1);
      expect(renewal?.createdAt).toBe(iso(START + 31 * DAY));
      // The sandbox clock's subscription after a restart: one renewal for one period, as before it.
      expect(again.records.subscriptions.get(ids.otherSubscriptionId)?.renewals).toBe(0);
      again.clock.advance(31 * DAY);
      expect(again.records.subscriptions.get(ids.otherSubscriptionId)).toMatchObject({ renewals: 1, currentPeriodEnd: '2026-05-01T00:00:00.000Z' });
    } finally {
      again.close();
    }
    // The advance was written too.
    const third = createSandbox({ dataFile: file });
    try {
      expect(third.testClocks.retrieve(ids.clockId).frozenTime).toBe(iso(START + 31 * DAY));
    } finally {
      third.close();
    }
  });

  it('a clock of one sandbox is none of another\'s: a 404 in code and over HTTP, a 400 on the header', async () => {
    const one = createSandbox({ now: START, clock: 'frozen' });
    const other = await startSandboxServer({ port: 0, sandboxOptions: { now: START, clock: 'frozen' } });
    try {
      const mine = one.testClocks.create();
      const theirs = other.sandbox.testClocks.create();
      // Both are each sandbox's first clock, and still different ids: each carries its sandbox's tag.
      expect(mine.id).toMatch(/_000001$/);
      expect(theirs.id).toMatch(/_000001$/);
      expect(mine.id).not.toBe(theirs.id);
      expect(() => other.sandbox.testClocks.retrieve(mine.id)).toThrow(SandboxControlError);
      const local = client(other.url, other.sandbox);
      expect((await local.send('GET', clockPath(mine.id))).status).toBe(404);
      const { serviceToken } = await local.tokenize();
      const refused = await local.api(routes.createPaymentInstrumentFromToken, {
        body: { serviceToken, storeId: other.sandbox.defaults.storeId, customerData: { email: 'b@example.com' } },
        headers: { 'Tessera-Test-Clock': mine.id },
      });
      expect(refused.status).toBe(400);
      expect(other.sandbox.records.customers.count).toBe(0);
    } finally {
      await other.close();
    }
  });
});
