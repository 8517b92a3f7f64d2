import { cmsSessionInitPath, routes, sessionActionProcessedPath, sessionContinuePaymentPath, sessionPaymentPath, sessionProductsPath, sessionRadarSessionPath, SANDBOX_SHOP_STORE_ID } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/index.js';
import { openBrowserSession } from './browser-session-client.js';
import { type Client, useMswSandbox } from './use-sandbox.js';

// The service's browser session API as the vendor's browser code calls it (@tagadapay/plugin-sdk 2.3.3: an anonymous
// session, a checkout of the store's catalog, the instrument, the 3DS session, pay-v2, then the action and the poll),
// and what the merchant then reads with the secret key: the same payment, order, events and webhooks.
const BASE = 'http://localhost:4010';
let sandbox: Sandbox;
let c: Client;
useMswSandbox(BASE, { now: new Date('2030-06-01T00:00:00Z'), clock: 'frozen' }, (next) => ({ sandbox, c } = next));

const mug = 'var_shop_mug';
const umbrella = 'var_shop_umbrella';

/** plugin-sdk's `decodeJWTClient`: the payload read with `atob` after padding it. */
function decodeJWTClient(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(atob(payload + '='.repeat((4 - (payload.length % 4)) % 4))) as Record<string, unknown>;
}

