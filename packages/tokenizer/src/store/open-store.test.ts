import { TesseraAbortError, TesseraValidationError, type Payment } from '@tessera/core';
import { describe, expect, it, vi } from 'vitest';
import { TesseraCheckoutError } from '../client/checkout-error.js';
import type { TesseraClient } from '../client/tessera-client.js';
import { TesseraConfigurationError } from '../errors/errors.js';
import type { ThreeDS } from '../threeds/threeds.js';
import { openStore } from './open-store.js';

// openStore against a fake service (a fetch double keyed by route): the paths, headers and bodies it sends (as
// docs/contracts.md, "The store client", records them), what it refuses before sending, its resends and how the service's refusals reach
// the page. The whole path against the real sandbox runs in store-sandbox.test.ts.
const ORIGIN = 'http://localhost:4010';
const SESSION_TOKEN = 'hdr.payload.sig';

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}
type Answer = () => Response | Promise<Response>;
/** A JSON answer, made anew each time it is sent. */
const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake service: each route (`POST /path`) answers its queued answers in order, the last one again and again. */
function service(routes: Record<string, Answer[]>) {
  const sent: Sent[] = [];
  const fetch = vi.fn((input: string, init?: { method?: string; headers?: Record<string, string>; body?: string }) => {
    const url = new URL(input);
    expect(url.origin).toBe(ORIGIN);
    const method = init?.method ?? 'GET';
    sent.push({ method, path: url.pathname, headers: init?.headers ?? {}, body: init?.body === undefined ? undefined : JSON.parse(init.body) });
    const queue = routes[`${method} ${url.pathname}`];
    if (!queue || queue.length === 0) throw new Error(`no answer for ${method} ${url.pathname}`);
    const next = queue.length > 1 ? queue.shift()! : queue[0]!;
    return next();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent };
}

const payment = (fields: Partial<Payment>): Payment => ({ id: 'pay_1', amount: 3900, currency: 'USD', status: 'succeeded', subStatus: 'approved', requireAction: 'none', ...fields });
const challenged = payment({
  status: 'pending',
  subStatus: undefined,
  requireAction: 'threeds_auth',
  requireActionData: { type: 'threeds_auth', metadata: { threedsSession: { externalSessionId: 'sess_1', acsChallengeUrl: 'https://acs.example/c', acsTransID: 'acs_1', messageVersion: '2.2.0' } } },
});
const checkoutData = {
  checkoutSession: { id: 'cs_1', checkoutToken: 'ct_1', status: 'open', storeId: 'store_shop' },
  summary: {
    currency: 'USD',
    totalAmount: 3900,
    totalAdjustedAmount: 3900,
    totalPromotionAmount: 0,
    items: [
      { id: 'li_1', productId: 'pro_mug', variantId: 'var_shop_mug', priceId: 'price_mug', product: { name: 'Mug' }, variant: { name: 'Default' }, sku: null, unitAmount: 1500, quantity: 1, amount: 1500, adjustedAmount: 1500, currency: 'USD', orderLineItemProduct: { name: 'Mug' } },
      { id: 'li_2', productId: 'pro_tee', variantId: 'var_shop_tee', priceId: 'price_tee', product: { name: 'Tee' }, variant: { name: 'M' }, sku: null, unitAmount: 1200, quantity: 2, amount: 2400, adjustedAmount: 2400, currency: 'USD', orderLineItemProduct: { name: 'Tee' } },
    ],
    adjustments: [],
  },
};
const envelope = (type: string, token: string, authentication = 'optional') => btoa(JSON.stringify({ type, token, provider: 'basistheory', nonSensitiveMetadata: { last4: '4242', brand: 'visa', authentication } }));

/** A page's client: the local environment, and a 3DS helper double recording what it was asked. */
function client() {
  const threeds = {
    createBasisTheorySession: vi.fn(() => Promise.resolve({ id: 'bt_3ds_1', cardBrand: 'visa' })),
    startChallenge: vi.fn(() => Promise.resolve({ success: true, authenticationStatus: 'successful', reason: undefined })),
  };
  const tessera = { environment: 'local', vault: { environment: 'local', vaultUrl: ORIGIN }, threeds: () => threeds as unknown as ThreeDS } satisfies Pick<TesseraClient, 'environment' | 'vault' | 'threeds'>;
  return { tessera, threeds };
}

const baseRoutes = (extra: Record<string, Answer[]> = {}): Record<string, Answer[]> => ({
  'POST /api/v1/cms/session/anonymous': [json(200, { token: SESSION_TOKEN, expiresAt: '2030-01-01T00:00:00.000Z' })],
  'POST /api/v1/checkout/session/init': [json(200, { checkoutUrl: `${ORIGIN}/checkout/ct_1`, checkoutToken: 'ct_1' })],
  'GET /api/v1/checkout-sessions/ct_1/v2': [json(200, checkoutData)],
  'POST /api/v1/payment/create-payment-instrument': [json(200, { id: 'pi_1', token: 'tok_card_1', type: 'card' })],
  'POST /api/public/v1/checkout/pay-v2': [json(200, { payment: payment({}), order: { id: 'ord_1' }, redirectUrl: null })],
  ...extra,
});
const lineItems = [
  { variantId: 'var_shop_mug', quantity: 1 },
  { variantId: 'var_shop_tee', quantity: 2 },
];

describe('openStore', () => {
  it('opens the anonymous session once, lazily, and sends its token on every call', async () => {
    const { fetch, sent } = service(baseRoutes({ 'POST /api/v1/products': [json(200, { items: [] })] }));
    const store = openStore(client().tessera, { storeId: 'store_shop', fetch });
    expect(sent).toHaveLength(0);
    await Promise.all([store.products(), store.products()]);
    await store.startCheckout({ lineItems });
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/v1/cms/session/anonymous',
      'POST /api/v1/products',
      'POST /api/v1/products',
      'POST /api/v1/checkout/session/init',
      'GET /api/v1/checkout-sessions/ct_1/v2',
    ]);
    expect(sent[0]).toMatchObject({ body: { storeId: 'store_shop', role: 'anonymous' } });
    expect(sent[0]!.headers).not.toHaveProperty('x-cms-token');
    for (const request of sent.slice(1)) expect(request.headers['x-cms-token']).toBe(SESSION_TOKEN);
    // No cookie or credential of the page goes to the service's origin.
    expect(vi.mocked(fetch).mock.calls.every(([, init]) => init?.credentials === 'omit')).toBe(true);
  });

  it('lists the catalog with each variant’s price in minor units', async () => {
    const product = {
      id: 'pro_mug',
      name: 'Mug',
      description: 'Stoneware',
      variants: [{ id: 'var_shop_mug', name: 'Default', prices: [{ id: 'price_mug', recurring: false, currencyOptions: { USD: { amount: 1500, currency: 'USD' }, EUR: { amount: 1400 } } }] }],
    };
    const { fetch, sent } = service(baseRoutes({ 'POST /api/v1/products': [json(200, { items: [product] })] }));
    const store = openStore(client().tessera, { storeId: 'store_shop', fetch });
    expect(await store.products()).toEqual([{ id: 'pro_mug', name: 'Mug', description: 'Stoneware', variants: [{ id: 'var_shop_mug', name: 'Default', price: { id: 'price_mug', amount: 1500, currency: 'USD' } }] }]);
    expect(await store.products({ currency: 'EUR' })).toMatchObject([{ variants: [{ price: { amount: 1400, currency: 'EUR' } }] }]);
    expect(sent[1]!.body).toEqual({ storeId: 'store_shop', includeVariants: true, includePrices: true });
  });

  it('starts a checkout from line items only and reads back its amount, currency and lines', async () => {
    const { fetch, sent } = service(baseRoutes());
    const checkout = await openStore(client().tessera, { storeId: 'store_shop', fetch }).startCheckout({ lineItems, currency: 'USD', returnUrl: 'https://shop.example/done' });
    expect(sent[1]!.body).toEqual({ storeId: 'store_shop', lineItems, customer: { currency: 'USD' }, returnUrl: 'https://shop.example/done' });
    expect(checkout).toMatchObject({
      id: 'cs_1',
      checkoutToken: 'ct_1',
      amount: 3900,
      currency: 'USD',
      lines: [
        { variantId: 'var_shop_mug', productId: 'pro_mug', priceId: 'price_mug', name: 'Mug', quantity: 1, unitAmount: 1500, amount: 1500 },
        { variantId: 'var_shop_tee', productId: 'pro_tee', priceId: 'price_tee', name: 'Tee', quantity: 2, unitAmount: 1200, amount: 2400 },
      ],
    });
  });

  it('refuses bad input before any request, naming each field', async () => {
    const { fetch, sent } = service(baseRoutes());
    expect(() => openStore(client().tessera, { storeId: '', fetch })).toThrow(TesseraValidationError);
    expect(() => openStore(client().tessera, { storeId: 's', fetch, serviceUrl: 'http://shop.example' })).toThrow(TesseraConfigurationError);
    const store = openStore(client().tessera, { storeId: 'store_shop', fetch });
    const refused = async (request: unknown) => {
      const error = await store.startCheckout(request as Parameters<typeof store.startCheckout>[0]).catch((thrown: unknown) => thrown);
      expect(TesseraValidationError.isInstance(error)).toBe(true);
      return (error as TesseraValidationError).fields.map(({ field, code }) => `${field}:${code}`);
    };
    expect(await refused({ lineItems: [] })).toEqual(['lineItems:required']);
    expect(await refused({ lineItems: [{ variantId: 7, quantity: 0 }] })).toEqual(['lineItems.0.variantId:invalid', 'lineItems.0.quantity:invalid']);
    expect(await refused({ lineItems: [{ variantId: 'v', quantity: 1.5 }] })).toEqual(['lineItems.0.quantity:invalid']);
    expect(await refused({ lineItems: [{ variantId: 'v', quantity: 1, amount: 1 }], price: 5 })).toEqual(['price:not_allowed', 'lineItems.0.amount:not_allowed']);
    expect(await refused({ lineItems, currency: 'usd', returnUrl: 'javascript:alert(1)' })).toEqual(['currency:invalid', 'returnUrl:invalid']);
    const checkout = await store.startCheckout({ lineItems });
    const before = sent.length;
    await expect(checkout.pay({} as never)).rejects.toMatchObject({ code: 'validation_error', fields: [{ field: 'fields' }] });
    await expect(checkout.pay({ tokenized: { serviceToken: btoa('{"type":"card"}') } })).rejects.toMatchObject({ code: 'validation_error', fields: [{ field: 'tokenized.serviceToken' }] });
    expect(sent).toHaveLength(before);
  });

  it('pays a frictionless card: instrument from the vault token only, pay-v2, the final status; only the two headers the service’s own page sends', async () => {
    const { fetch, sent } = service(baseRoutes());
    const { tessera, threeds } = client();
    const checkout = await openStore(tessera, { storeId: 'store_shop', fetch }).startCheckout({ lineItems });
    const fields = { tokenize: vi.fn(() => Promise.resolve({ serviceToken: envelope('card', 'tok_card_1'), card: { tokenId: 'tok_card_1', type: 'card' as const, card: { bin: '424242', last4: '4242', expirationMonth: 12, expirationYear: 2030 }, brand: 'visa', scaRequired: false } })) };
    const result = await checkout.pay({ fields: fields as never });
    expect(result).toMatchObject({ status: 'succeeded', payment: { id: 'pay_1' } });
    expect(threeds.createBasisTheorySession).not.toHaveBeenCalled();
    const posts = sent.filter((request) => request.method === 'POST');
    expect(sent.slice(3).map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/v1/payment/create-payment-instrument', 'POST /api/public/v1/checkout/pay-v2']);
    expect(sent[3]!.body).toEqual({ paymentInstrumentData: { type: 'card', token: 'tok_card_1' } });
    expect(sent[4]!.body).toEqual({ checkoutSessionId: 'cs_1', paymentInstrumentId: 'pi_1' });
    // content-type and x-cms-token, as plugin-sdk sends them (the only headers known to pass the service's CORS).
    for (const request of posts) expect(Object.keys(request.headers).sort()).toEqual(request.path === '/api/v1/cms/session/anonymous' ? ['accept', 'content-type'] : ['accept', 'content-type', 'x-cms-token']);
    // Nothing of the card but the vault token's id leaves the page.
    expect(JSON.stringify(sent)).not.toMatch(/424242|"last4"|"bin"|expiration/);
    // No redirect is followed: the session token would go along to wherever it points.
    expect(vi.mocked(fetch).mock.calls.every(([, init]) => (init as RequestInit).redirect === 'error')).toBe(true);
  });

  it('runs 3DS when the card requires SCA: web-threeds’ session, the service’s 3DS session, the challenge, continue and the payment read back', async () => {
    const { fetch, sent } = service(
      baseRoutes({
        'POST /api/v1/threeds/create-session': [json(200, { id: 'tds_1', status: 'pending' })],
        'POST /api/public/v1/checkout/pay-v2': [json(200, { payment: challenged, order: { id: 'ord_1' }, redirectUrl: null })],
        'POST /api/public/v1/payments/continue': [json(200, { payment: payment({ status: 'pending', requireAction: 'none', subStatus: undefined }) })],
        'GET /api/v1/payments/pay_1': [json(200, payment({}))],
      }),
    );
    const { tessera, threeds } = client();
    const checkout = await openStore(tessera, { storeId: 'store_shop', fetch }).startCheckout({ lineItems });
    const result = await checkout.pay({ tokenized: { serviceToken: envelope('card', 'tok_card_3ds', 'sca_required') }, polling: { intervalMs: 1 } });
    expect(result).toMatchObject({ status: 'succeeded', challenge: { success: true } });
    expect(threeds.createBasisTheorySession).toHaveBeenCalledWith('tok_card_3ds');
    expect(threeds.startChallenge).toHaveBeenCalledWith(expect.objectContaining({ sessionId: 'sess_1', acsChallengeUrl: 'https://acs.example/c' }), expect.anything());
    const at = (path: string) => sent.find((request) => request.path === path)!;
    expect(at('/api/v1/threeds/create-session').body).toEqual({ provider: 'basis_theory', paymentInstrumentId: 'pi_1', sessionData: { id: 'bt_3ds_1', cardBrand: 'visa', sessionId: 'bt_3ds_1' } });
    expect(at('/api/public/v1/checkout/pay-v2').body).toEqual({ checkoutSessionId: 'cs_1', paymentInstrumentId: 'pi_1', threedsSessionId: 'tds_1' });
    expect(at('/api/public/v1/payments/continue').body).toEqual({ paymentId: 'pay_1' });
    expect(at('/api/v1/payments/pay_1')).toMatchObject({ method: 'GET', headers: { 'x-cms-token': SESSION_TOKEN } });
  });

  it('pays with a wallet’s service token: its type, no 3DS', async () => {
    const { fetch, sent } = service(baseRoutes());
    const { tessera, threeds } = client();
    const checkout = await openStore(tessera, { storeId: 'store_shop', fetch }).startCheckout({ lineItems });
    await checkout.pay({ tokenized: { serviceToken: envelope('apple_pay', 'tok_apple_1', 'sca_required') } });
    expect(sent.find((request) => request.path === '/api/v1/payment/create-payment-instrument')!.body).toEqual({ paymentInstrumentData: { type: 'apple_pay', token: 'tok_apple_1' } });
    expect(threeds.createBasisTheorySession).not.toHaveBeenCalled();
  });

  it('sends pay-v2 once: no answer or a 5xx says the payment may have gone through, never a second pay-v2; other calls are sent again; a double click gets the first promise', async () => {
    for (const failure of [() => Promise.reject(new TypeError('Failed to fetch')), json(503, { error: { code: 'unavailable', message: 'busy' } })]) {
      const { fetch, sent } = service(
        baseRoutes({
          'POST /api/v1/payment/create-payment-instrument': [() => Promise.reject(new TypeError('Failed to fetch')), json(200, { id: 'pi_1', token: 'tok_card_1' })],
          'POST /api/public/v1/checkout/pay-v2': [failure, json(200, { payment: payment({}) })],
        }),
      );
      const checkout = await openStore(client().tessera, { storeId: 'store_shop', fetch }).startCheckout({ lineItems });
      const tokenized = { serviceToken: envelope('card', 'tok_card_1') };
      const first = checkout.pay({ tokenized });
      expect(checkout.pay({ tokenized })).toBe(first);
      const error = await first.catch((thrown: unknown) => thrown);
      expect(TesseraCheckoutError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ message: expect.stringContaining('The payment may have gone through') });
      expect(sent.filter((request) => request.path === '/api/public/v1/checkout/pay-v2')).toHaveLength(1);
      // Creating an instrument again charges nothing: it is sent again after no answer.
      expect(sent.filter((request) => request.path === '/api/v1/payment/create-payment-instrument')).toHaveLength(2);
    }
  });

  it('refuses a returnUrl for pay-v2 that is not an https URL of the page before anything is sent', async () => {
    const { fetch, sent } = service(baseRoutes());
    const checkout = await openStore(client().tessera, { storeId: 'store_shop', fetch }).startCheckout({ lineItems });
    const before = sent.length;
    const tokenized = { serviceToken: envelope('card', 'tok_card_1') };
    for (const returnUrl of ['javascript:alert(1)', 'data:text/html,hi', 'http://shop.example/return', '/checkout/return']) {
      await expect(checkout.pay({ tokenized, returnUrl })).rejects.toMatchObject({ name: 'TesseraValidationError', fields: [{ field: 'returnUrl' }] });
    }
    expect(sent).toHaveLength(before);
  });

  it('turns the service’s refusals into TesseraCheckoutError with its fields and what to do next', async () => {
    const unknownStore = service({ 'POST /api/v1/cms/session/anonymous': [json(404, { error: { code: 'not_found', message: 'No such store' } })] });
    await expect(openStore(client().tessera, { storeId: 'store_nope', fetch: unknownStore.fetch }).products()).rejects.toMatchObject({ code: 'checkout_error', reason: 'unknown_store', status: 404, message: expect.stringContaining('check the storeId') });

    const notInCatalog = { error: { code: 'validation_error', message: 'Invalid input', fields: [{ field: 'lineItems.0.variantId', code: 'not_in_catalog', message: 'is not in this store’s catalog' }] } };
    const { fetch } = service(baseRoutes({ 'POST /api/v1/checkout/session/init': [json(400, notInCatalog)] }));
    const error = await openStore(client().tessera, { storeId: 'store_shop', fetch }).startCheckout({ lineItems }).catch((thrown: unknown) => thrown);
    expect(TesseraCheckoutError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'invalid_request', status: 400, fields: [{ field: 'lineItems.0.variantId', code: 'not_in_catalog' }] });

    const paid = service(baseRoutes({ 'POST /api/public/v1/checkout/pay-v2': [json(409, { error: { code: 'invalid_state', message: 'This checkout is paid' } })] }));
    const checkout = await openStore(client().tessera, { storeId: 'store_shop', fetch: paid.fetch }).startCheckout({ lineItems });
    await expect(checkout.pay({ tokenized: { serviceToken: envelope('card', 'tok_card_1') } })).rejects.toMatchObject({ reason: 'payment_refused', status: 409 });
  });

  it('refuses an answer it cannot read as integers in minor units, and never repeats a message that could hold a card number', async () => {
    const halfCent = { ...checkoutData, summary: { ...checkoutData.summary, totalAdjustedAmount: 39.5 } };
    const { fetch } = service(baseRoutes({ 'GET /api/v1/checkout-sessions/ct_1/v2': [json(200, halfCent)], 'POST /api/v1/products': [json(200, { products: 'none' })] }));
    const store = openStore(client().tessera, { storeId: 'store_shop', fetch });
    await expect(store.startCheckout({ lineItems })).rejects.toMatchObject({ code: 'checkout_error', reason: 'invalid_answer' });
    await expect(store.products()).rejects.toMatchObject({ reason: 'invalid_answer' });

    const echoing = service(baseRoutes({ 'POST /api/v1/payment/create-payment-instrument': [json(400, { error: { code: 'validation_error', message: 'Card 4242424242424242 refused' } })] }));
    const checkout = await openStore(client().tessera, { storeId: 'store_shop', fetch: echoing.fetch }).startCheckout({ lineItems });
    const error = await checkout.pay({ tokenized: { serviceToken: envelope('card', 'tok_card_1') } }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ reason: 'invalid_request', status: 400 });
    expect((error as Error).message).not.toMatch(/4242424242424242/);
  });

  it('opens a new session after the service refused the token (401)', async () => {
    const { fetch, sent } = service(
      baseRoutes({
        'POST /api/v1/cms/session/anonymous': [json(200, { token: 'old.token.sig' }), json(200, { token: SESSION_TOKEN })],
        'POST /api/v1/products': [json(401, { error: { code: 'unauthorized', message: 'Session token refused' } }), json(200, [])],
      }),
    );
    const store = openStore(client().tessera, { storeId: 'store_shop', fetch });
    await expect(store.products()).rejects.toMatchObject({ reason: 'session_refused', status: 401 });
    expect(await store.products()).toEqual([]);
    expect(sent.filter((request) => request.path === '/api/v1/cms/session/anonymous')).toHaveLength(2);
    expect(sent.at(-1)!.headers['x-cms-token']).toBe(SESSION_TOKEN);
  });

  it('rejects with a TesseraAbortError when the signal aborts, and sends nothing more', async () => {
    const controller = new AbortController();
    const { fetch, sent } = service(
      baseRoutes({
        'POST /api/public/v1/checkout/pay-v2': [() => new Promise<Response>((_, reject) => controller.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))],
      }),
    );
    const checkout = await openStore(client().tessera, { storeId: 'store_shop', fetch }).startCheckout({ lineItems });
    const paying = checkout.pay({ tokenized: { serviceToken: envelope('card', 'tok_card_1') }, signal: controller.signal }).catch((thrown: unknown) => thrown);
    await vi.waitFor(() => expect(sent.some((request) => request.path === '/api/public/v1/checkout/pay-v2')).toBe(true));
    const count = sent.length;
    controller.abort();
    expect(TesseraAbortError.isInstance(await paying)).toBe(true);
    expect(sent).toHaveLength(count);
  });

  it('talks to the vendor’s origin in production and development, and to serviceUrl when given', async () => {
    for (const [environment, origin] of [['production', 'https://app.tagadapay.com'], ['development', 'https://app.tagadapay.dev']] as const) {
      const fetch = vi.fn((_url: string) => Promise.resolve(json(404, { error: { code: 'not_found', message: 'No such store' } })()));
      const tessera = { ...client().tessera, environment, vault: { environment, vaultUrl: 'https://api.basistheory.com' } };
      await openStore(tessera, { storeId: 'store_shop', fetch: fetch as unknown as typeof globalThis.fetch }).products().catch(() => undefined);
      expect(fetch.mock.calls[0]?.[0]).toBe(`${origin}/api/v1/cms/session/anonymous`);
    }
    const fetch = vi.fn((_url: string) => Promise.resolve(json(404, {})()));
    await openStore(client().tessera, { storeId: 'store_shop', serviceUrl: 'https://store-api.example/', fetch: fetch as unknown as typeof globalThis.fetch }).products().catch(() => undefined);
    expect(fetch.mock.calls[0]?.[0]).toBe('https://store-api.example/api/v1/cms/session/anonymous');
  });
});
