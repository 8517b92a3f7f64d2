import {
  checkoutSessionInitPath,
  cmsAnonymousSessionPath,
  cmsSessionInitPath,
  routes,
  sessionActionProcessedPath,
  sessionContinuePaymentPath,
  sessionPaymentInstrumentPath,
  sessionPaymentPath,
  sessionProductsPath,
  sessionRadarSessionPath,
  sessionThreeDSSessionPath,
  SANDBOX_SHOP_STORE_ID,
} from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/index.js';
import { sandboxRoutes } from '../src/index.js';
import { type BrowserSession, openBrowserSession } from './browser-session-client.js';
import type { Answer } from './support.js';
import { type Client, useMswSandbox } from './use-sandbox.js';

// Every limit of the browser session token (docs/contracts.md, "The browser session API"): one store, one customer session, no secret-key
// API, no price from the page, nothing of another session, unguessable tokens; typed errors, no payment, nothing
// about other sessions or stores revealed.
const BASE = 'http://localhost:4010';
let sandbox: Sandbox;
let c: Client;
useMswSandbox(BASE, { now: new Date('2030-06-01T00:00:00Z'), clock: 'frozen' }, (next) => ({ sandbox, c } = next));

const mug = 'var_shop_mug';
const v2 = (token: string) => `/api/v1/checkout-sessions/${token}/v2`;
/** The error body's fields as `field:code`. */
const fieldsOf = (answer: Answer): string[] => (answer.body.error?.fields ?? answer.body.fields ?? []).map((field: { field: string; code: string }) => `${field.field}:${field.code}`);
const messageOf = (answer: Answer): string => answer.body.error?.message ?? answer.body.message;
/** The error body with its request ids left out (they differ per request), as text. */
const withoutRequestIds = (answer: Answer): string => JSON.stringify(answer.body).replace(/req_\w+/g, '');

/** A variant of the default store's catalog (another store than the shop). */
async function otherStoreVariant(): Promise<string> {
  const created = await c.api(routes.createProduct, {
    body: {
      storeId: sandbox.defaults.storeId,
      name: 'Elsewhere',
      active: true,
      variants: [{ name: 'Elsewhere', sku: 'ELSE', active: true, default: true, prices: [{ currencyOptions: { USD: { amount: 100 } }, recurring: false, default: true }] }],
    },
  });
  return created.body.product.variants[0].id as string;
}

/** A session with a pending (challenged) payment on its checkout. */
async function pendingPayment(session: BrowserSession) {
  const { id: checkoutSessionId } = await session.checkout([{ variantId: mug, quantity: 1 }]);
  const instrument = await session.instrument('4000000000003220');
  const threeds = await session.threeds(instrument.id);
  const paid = await session.pay({ checkoutSessionId, paymentInstrumentId: instrument.id, threedsSessionId: threeds.id });
  expect(paid.body.payment.status).toBe('pending');
  return { checkoutSessionId, instrument, threeds, payment: paid.body.payment };
}