describe('browser session API: the anonymous session', () => {
  it('opens a session of the shop with no key: a JWT-shaped token whose payload atob reads, a fresh customer, CORS', async () => {
    expect(sandbox.defaults.shop).toEqual({ storeId: SANDBOX_SHOP_STORE_ID, variantIds: ['var_shop_mug', 'var_shop_tote', 'var_shop_umbrella'] });
    const opened = await c.send('POST', '/api/v1/cms/session/anonymous', { storeId: SANDBOX_SHOP_STORE_ID, role: 'anonymous' }, { authorization: '', origin: 'https://shop.example' });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('access-control-allow-origin')).toBe('*');
    const { token, expiresAt } = opened.body;
    const [header, , secret] = token.split('.');
    expect(JSON.parse(atob(header))).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(secret).toMatch(/^[\w-]{43}$/);
    const payload = decodeJWTClient(token);
    expect(payload).toEqual({
      sessionId: expect.stringMatching(/^cmss_/),
      storeId: SANDBOX_SHOP_STORE_ID,
      accountId: 'acc_sandbox',
      customerId: expect.stringMatching(/^cus_/),
      role: 'anonymous',
      iat: Date.parse('2030-06-01T00:00:00Z') / 1000,
      exp: Date.parse('2030-06-02T00:00:00Z') / 1000,
    });
    expect(expiresAt).toBe('2030-06-02T00:00:00.000Z');
    expect(sandbox.records.customers.get(payload.customerId as string)).toMatchObject({ storeId: SANDBOX_SHOP_STORE_ID });
    // A second session: another customer, another token.
    const second = await openBrowserSession(c, sandbox);
    expect(decodeJWTClient(second.token).customerId).not.toBe(payload.customerId);

    const preflight = await fetch(`${BASE}/api/v1/cms/session/anonymous`, { method: 'OPTIONS', headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type, x-cms-token, idempotency-key');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('session init answers the store, the locale and the customer; products lists the catalog with prices', async () => {
    const session = await openBrowserSession(c, sandbox);
    const init = await session.send('POST', cmsSessionInitPath, { storeId: SANDBOX_SHOP_STORE_ID, accountId: 'acc_sandbox', browser: { name: 'Chrome' } });
    expect(init.body).toEqual({
      store: { id: SANDBOX_SHOP_STORE_ID, name: 'Sandbox shop', currency: 'USD', locale: 'en-US', presentmentCurrencies: ['USD'], chargeCurrencies: ['USD'] },
      locale: 'en-US',
      messages: {},
      customer: { id: decodeJWTClient(session.token).customerId, isAuthenticated: false },
    });
    const products = await session.send('POST', sessionProductsPath, { storeId: SANDBOX_SHOP_STORE_ID, includeVariants: true, includePrices: true });
    expect(products.status).toBe(200);
    expect(products.body.items.map((product: any) => [product.variants[0].id, product.variants[0].prices[0].currencyOptions.USD.amount])).toEqual([
      ['var_shop_mug', 1500],
      ['var_shop_tote', 2400],
      ['var_shop_umbrella', 4200],
    ]);
    const one = await session.send('POST', '/api/v1/products/prod_shop_tote', { productId: 'prod_shop_tote', storeId: SANDBOX_SHOP_STORE_ID });
    expect(one.body).toMatchObject({ id: 'prod_shop_tote', name: 'Sandbox tote bag', variants: [{ id: 'var_shop_tote' }] });
    const elsewhere = await c.api(routes.createProduct, {
      body: { storeId: sandbox.defaults.storeId, name: 'Elsewhere', active: true, variants: [{ name: 'E', sku: 'E', active: true, default: true, prices: [] }] },
    });
    expect((await session.send('POST', `/api/v1/products/${elsewhere.body.product.id}`, { storeId: SANDBOX_SHOP_STORE_ID })).status).toBe(404);
  });
});

describe('browser session API: a checkout paid from the page alone', () => {
  it('init → v2 answers plugin-sdk CheckoutData priced from the catalog, in the currency asked for or the store\'s', async () => {
    const session = await openBrowserSession(c, sandbox);
    const { checkoutToken, view } = await session.checkout([{ variantId: mug, quantity: 2 }, { variantId: umbrella, quantity: 1 }], { returnUrl: 'https://shop.example/thanks' });
    expect(checkoutToken.length).toBeGreaterThanOrEqual(22);
    expect(view.summary).toMatchObject({ currency: 'USD', totalAmount: 7200, totalAdjustedAmount: 7200, totalPromotionAmount: 0, adjustments: [] });
    expect(view.summary.items.map((item: any) => [item.variantId, item.priceId, item.unitAmount, item.quantity, item.amount])).toEqual([
      [mug, 'price_shop_mug', 1500, 2, 3000],
      [umbrella, 'price_shop_umbrella', 4200, 1, 4200],
    ]);
    expect(view.checkoutSession).toMatchObject({
      checkoutToken,
      status: 'open',
      storeId: SANDBOX_SHOP_STORE_ID,
      customerId: decodeJWTClient(session.token).customerId,
      draft: false,
      selectedPresentmentCurrency: 'USD',
      store: { id: SANDBOX_SHOP_STORE_ID, currency: 'USD', upsells: [], integrations: [] },
      orders: [],
    });
    expect(view.checkoutSession.sessionLineItems[0]).toMatchObject({
      quantity: 2,
      variantId: mug,
      productId: 'prod_shop_mug',
      isOrderBump: false,
      price: { id: 'price_shop_mug', amount: 1500, currency: 'USD', variant: { id: mug, name: 'Sandbox mug', product: { id: 'prod_shop_mug', name: 'Sandbox mug' } } },
    });
    expect(sandbox.records.checkoutSessions.get(view.checkoutSession.id)).toMatchObject({ amount: 7200, currency: 'USD', status: 'open' });
  });

  it('frictionless with a 3DS session: pay-v2 succeeds at once, one order, events and webhooks the merchant reads with the secret key', async () => {
    const session = await openBrowserSession(c, sandbox);
    const { id: checkoutSessionId, checkoutToken } = await session.checkout([{ variantId: mug, quantity: 1 }], { returnUrl: 'https://shop.example/thanks' });
    const instrument = await session.instrument();
    expect(instrument).toMatchObject({ id: expect.stringMatching(/^pi_/), type: 'card', customerId: decodeJWTClient(session.token).customerId, card: { last4: '4242', brand: 'visa' }, token: expect.any(String) });
    const threeds = await session.threeds(instrument.id);
    expect(threeds).toMatchObject({ id: expect.stringMatching(/^tds_/), paymentInstrumentId: instrument.id, storeId: SANDBOX_SHOP_STORE_ID, status: 'created' });

    const paid = await session.pay({ checkoutSessionId, paymentInstrumentId: instrument.id, threedsSessionId: threeds.id });
    expect(paid.status).toBe(200);
    expect(paid.headers.get('access-control-allow-origin')).toBe('*');
    expect(paid.body.payment).toMatchObject({ status: 'succeeded', requireAction: 'none', amount: 1500, currency: 'USD', storeId: SANDBOX_SHOP_STORE_ID });
    expect(paid.body.order).toMatchObject({ id: expect.stringMatching(/^ord_/), amount: 1500, totalAmount: 1500, paymentId: paid.body.payment.id, checkoutSessionId });
    expect(paid.body.redirectUrl).toBe(`https://shop.example/thanks?orderId=${paid.body.order.id}`);
    expect(sandbox.countCharges(paid.body.payment.id)).toBe(1);
    expect(sandbox.records.orders.list().filter((order) => order.checkoutSessionId === checkoutSessionId)).toHaveLength(1);

    // The page polls its payment; the v2 read shows the session completed with its order.
    const polled = await session.send('GET', sessionPaymentPath.replace('{id}', paid.body.payment.id));
    expect(polled.body).toMatchObject({ id: paid.body.payment.id, status: 'succeeded', paymentInstrument: { id: instrument.id } });
    const view = await session.send('GET', `/api/v1/checkout-sessions/${checkoutToken}/v2`);
    expect(view.body.checkoutSession).toMatchObject({ status: 'completed', orders: [{ id: paid.body.order.id, status: 'paid' }] });

    // The merchant's server reads the same payment, order and events with the secret key.
    const read = await c.api(routes.retrievePayment, { params: { id: paid.body.payment.id } });
    // The payment names the order it paid, as a payment made for an order does.
    expect(read.body).toMatchObject({ id: paid.body.payment.id, status: 'succeeded', orderId: paid.body.order.id });
    const order = await c.api(routes.retrieveOrder, { params: { id: paid.body.order.id } });
    expect(order.status).toBe(200);
    const events = await c.api(routes.listWebhookEvents, { query: `?storeId=${SANDBOX_SHOP_STORE_ID}` });
    expect(events.body.data.map((event: any) => event.type)).toEqual(expect.arrayContaining(['payment/succeeded', 'order/created', 'order/paid']));
  });

  it('3DS challenge: pay-v2 asks for threeds_auth as processPayment does; approved on the ACS, the order is made then, once', async () => {
    const session = await openBrowserSession(c, sandbox);
    const { id: checkoutSessionId } = await session.checkout([{ variantId: umbrella, quantity: 1 }]);
    const instrument = await session.instrument('4000000000003220');
    const threeds = await session.threeds(instrument.id);
    const paid = await session.pay({ checkoutSessionId, paymentInstrumentId: instrument.id, threedsSessionId: threeds.id });
    expect(paid.body.payment).toMatchObject({ status: 'pending', requireAction: 'threeds_auth' });
    expect(paid.body.order).toBeNull();
    const { threedsSession } = paid.body.payment.requireActionData.metadata;
    expect(threedsSession).toEqual({ externalSessionId: threeds.externalSessionId, acsChallengeUrl: `${BASE}/acs/challenge`, acsTransID: expect.any(String), messageVersion: expect.any(String) });

    const processed = await session.send('POST', sessionActionProcessedPath, { paymentId: paid.body.payment.id });
    expect(processed.body).toEqual({ success: true });
    const pending = await session.send('GET', sessionPaymentPath.replace('{id}', paid.body.payment.id));
    expect(pending.body).toMatchObject({ status: 'pending', requireActionData: { processed: true } });

    const approved = await c.form('/acs/complete', { acsTransID: threedsSession.acsTransID, threeDSServerTransID: threedsSession.externalSessionId, outcome: 'approve' });
    expect(approved.status).toBe(200);
    const polled = await session.send('GET', sessionPaymentPath.replace('{id}', paid.body.payment.id));
    expect(polled.body).toMatchObject({ status: 'succeeded' });
    const orders = sandbox.records.orders.list().filter((order) => order.checkoutSessionId === checkoutSessionId);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ amount: 4200, paymentId: paid.body.payment.id });
    expect(sandbox.records.checkoutSessions.get(checkoutSessionId)).toMatchObject({ status: 'completed', orderId: orders[0]!.id });
    // Settling again changes nothing: still one order, one charge.
    sandbox.challenges.approve(paid.body.payment.id);
    expect(sandbox.records.orders.list().filter((order) => order.checkoutSessionId === checkoutSessionId)).toHaveLength(1);
    expect(sandbox.countCharges(paid.body.payment.id)).toBe(1);
  });

  it('3DS challenge approved through sandbox.challenges completes the session too', async () => {
    const session = await openBrowserSession(c, sandbox);
    const { id: checkoutSessionId } = await session.checkout([{ variantId: mug, quantity: 3 }]);
    const instrument = await session.instrument('4000000000003220');
    const paid = await session.pay({ checkoutSessionId, paymentInstrumentId: instrument.id, threedsSessionId: (await session.threeds(instrument.id)).id });
    sandbox.challenges.approve(paid.body.payment.id);
    expect(sandbox.records.checkoutSessions.get(checkoutSessionId)).toMatchObject({ status: 'completed' });
    expect(sandbox.records.orders.list().find((order) => order.checkoutSessionId === checkoutSessionId)).toMatchObject({ amount: 4500 });
  });

  it('radar: pay-v2 asks for radar; the radar session and continue on the session token approve it and make the order', async () => {
    const session = await openBrowserSession(c, sandbox);
    const { id: checkoutSessionId } = await session.checkout([{ variantId: mug, quantity: 1 }]);
    const instrument = await session.instrument('4000000000004954');
    const paid = await session.pay({ checkoutSessionId, paymentInstrumentId: instrument.id });
    expect(paid.body.payment).toMatchObject({ status: 'pending', requireAction: 'radar' });
    const paymentId = paid.body.payment.id;
    const preflight = await fetch(`${BASE}${sessionRadarSessionPath}`, { method: 'OPTIONS' });
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-cms-token');
    const saved = await session.send('POST', sessionRadarSessionPath, { paymentId, airwallexRadarSessionId: 'ord-session-1' });
    expect(saved).toMatchObject({ status: 200, body: { success: true } });
    const continued = await session.send('POST', sessionContinuePaymentPath, { paymentId });
    expect(continued.body.payment).toMatchObject({ status: 'succeeded' });
    expect(sandbox.records.orders.list().filter((order) => order.checkoutSessionId === checkoutSessionId)).toHaveLength(1);
    // Continuing again changes nothing.
    await session.send('POST', sessionContinuePaymentPath, { paymentId });
    expect(sandbox.records.orders.list().filter((order) => order.checkoutSessionId === checkoutSessionId)).toHaveLength(1);
    expect(sandbox.countCharges(paymentId)).toBe(1);
  });

  it('declined: the error action, no order, the session still open; another card then pays it', async () => {
    const session = await openBrowserSession(c, sandbox);
    const { id: checkoutSessionId } = await session.checkout([{ variantId: mug, quantity: 1 }]);
    // The issuer's decline (the gateway flow's sandbox fallback would approve a processor's decline).
    const declinedCard = await session.instrument('4000000000009995');
    const declined = await session.pay({ checkoutSessionId, paymentInstrumentId: declinedCard.id, threedsSessionId: (await session.threeds(declinedCard.id)).id });
    expect(declined.body.payment).toMatchObject({ status: 'declined', requireAction: 'error', requireActionData: { type: 'error', message: expect.any(String) } });
    expect(declined.body.order).toBeNull();
    expect(sandbox.records.checkoutSessions.get(checkoutSessionId)).toMatchObject({ status: 'open' });
    const card = await session.instrument();
    const paid = await session.pay({ checkoutSessionId, paymentInstrumentId: card.id });
    expect(paid.body.payment).toMatchObject({ status: 'succeeded' });
    expect(sandbox.records.orders.list().filter((order) => order.checkoutSessionId === checkoutSessionId)).toHaveLength(1);
  });

  it('a web-threeds session (sessionData from BT\'s POST /3ds/sessions) is the external session of the 3DS session', async () => {
    const session = await openBrowserSession(c, sandbox);
    const instrument = await session.instrument('4000000000003220');
    const bt = await c.bt('/3ds/sessions', {
      token_id: instrument.token,
      device: 'browser',
      device_info: { browser_language: 'en-US', browser_user_agent: 'test' },
    });
    expect(bt.status).toBe(201);
    const threeds = await session.threeds(instrument.id, bt.body);
    expect(threeds).toMatchObject({ externalSessionId: bt.body.id, provider: 'basis_theory' });
  });

  it('the secret-key pay-v2 with a threedsSessionId runs 3DS too, and completes the session when the challenge passes', async () => {
    const { id: instrumentId } = await c.instrument(SANDBOX_SHOP_STORE_ID, '4000000000003220');
    const created = await c.api(routes.createCheckoutSession, { body: { storeId: SANDBOX_SHOP_STORE_ID, items: [{ variantId: mug, quantity: 1 }], currency: 'USD', checkoutUrl: 'https://shop.example/checkout' } });
    const threeds = await c.api(routes.createThreeDSSession, { body: { storeId: SANDBOX_SHOP_STORE_ID, paymentInstrumentId: instrumentId, provider: 'basis_theory' } });
    const paid = await c.api(routes.payCheckout, { body: { checkoutSessionId: created.body.id, paymentInstrumentId: instrumentId, threedsSessionId: threeds.body.id } });
    expect(paid.body.payment).toMatchObject({ status: 'pending', requireAction: 'threeds_auth' });
    sandbox.challenges.approve(paid.body.payment.id);
    expect(sandbox.records.checkoutSessions.get(created.body.id)).toMatchObject({ status: 'completed' });
  });
});
