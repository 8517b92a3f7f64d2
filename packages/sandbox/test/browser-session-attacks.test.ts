import { checkoutSessionInitPath, cmsAnonymousSessionPath, routes, SANDBOX_SHOP_STORE_ID, sessionPaymentInstrumentPath, sessionProductsPath } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/index.js';
import { sandboxRoutes } from '../src/index.js';
import { openBrowserSession } from './browser-session-client.js';
import type { Answer } from './support.js';
import { type Client, useMswSandbox } from './use-sandbox.js';

// The browser session API read as an attacker's page would: what one anonymous session can learn or take of what
// another page (or the merchant's server) made, and what it can make the sandbox charge.
const BASE = 'http://localhost:4010';
let sandbox: Sandbox;
let c: Client;
useMswSandbox(BASE, { now: new Date('2030-06-01T00:00:00Z'), clock: 'frozen' }, (next) => ({ sandbox, c } = next));

const mug = 'var_shop_mug';
const fieldsOf = (answer: Answer): string[] => (answer.body.error?.fields ?? answer.body.data?.fields ?? answer.body.fields ?? []).map((field: { field: string; code: string }) => `${field.field}:${field.code}`);
const tokenize = async (number: string) =>
  (await c.vault(sandboxRoutes.vaultTokenizeCard, { type: 'card', data: { number, expiration_month: 12, expiration_year: 2034, cvc: '123' } })).body.id as string;

describe('browser session attacks', () => {
  it('vault token ids cannot be guessed: the next one is not the last one plus one', async () => {
    const first = await tokenize('4242424242424242');
    const second = await tokenize('4000000000003220');
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // A page that saw its own token id cannot name the next customer's: no shared prefix beyond chance.
    expect(second.slice(0, 23)).not.toBe(first.slice(0, 23));
    const attacker = await openBrowserSession(c, sandbox);
    const guessed = first.replace(/[0-9a-f]$/, (digit) => ((parseInt(digit, 16) + 1) % 16).toString(16));
    const taken = await attacker.send('POST', sessionPaymentInstrumentPath, { paymentInstrumentData: { type: 'card', token: guessed } });
    expect(fieldsOf(taken)).toEqual(['paymentInstrumentData.token:invalid_token']);
  });

  it('an Idempotency-Key is the session\'s own: another session with the same key and body gets its own checkout', async () => {
    const victim = await openBrowserSession(c, sandbox);
    const attacker = await openBrowserSession(c, sandbox);
    const body = { lineItems: [{ variantId: mug, quantity: 1 }] };
    const theirs = await victim.send('POST', checkoutSessionInitPath, body, { 'idempotency-key': 'checkout-1' });
    const mine = await attacker.send('POST', checkoutSessionInitPath, body, { 'idempotency-key': 'checkout-1' });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('idempotent-replayed')).toBeNull();
    expect(mine.body.checkoutToken).not.toBe(theirs.body.checkoutToken);
    expect(sandbox.records.checkoutSessions.list()).toHaveLength(2);
    // The victim's own resend still gets its first answer.
    const resent = await victim.send('POST', checkoutSessionInitPath, body, { 'idempotency-key': 'checkout-1' });
    expect(resent.body.checkoutToken).toBe(theirs.body.checkoutToken);
  });

  it('an Idempotency-Key on the anonymous session route keeps no answer: another caller with the same key never gets that session\'s token', async () => {
    const body = { storeId: SANDBOX_SHOP_STORE_ID, role: 'anonymous' };
    const victim = await c.send('POST', cmsAnonymousSessionPath, body, { authorization: '', 'idempotency-key': 'open-1' });
    const attacker = await c.send('POST', cmsAnonymousSessionPath, body, { authorization: '', 'idempotency-key': 'open-1' });
    expect([victim.status, attacker.status]).toEqual([200, 200]);
    expect(attacker.headers.get('idempotent-replayed')).toBeNull();
    expect(attacker.body.token).not.toBe(victim.body.token);
  });

  it('another page\'s 3DS session is the same 404 as one that does not exist, and nothing is charged', async () => {
    const victim = await openBrowserSession(c, sandbox);
    const theirs = await victim.threeds((await victim.instrument('4000000000003220')).id);
    const attacker = await openBrowserSession(c, sandbox);
    const { id: checkoutSessionId } = await attacker.checkout([{ variantId: mug, quantity: 1 }]);
    const mine = await attacker.instrument('4000000000003220');
    const charges = sandbox.countCharges();
    const other = await attacker.pay({ checkoutSessionId, paymentInstrumentId: mine.id, threedsSessionId: theirs.id });
    const none = await attacker.pay({ checkoutSessionId, paymentInstrumentId: mine.id, threedsSessionId: 'tds_999999' });
    expect([other.status, none.status]).toEqual([404, 404]);
    // The same answer but for the id asked about and the request's own id.
    const same = (answer: Answer, id: string) => JSON.stringify(answer.body).replaceAll(id, 'ID').replace(/req_\w+/g, 'REQ');
    expect(same(other, theirs.id)).toBe(same(none, 'tds_999999'));
    expect(sandbox.countCharges()).toBe(charges);
  });

  it('a quantity whose total is not a safe integer in minor units is a 400 on that quantity, no checkout', async () => {
    const session = await openBrowserSession(c, sandbox);
    const huge = await session.send('POST', checkoutSessionInitPath, { lineItems: [{ variantId: mug, quantity: 1 }, { variantId: mug, quantity: 10_000_000_000_000 }] });
    expect(huge.status).toBe(400);
    expect(fieldsOf(huge)).toEqual(['lineItems.1.quantity:too_large']);
    expect(sandbox.records.checkoutSessions.list()).toHaveLength(0);
  });
});

