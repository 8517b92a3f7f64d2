import { routes } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/index.js';
import { openBrowserSession } from './browser-session-client.js';
import { purchase } from './fixtures.js';
import { type Client, useMswSandbox } from './use-sandbox.js';

// Block rules (published `POST /block-rules`, `POST /block-rules/list`): a payment matching an enabled, unexpired
// rule is declined before any processor sees it, with the rule and what it matched; everything else pays as before.

const BASE = 'http://localhost:4010';
let sandbox: Sandbox;
let c: Client;
useMswSandbox(BASE, { now: Date.UTC(2030, 0, 31, 9), clock: 'frozen' }, (next) => ({ sandbox, c } = next));

const rule = async (body: Record<string, unknown>) => c.api(routes.createBlockRule, { body });
const pay = async (paymentInstrumentId: string, extra: Record<string, unknown> = {}) =>
  (await c.api(routes.processPayment, { body: purchase(sandbox.defaults.storeId, paymentInstrumentId, extra) })).body.payment as {
    id: string;
    status: string;
    requireActionData: { type: string; errorCode: string; message: string; blockRule?: { id: string; name: string; operator: string; matched: string[] } } | null;
  };

describe('a block rule', () => {
  it('declines a payment whose customer email matches, naming the rule and the criterion; others still pay', async () => {
    const created = await rule({ name: 'Known fraudster', email: 'ADA@example.com' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^rule_/), name: 'Known fraudster', enabled: true, operator: 'OR', email: 'ADA@example.com', bin: null });
    const blocked = await pay((await c.instrument(sandbox.defaults.storeId)).id);
    expect(blocked.status).toBe('declined');
    expect(blocked.requireActionData).toEqual({
      type: 'error',
      errorCode: 'blocked_by_rule',
      message: 'Declined by block rule "Known fraudster"',
      blockRule: { id: created.body.id, name: 'Known fraudster', operator: 'OR', matched: ['email'] },
    });
    expect(sandbox.records.ledger.list().filter((entry) => entry.paymentId === blocked.id)).toEqual([]);
  });

  it('matches the card by BIN or a BIN pattern, and by the card of a payment it names', async () => {
    const visa = await c.instrument(sandbox.defaults.storeId, '4242424242424242');
    const paid = await pay(visa.id);
    expect(paid.status).toBe('succeeded');
    await rule({ name: 'That card', paymentId: paid.id });
    expect((await pay(visa.id)).requireActionData?.blockRule?.matched).toEqual(['paymentId']);
    const mastercard = await c.instrument(sandbox.defaults.storeId, '5555555555554444');
    expect((await pay(mastercard.id)).status).toBe('succeeded');
    await rule({ name: 'Mastercard 5555', binRegex: '^5555' });
    expect((await pay(mastercard.id)).requireActionData?.blockRule?.matched).toEqual(['binRegex']);
  });

  it('with AND, needs every criterion; with OR, one', async () => {
    const { id, customerId } = await c.instrument(sandbox.defaults.storeId);
    await rule({ name: 'Both', operator: 'AND', customerId, bin: '999999' });
    expect((await pay(id)).status).toBe('succeeded');
    await rule({ name: 'Either', operator: 'OR', customerId, bin: '999999' });
    expect((await pay(id)).requireActionData?.blockRule).toMatchObject({ name: 'Either', matched: ['customerId'] });
  });

  it('in the published example’s form (type and value), and on the IP the payment’s metadata names', async () => {
    const { id } = await c.instrument(sandbox.defaults.storeId);
    expect((await rule({ name: 'Block High Risk Countries', type: 'country', value: ['XX', 'YY'], enabled: true })).status).toBe(200);
    expect((await pay(id)).status).toBe('succeeded');
    await rule({ name: 'Bad IP', type: 'ipAddress', value: '203.0.113.9' });
    expect((await pay(id, { metadata: { ipAddress: '203.0.113.8' } })).status).toBe('succeeded');
    expect((await pay(id, { metadata: { ipAddress: '203.0.113.9' } })).requireActionData?.blockRule?.name).toBe('Bad IP');
  });

  it('disabled, or past its ttlHours, blocks nothing', async () => {
    const { id, customerId } = await c.instrument(sandbox.defaults.storeId);
    await rule({ name: 'Off', customerId, enabled: false });
    await rule({ name: 'For an hour', customerId, ttlHours: 1 });
    expect((await pay(id)).requireActionData?.blockRule?.name).toBe('For an hour');
    sandbox.clock.advance(3_600_000);
    expect((await pay(id)).status).toBe('succeeded');
  });

  it('refuses a rule with nothing to match, a whole card number and an invalid pattern, naming the field; panRegex in the sandbox', async () => {
    const fields = async (body: Record<string, unknown>) => ((await rule(body)).body as { error: { fields?: Array<{ field: string }> } }).error.fields?.map((field) => field.field);
    expect(await fields({ name: 'Nothing' })).toEqual(['ipAddress']);
    const withPan = await rule({ name: 'Card', pan: '4242424242424242' });
    expect(withPan.status).toBe(400);
    expect(JSON.stringify(withPan.body)).not.toContain('4242424242424242');
    expect(await fields({ name: 'Bad', binRegex: '(' })).toEqual(['binRegex']);
    expect(await fields({ operator: 'OR', email: 'a@b.co' })).toEqual(['name']);
    // A card number anywhere else in the rule: the example form's value, a pattern, another criterion.
    for (const body of [{ name: 'V', type: 'pan', value: ['4242424242424242'] }, { name: 'R', panRegex: '^4000000000000002$' }, { name: 'C', customerId: '4242 4242 4242 4242' }]) {
      const refused = await rule(body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields[0].code).toBe('card_data');
      expect(JSON.stringify(refused.body)).not.toMatch(/4242.?4242|4000000000000002/);
    }
    const panRegex = await rule({ name: 'Pattern', panRegex: '^4242' });
    expect(panRegex.status).toBe(400);
    expect(panRegex.body.error.fields).toEqual([expect.objectContaining({ field: 'panRegex', code: 'not_supported_in_sandbox' })]);
  });
});