describe('browser session limits: the anonymous session', () => {
  it('an unknown store is a 404, another role a 400 on role, a missing storeId a 400', async () => {
    const unknown = await c.send('POST', cmsAnonymousSessionPath, { storeId: 'store_nope' }, { authorization: '' });
    expect(unknown.status).toBe(404);
    const admin = await c.send('POST', cmsAnonymousSessionPath, { storeId: SANDBOX_SHOP_STORE_ID, role: 'admin' }, { authorization: '' });
    expect(admin.status).toBe(400);
    expect(fieldsOf(admin)).toEqual([expect.stringMatching(/^role:/)]);
    expect(fieldsOf(await c.send('POST', cmsAnonymousSessionPath, {}, { authorization: '' }))).toEqual([expect.stringMatching(/^storeId:/)]);
  });

  it('a missing, malformed, forged, edited or expired token is the same 401, whatever the reason', async () => {
    const session = await openBrowserSession(c, sandbox);
    const other = await openBrowserSession(c, sandbox);
    const [header, payload, secret] = session.token.split('.') as [string, string, string];
    const edited = JSON.parse(atob(payload)) as Record<string, unknown>;
    edited.storeId = sandbox.defaults.gateway.storeId;
    const editedPayload = btoa(JSON.stringify(edited)).replace(/=+$/, '');
    const forgedSecret = `${header}.${payload}.${'A'.repeat(secret.length)}`;
    const swapped = `${header}.${payload}.${other.token.split('.')[2]}`;
    const tokens = ['', 'not-a-token', 'a.b.c', `${header}.${editedPayload}.${secret}`, forgedSecret, swapped, `${session.token}x`];
    const answers = await Promise.all(tokens.map((token) => c.send('POST', cmsSessionInitPath, {}, { authorization: '', 'x-cms-token': token })));
    const none = await c.send('POST', cmsSessionInitPath, {}, { authorization: '' });
    for (const answer of [...answers, none]) {
      expect(answer.status).toBe(401);
      expect(answer.body.error?.code ?? answer.body.code).toBe('unauthorized');
      expect(messageOf(answer)).toBe(messageOf(none));
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect((await session.send('POST', cmsSessionInitPath, {})).status).toBe(200);

    // Expired: 24 hours on the sandbox's clock.
    sandbox.clock.advance(24 * 60 * 60 * 1000 - 1000);
    expect((await session.send('POST', cmsSessionInitPath, {})).status).toBe(200);
    sandbox.clock.advance(1000);
    const expired = await session.send('POST', cmsSessionInitPath, {});
    expect(expired.status).toBe(401);
    expect(messageOf(expired)).toBe(messageOf(none));
  });
});

describe('browser session limits: the checkout', () => {
  it('a variant not in this store\'s catalog: the same 400 whether it exists in another store or not at all', async () => {
    const session = await openBrowserSession(c, sandbox);
    const elsewhere = await session.send('POST', checkoutSessionInitPath, { lineItems: [{ variantId: await otherStoreVariant(), quantity: 1 }] });
    const nowhere = await session.send('POST', checkoutSessionInitPath, { lineItems: [{ variantId: 'var_nowhere', quantity: 1 }] });
    expect(elsewhere.status).toBe(400);
    expect(fieldsOf(elsewhere)).toEqual(['lineItems.0.variantId:not_in_catalog']);
    expect(withoutRequestIds(nowhere)).toBe(withoutRequestIds(elsewhere));
    expect(sandbox.records.checkoutSessions.list()).toHaveLength(0);
  });

  it('a quantity that is not a whole number of at least one is a 400 on lineItems.N.quantity', async () => {
    const session = await openBrowserSession(c, sandbox);
    for (const quantity of [0, -1, 1.5, '2']) {
      const answer = await session.send('POST', checkoutSessionInitPath, { lineItems: [{ variantId: mug, quantity: 1 }, { variantId: mug, quantity }] });
      expect(answer.status).toBe(400);
      expect(fieldsOf(answer)).toEqual([expect.stringMatching(/^lineItems\.1\.quantity:/)]);
    }
    expect(sandbox.records.checkoutSessions.list()).toHaveLength(0);
  });

  it('a price or amount sent by the page is refused by name (not_allowed), at the top level and in a line item', async () => {
    const session = await openBrowserSession(c, sandbox);
    const cases: [Record<string, unknown>, string][] = [
      [{ lineItems: [{ variantId: mug, quantity: 1 }], amount: 1 }, 'amount:not_allowed'],
      [{ lineItems: [{ variantId: mug, quantity: 1 }], totalAmount: 1 }, 'totalAmount:not_allowed'],
      [{ lineItems: [{ variantId: mug, quantity: 1, price: 1 }] }, 'lineItems.0.price:not_allowed'],
      [{ lineItems: [{ variantId: mug, quantity: 1, unitAmount: 1 }] }, 'lineItems.0.unitAmount:not_allowed'],
      [{ lineItems: [{ variantId: mug, quantity: 1, currencyOptions: { USD: { amount: 1 } } }] }, 'lineItems.0.currencyOptions:not_allowed'],
      [{ lineItems: [{ variantId: mug, quantity: 1 }], prices: [] }, 'prices:not_allowed'],
    ];
    for (const [body, field] of cases) {
      const answer = await session.send('POST', checkoutSessionInitPath, body);
      expect(answer.status).toBe(400);
      expect(fieldsOf(answer)).toEqual([field]);
      expect(messageOf(answer)).toContain('catalog');
    }
    const wrongPrice = await session.send('POST', checkoutSessionInitPath, { lineItems: [{ variantId: mug, priceId: 'price_shop_umbrella', quantity: 1 }] });
    expect(fieldsOf(wrongPrice)).toEqual(['lineItems.0.priceId:not_a_price']);
    const currency = await session.send('POST', checkoutSessionInitPath, { lineItems: [{ variantId: mug, quantity: 1 }], customer: { currency: 'EUR' } });
    expect(fieldsOf(currency)).toEqual(['customer.currency:unsupported_currency']);
    expect(sandbox.records.checkoutSessions.list()).toHaveLength(0);

    // pay-v2 on the token: no amount either, and nothing is charged.
    const { id: checkoutSessionId } = await session.checkout([{ variantId: mug, quantity: 1 }]);
    const instrument = await session.instrument();
    const paid = await session.pay({ checkoutSessionId, paymentInstrumentId: instrument.id, amount: 1 });
    expect(paid.status).toBe(400);
    expect(fieldsOf(paid)).toEqual(['amount:not_allowed']);
    const merchant = await session.pay({ checkoutSessionId, paymentInstrumentId: instrument.id, initiatedBy: 'merchant' });
    expect(fieldsOf(merchant)).toEqual([expect.stringMatching(/^initiatedBy:/)]);
    expect(sandbox.records.payments.list()).toHaveLength(0);
  });

  it('a token of another store: its storeId is a 403, the shop\'s variants are not in its catalog', async () => {
    const gateway = await openBrowserSession(c, sandbox, sandbox.defaults.gateway.storeId);
    const init = await gateway.send('POST', cmsSessionInitPath, { storeId: SANDBOX_SHOP_STORE_ID });
    expect(init.status).toBe(403);
    expect((await gateway.send('POST', checkoutSessionInitPath, { storeId: SANDBOX_SHOP_STORE_ID, lineItems: [{ variantId: mug, quantity: 1 }] })).status).toBe(403);
    expect((await gateway.send('POST', sessionProductsPath, { storeId: SANDBOX_SHOP_STORE_ID })).status).toBe(403);
    expect(fieldsOf(await gateway.send('POST', checkoutSessionInitPath, { lineItems: [{ variantId: mug, quantity: 1 }] }))).toEqual(['lineItems.0.variantId:not_in_catalog']);
    expect(messageOf(init)).not.toContain('Sandbox shop');
  });

  it('checkout tokens are long and random; another session\'s token reads the same 404 as an unknown one', async () => {
    const session = await openBrowserSession(c, sandbox);
    const other = await openBrowserSession(c, sandbox);
    const first = await session.checkout([{ variantId: mug, quantity: 1 }]);
    const second = await session.checkout([{ variantId: mug, quantity: 1 }]);
    // 192 random bits, base64url: nothing sequential to guess from.
    expect(first.checkoutToken).toMatch(/^[\w-]{32}$/);
    expect(first.checkoutToken.slice(0, 8)).not.toBe(second.checkoutToken.slice(0, 8));
    const theirs = await other.send('GET', v2(first.checkoutToken));
    const unknown = await other.send('GET', v2('A'.repeat(32)));
    expect(theirs.status).toBe(404);
    expect(messageOf(theirs)).toBe(messageOf(unknown));
    expect(JSON.stringify(theirs.body)).not.toContain(first.id);
  });
});

describe('browser session limits: payments', () => {
  it('another session\'s checkout, instrument, 3DS session and payment: 404s, and no payment', async () => {
    const mine = await openBrowserSession(c, sandbox);
    const theirs = await openBrowserSession(c, sandbox);
    const { checkoutSessionId, instrument, payment } = await pendingPayment(theirs);
    const myCheckout = await mine.checkout([{ variantId: mug, quantity: 1 }]);
    const myInstrument = await mine.instrument();
    const before = sandbox.records.payments.list().length;

    expect((await mine.pay({ checkoutSessionId, paymentInstrumentId: myInstrument.id })).status).toBe(404);
    expect((await mine.pay({ checkoutSessionId: myCheckout.id, paymentInstrumentId: instrument.id })).status).toBe(404);
    expect((await mine.send('POST', sessionThreeDSSessionPath, { provider: 'basis_theory', paymentInstrumentId: instrument.id })).status).toBe(404);
    expect(sandbox.records.payments.list()).toHaveLength(before);

    const read = await mine.send('GET', sessionPaymentPath.replace('{id}', payment.id));
    const unknown = await mine.send('GET', sessionPaymentPath.replace('{id}', 'pay_nope'));
    expect(read.status).toBe(404);
    expect(read.body.code ?? read.body.error?.code).toBe(unknown.body.code ?? unknown.body.error?.code);
    expect((await mine.send('POST', sessionActionProcessedPath, { paymentId: payment.id })).status).toBe(404);
    expect((await mine.send('POST', sessionContinuePaymentPath, { paymentId: payment.id })).status).toBe(404);
    expect((await mine.send('POST', sessionRadarSessionPath, { paymentId: payment.id, airwallexRadarSessionId: 'x' })).status).toBe(404);
    expect(sandbox.records.payments.get(payment.id)?.requireActionData).not.toHaveProperty('processed');
  });

  it('pay-v2 twice: a 409 while the first is pending and once it succeeded, and one charge', async () => {
    const session = await openBrowserSession(c, sandbox);
    const { checkoutSessionId, instrument, payment } = await pendingPayment(session);
    const again = await session.pay({ checkoutSessionId, paymentInstrumentId: instrument.id });
    expect(again.status).toBe(409);
    expect(again.body.code ?? again.body.error?.code).toBe('invalid_state');
    sandbox.challenges.approve(payment.id);
    const afterSuccess = await session.pay({ checkoutSessionId, paymentInstrumentId: instrument.id });
    expect(afterSuccess.status).toBe(409);
    expect(sandbox.records.payments.list()).toHaveLength(1);
    expect(sandbox.countCharges()).toBe(1);
    expect(sandbox.records.orders.list()).toHaveLength(1);

    // Two at once (a double click): exactly one is charged.
    const { id: fresh } = await session.checkout([{ variantId: mug, quantity: 1 }]);
    const card = await session.instrument();
    const both = await Promise.all([session.pay({ checkoutSessionId: fresh, paymentInstrumentId: card.id }), session.pay({ checkoutSessionId: fresh, paymentInstrumentId: card.id })]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(sandbox.countCharges()).toBe(2);
    expect(sandbox.records.orders.list()).toHaveLength(2);
  });

  it('the instrument takes a vault token of its type only, and never echoes it; card facts come from the vault', async () => {
    const session = await openBrowserSession(c, sandbox);
    const unknown = await session.send('POST', sessionPaymentInstrumentPath, { paymentInstrumentData: { type: 'card', token: 'tok-made-up-1234' } });
    expect(unknown.status).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['paymentInstrumentData.token:invalid_token']);
    expect(JSON.stringify(unknown.body)).not.toContain('tok-made-up-1234');
    const raw = await c.vault(sandboxRoutes.vaultTokenizeCard, { type: 'card', data: { number: '4242424242424242', expiration_month: 12, expiration_year: 2034, cvc: '123' } });
    const wrongType = await session.send('POST', sessionPaymentInstrumentPath, { paymentInstrumentData: { type: 'apple_pay', token: raw.body.id } });
    expect(fieldsOf(wrongType)).toEqual(['paymentInstrumentData.token:invalid_token']);
    const lying = await session.send('POST', sessionPaymentInstrumentPath, { paymentInstrumentData: { type: 'card', token: raw.body.id, card: { last4: '0000', brand: 'amex' } } });
    expect(lying.body.card).toMatchObject({ last4: '4242', brand: 'visa' });
    // Another session cannot make an instrument of a vault token this one used.
    const other = await openBrowserSession(c, sandbox);
    const taken = await other.send('POST', sessionPaymentInstrumentPath, { paymentInstrumentData: { type: 'card', token: raw.body.id } });
    expect(fieldsOf(taken)).toEqual(['paymentInstrumentData.token:invalid_token']);
    expect(withoutRequestIds(taken)).toBe(withoutRequestIds(unknown));
  });

  it('no card number or CVC in any answer of a whole checkout', async () => {
    const answers: Answer[] = [];
    const session = await openBrowserSession(c, sandbox);
    const record = async (answer: Promise<Answer>) => answers.push(await answer);
    const { checkoutToken, id } = await session.checkout([{ variantId: mug, quantity: 1 }]);
    const instrument = await session.instrument('4000000000003220');
    answers.push({ status: 200, headers: new Headers(), body: instrument });
    const threeds = await session.threeds(instrument.id);
    const paid = await session.pay({ checkoutSessionId: id, paymentInstrumentId: instrument.id, threedsSessionId: threeds.id });
    answers.push(paid);
    await record(session.send('GET', sessionPaymentPath.replace('{id}', paid.body.payment.id)));
    sandbox.challenges.approve(paid.body.payment.id);
    await record(session.send('GET', v2(checkoutToken)));
    await record(session.send('GET', sessionPaymentPath.replace('{id}', paid.body.payment.id)));
    for (const answer of answers) expect(JSON.stringify(answer.body)).not.toMatch(/4000000000003220|"cvc"|"123"/);
  });
});

describe('browser session API: resends with one Idempotency-Key', () => {
  it('a resent checkout init or pay-v2 answers the first answer again: one checkout session, one charge', async () => {
    const session = await openBrowserSession(c, sandbox);
    const body = { lineItems: [{ variantId: mug, quantity: 1 }] };
    const first = await session.send('POST', checkoutSessionInitPath, body, { 'idempotency-key': 'init-1' });
    const again = await session.send('POST', checkoutSessionInitPath, body, { 'idempotency-key': 'init-1' });
    expect(again.body.checkoutToken).toBe(first.body.checkoutToken);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(sandbox.records.checkoutSessions.list()).toHaveLength(1);
    const { id } = sandbox.records.checkoutSessions.list()[0]!;
    const instrument = await session.instrument();
    const paid = await session.send('POST', '/api/public/v1/checkout/pay-v2', { checkoutSessionId: id, paymentInstrumentId: instrument.id }, { 'idempotency-key': 'pay-1' });
    const resent = await session.send('POST', '/api/public/v1/checkout/pay-v2', { checkoutSessionId: id, paymentInstrumentId: instrument.id }, { 'idempotency-key': 'pay-1' });
    expect(resent.status).toBe(200);
    expect(resent.body.payment.id).toBe(paid.body.payment.id);
    expect(sandbox.countCharges()).toBe(1);
  });
});

describe('browser session limits: the secret-key API', () => {
  it('a session token on any other secret-key route is a 401 saying what it opens', async () => {
    const session = await openBrowserSession(c, sandbox);
    const viaHeader = await c.api(routes.listPayments, { body: {}, headers: { authorization: '', 'x-cms-token': session.token } });
    const viaBearer = await c.api(routes.listOrders, { query: `?storeId=${SANDBOX_SHOP_STORE_ID}`, headers: { authorization: `Bearer ${session.token}` } });
    for (const answer of [viaHeader, viaBearer]) {
      expect(answer.status).toBe(401);
      expect(messageOf(answer)).toContain('only opens the browser session routes');
      expect(messageOf(answer)).toContain('/api/v1/checkout-sessions/{id}/promotions/apply');
    }
    const process = await c.api(routes.processPayment, { body: { amount: 100, currency: 'USD', storeId: SANDBOX_SHOP_STORE_ID, paymentInstrumentId: 'pi_1' }, headers: { authorization: '', 'x-cms-token': session.token } });
    expect(process.status).toBe(401);
    expect(sandbox.records.payments.list()).toHaveLength(0);
  });

  it('the secret key on a session-only route is a 401 saying to send the session token', async () => {
    const answer = await c.send('POST', checkoutSessionInitPath, { lineItems: [{ variantId: mug, quantity: 1 }] });
    expect(answer.status).toBe(401);
    expect(messageOf(answer)).toContain('x-cms-token');
  });
});