describe('browser session attacks: what the store does not sell', () => {
  it('an inactive product or variant is not in the catalog a page reads or buys from', async () => {
    const create = (name: string, active: boolean, variantActive: boolean) =>
      c.api(routes.createProduct, {
        body: {
          storeId: SANDBOX_SHOP_STORE_ID,
          name,
          active,
          variants: [{ name, sku: name, active: variantActive, default: true, prices: [{ currencyOptions: { USD: { amount: 1 } }, recurring: false, default: true }] }],
        },
      });
    const withdrawn = (await create('Withdrawn', false, true)).body.product;
    const hiddenVariant = (await create('Hidden variant', true, false)).body.product;
    const session = await openBrowserSession(c, sandbox);
    const listed = await session.send('POST', sessionProductsPath, { storeId: SANDBOX_SHOP_STORE_ID });
    expect(listed.body.items.map((product: { id: string }) => product.id)).not.toContain(withdrawn.id);
    expect((await session.send('POST', `/api/v1/products/${withdrawn.id}`, { storeId: SANDBOX_SHOP_STORE_ID })).status).toBe(404);
    const listedHidden = listed.body.items.find((product: { id: string }) => product.id === hiddenVariant.id);
    expect(listedHidden?.variants ?? []).toEqual([]);
    for (const variant of [withdrawn.variants[0].id, hiddenVariant.variants[0].id]) {
      const bought = await session.send('POST', checkoutSessionInitPath, { lineItems: [{ variantId: variant, quantity: 1 }] });
      expect(fieldsOf(bought)).toEqual(['lineItems.0.variantId:not_in_catalog']);
    }
    expect(sandbox.records.checkoutSessions.list()).toHaveLength(0);
  });
});

describe('browser session attacks: currency games', () => {
  it('a variant priced only by its currency-less `price` is sold in the store\'s own currency, never in one the page picks', async () => {
    const store = (await c.api(routes.createStore, { body: { name: 'Two currencies', baseCurrency: 'USD', presentmentCurrencies: ['USD', 'JPY'], chargeCurrencies: ['USD', 'JPY'] } })).body;
    const product = (
      await c.api(routes.createProduct, {
        body: { storeId: store.id, name: 'Lamp', active: true, variants: [{ name: 'Lamp', sku: 'LAMP', active: true, default: true, price: 1500, prices: [] }] },
      })
    ).body.product;
    const session = await openBrowserSession(c, sandbox, store.id);
    const inUsd = await session.checkout([{ variantId: product.variants[0].id, quantity: 1 }]);
    expect(inUsd.view.summary).toMatchObject({ currency: 'USD', totalAmount: 1500 });
    // 1500 minor units of USD are $15.00; the same number in JPY is ¥1500 (about $10): the page must not choose that.
    const inJpy = await session.send('POST', checkoutSessionInitPath, { lineItems: [{ variantId: product.variants[0].id, quantity: 1 }], customer: { currency: 'JPY' } });
    expect(fieldsOf(inJpy)).toEqual(['lineItems.0.variantId:no_price']);
  });
});