describe('a block rule and a store page', () => {
  it('declines a storefront payment of a blocked BIN, and of the card a blocked payment was made with; the page is not told the rule', async () => {
    await rule({ name: 'BIN 555555', bin: '555555' });
    const page = await openBrowserSession(c, sandbox);
    const checkout = await page.checkout([{ variantId: sandbox.defaults.shop.variantIds[0], quantity: 1 }]);
    const instrument = await page.instrument('5555555555554444');
    const paid = await page.pay({ checkoutSessionId: checkout.id, paymentInstrumentId: instrument.id });
    expect(paid.body.payment.status).toBe('declined');
    expect(paid.body.payment.requireActionData).toEqual({ type: 'error', errorCode: 'blocked_by_rule', message: 'The payment was declined: the customer may pay with another card.' });
    expect(JSON.stringify(paid.body)).not.toContain('BIN 555555');
    // The merchant reads the rule with the secret key.
    const read = await c.api(routes.retrievePayment, { params: { id: paid.body.payment.id } });
    expect(read.body.requireActionData.blockRule).toMatchObject({ name: 'BIN 555555', matched: ['bin'] });
    expect(sandbox.records.ledger.list().filter((entry) => entry.paymentId === paid.body.payment.id)).toEqual([]);

    // A rule on a payment's card blocks the same card tokenized again by another page.
    const first = await openBrowserSession(c, sandbox);
    const visa = await first.instrument('4242424242424242');
    const firstPaid = await first.pay({ checkoutSessionId: (await first.checkout([{ variantId: sandbox.defaults.shop.variantIds[0], quantity: 1 }])).id, paymentInstrumentId: visa.id });
    expect(firstPaid.body.payment.status).toBe('succeeded');
    await rule({ name: 'That card', paymentId: firstPaid.body.payment.id });
    const again = await openBrowserSession(c, sandbox);
    const sameCard = await again.instrument('4242424242424242');
    const blocked = await again.pay({ checkoutSessionId: (await again.checkout([{ variantId: sandbox.defaults.shop.variantIds[0], quantity: 1 }])).id, paymentInstrumentId: sameCard.id });
    expect(blocked.body.payment.status).toBe('declined');
  });
});

describe('POST /block-rules/list', () => {
  it('answers { items, total, pageCount }, newest first, in pages', async () => {
    for (const name of ['one', 'two', 'three']) await rule({ name, email: `${name}@example.com` });
    const first = await c.api(routes.listBlockRules, { body: { pagination: { page: 1, pageSize: 2 } } });
    expect(first.body).toMatchObject({ total: 3, pageCount: 2 });
    expect(first.body.items.map((item: { name: string }) => item.name)).toEqual(['three', 'two']);
    const second = await c.api(routes.listBlockRules, { body: { pagination: { page: 2, pageSize: 2 }, sortBy: { field: 'createdAt', direction: 'desc' } } });
    expect(second.body.items.map((item: { name: string }) => item.name)).toEqual(['one']);
  });
});
