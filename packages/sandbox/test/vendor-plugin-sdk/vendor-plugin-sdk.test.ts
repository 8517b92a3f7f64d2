import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { routes, SANDBOX_SHOP_STORE_ID } from '@tessera/core/internal';
import { build } from 'esbuild';
import { chromium, type Browser, type Page, type Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../../../vitest.shared.js';
import { startSandboxServer, type SandboxServer } from '../../src/index.js';
import { SANDBOX_ACCOUNT_ID } from '../../src/service/instruments.js';
import { type Answer, client } from '../support.js';

// The service's own browser code against the sandbox: @tagadapay/plugin-sdk@2.3.3, unmodified (its TagadaProvider,
// useCheckout and usePayment, on its axios ApiService, basis-theory-js and web-threeds), bundled into a store page
// (shop-page.tsx) and run in Chromium. The page is served from 127.0.0.1 (a local host, so the provider reads
// /.local.json) and talks to the sandbox directly (the provider's `customApiConfig`); the vendor's fixed Basis Theory
// hosts are mapped to the sandbox in the browser: the API (tokens, 3DS sessions) answered from the sandbox, the
// pages web-threeds frames redirected to the sandbox's (their ACS check needs the sandbox's origin). The provider
// runs as `production`, so usePayment and useThreeds both use the vendor's production public key, which the
// sandbox accepts as its vault key. Nothing leaves 127.0.0.1: any other request is refused and listed.

const BT_API = 'https://api.basistheory.com';
const BT_PAGES = 'https://3ds.basistheory.com';
const WAIT = { timeout: 20_000 };
// The shop pays through the gateway flow, whose `sandbox` fallback approves a processor decline (4000…0002): the
// issuer decline (insufficient funds) is the card every processor declines.
const CARDS = { frictionless: '4242 4242 4242 4242', challenge: '4000 0000 0000 3220', issuerDeclined: '4000 0000 0000 9995' };

let sandbox: SandboxServer;
let api: ReturnType<typeof client>['api'];
let browser: Browser;
let pageScript: string;
let shop: Server;
let shopUrl: string;
/** Origins the pages asked for that are neither the shop, the sandbox nor a mapped vendor host (refused). */
const refused = new Set<string>();

/** The vendor's production Basis Theory public key, as its own config holds it (config/payment.js). */
async function vendorPublicKey(): Promise<string> {
  const config = (await import(new URL('./config/payment.js', import.meta.resolve('@tagadapay/plugin-sdk/react')).href)) as { PAYMENT_CONFIGS: { production: { basisTheory: { publicApiKey: string } } } };
  return config.PAYMENT_CONFIGS.production.basisTheory.publicApiKey;
}

beforeAll(async () => {
  sandbox = await startSandboxServer({ sandboxOptions: { vaultKey: await vendorPublicKey() } });
  api = client(sandbox.url, sandbox.sandbox).api;
  const bundled = await build({
    entryPoints: [fileURLToPath(new URL('./shop-page.tsx', import.meta.url))],
    bundle: true, write: false, format: 'esm', platform: 'browser', target: 'chrome120', jsx: 'automatic', logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  pageScript = bundled.outputFiles[0]!.text;
  shop = createServer((request, response) => {
    const { status, type, body } = shopFile(new URL(request.url ?? '/', shopUrl).pathname);
    response.writeHead(status, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  browser = await chromium.launch(chromiumLaunchOptions);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  shop?.closeAllConnections();
  shop?.close();
  await sandbox?.close();
});

/** The shop's files: its page, its script and the provider's local config (the sandbox shop's store). */
function shopFile(path: string): { status: number; type: string; body: string } {
  if (path === '/') return { status: 200, type: 'text/html', body: '<!doctype html><html lang="en"><title>Shop</title><div id="root"></div><script type="module" src="/shop.js"></script></html>' };
  if (path === '/shop.js') return { status: 200, type: 'text/javascript', body: pageScript };
  if (path === '/.local.json') return { status: 200, type: 'application/json', body: JSON.stringify({ storeId: SANDBOX_SHOP_STORE_ID, accountId: SANDBOX_ACCOUNT_ID }) };
  return { status: 404, type: 'text/plain', body: '' };
}

/** Where each request of the page goes: the shop, the sandbox, the vendor's hosts mapped to the sandbox, or nowhere. */
async function routeRequest(route: Route): Promise<void> {
  const url = new URL(route.request().url());
  if (url.origin === shopUrl || url.origin === new URL(sandbox.url).origin) return route.continue();
  if (url.origin === BT_API) return route.fulfill({ response: await route.fetch({ url: `${sandbox.url}${url.pathname}${url.search}`, timeout: 10_000 }) });
  if (url.origin === BT_PAGES) return route.fulfill({ status: 302, headers: { location: `${sandbox.url}${url.pathname}` } });
  refused.add(url.origin);
  return route.abort('blockedbyclient');
}

/** Opens the shop in a new browser context (a new session, closed with the browser) selling one `variantId`, once its checkout shows a total. */
async function openShop(variantId: string): Promise<Page> {
  const context = await browser.newContext();
  await context.route('**/*', routeRequest);
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT.timeout);
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${shopUrl}/?service=${encodeURIComponent(sandbox.url)}&variant=${encodeURIComponent(variantId)}`);
  await page.locator('[data-total]').waitFor(WAIT);
  return page;
}

/** Types the card and clicks Pay (enabled once the vendor's Basis Theory client is ready). */
async function pay(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByRole('button', { name: 'Pay' }).click(WAIT);
}

/** Answers the 3DS challenge on the sandbox's ACS page, inside web-threeds' frame inside the vendor's modal. */
async function answerChallenge(page: Page, button: 'approve' | 'fail'): Promise<void> {
  await page.locator('#threedscontainer').waitFor(WAIT);
  await page.frameLocator('#threedscontainer-content iframe').frameLocator('#acsChallengeIframe').locator(`#${button}`).click(WAIT);
}

/** The outcome the page shows and the id of the payment the vendor's hook made. */
async function outcome(page: Page): Promise<{ text: string; paymentId: string }> {
  const shown = page.locator('[data-outcome]');
  await shown.waitFor(WAIT);
  return { text: (await shown.textContent()) ?? '', paymentId: (await shown.getAttribute('data-payment-id')) ?? '' };
}

/** Every origin the pages asked for was the shop's, the sandbox's or a mapped one, but the vendor's telemetry (refused). */
const expectOnlyLoopback = (): void => expect([...refused].filter((origin) => origin !== 'https://http-intake.logs.datadoghq.com')).toEqual([]);

/** The body of a 200 answer (any other status fails the test, with the answer). */
function ok({ status, body }: Answer): any {
  expect({ status, body }).toMatchObject({ status: 200 });
  return body;
}

/**
 * What the merchant's server then reads with the secret key, over the published API: the payment, the payment's
 * events and the order they name (the payment pay-v2 makes carries no `orderId`: the order is read through its
 * events). Plain fetch (`../support.ts`), not `@tessera/server`: the sandbox's tests do not import the packages
 * whose tests run against the sandbox.
 */
async function merchantView(paymentId: string) {
  const payment = ok(await api(routes.retrievePayment, { params: { id: paymentId } }));
  const listed = ok(await api(routes.listEvents, { body: { filters: { storeIds: [SANDBOX_SHOP_STORE_ID] }, pagination: { page: 1, pageSize: 100 } } }));
  const events = (listed.events as any[]).filter((event) => event.properties?.paymentId === paymentId);
  const orderId: string | undefined = payment.orderId ?? events.find((event) => event.properties?.orderId)?.properties?.orderId;
  const order = orderId === undefined ? undefined : ok(await api(routes.retrieveOrder, { params: { id: orderId } })).order;
  return { payment, order, eventTypes: events.map((event) => event.eventType as string).sort() };
}

describe('@tagadapay/plugin-sdk@2.3.3, unmodified, against the sandbox in Chromium', () => {
  // The shop's catalog, in order: a mug (1500) and a tote bag (2400) among them.
  const variant = (index: number): string => sandbox.sandbox.defaults.shop.variantIds[index]!;

  it('pays a frictionless card: the price from the catalog, the payment, the order and its events', async () => {
    const page = await openShop(variant(0));
    const total = await page.locator('[data-total]').textContent();
    await pay(page, CARDS.frictionless);
    const { text, paymentId } = await outcome(page);
    expect(text).toBe(`succeeded: ${paymentId}`);
    const { payment, order, eventTypes } = await merchantView(paymentId);
    expect(`${payment.amount} ${payment.currency}`).toBe(total);
    expect(payment.status).toBe('succeeded');
    expect(order?.status).toBe('paid');
    expect(eventTypes).toEqual(['s_order_created', 's_order_paid', 's_payment_succeeded']);
    expect(sandbox.sandbox.countCharges(paymentId)).toBe(1);
    expectOnlyLoopback();
  }, 60_000);

  it('pays a 3DS card: the vendor\'s modal shows the sandbox\'s ACS page, approved there, then the payment succeeds once', async () => {
    const page = await openShop(variant(1));
    const total = await page.locator('[data-total]').textContent();
    await pay(page, CARDS.challenge);
    await answerChallenge(page, 'approve');
    const { text, paymentId } = await outcome(page);
    expect(text).toBe(`succeeded: ${paymentId}`);
    await expect.poll(() => page.locator('#threedscontainer').count(), WAIT).toBe(0);
    const { payment, order, eventTypes } = await merchantView(paymentId);
    expect(`${payment.amount} ${payment.currency}`).toBe(total);
    expect(payment).toMatchObject({ status: 'succeeded', requireAction: 'none', requireActionData: { type: 'threeds_auth', processed: true } });
    expect(order?.status).toBe('paid');
    expect(eventTypes).toEqual(['s_order_created', 's_order_paid', 's_payment_pending', 's_payment_succeeded']);
    expect(sandbox.sandbox.countCharges(paymentId)).toBe(1);
    expectOnlyLoopback();
  }, 60_000);

  it('fails a 3DS card whose challenge fails: the vendor\'s hook reports it, no money taken, no order', async () => {
    const page = await openShop(variant(0));
    await pay(page, CARDS.challenge);
    await answerChallenge(page, 'fail');
    const { text, paymentId } = await outcome(page);
    // The vendor's polling reports a final status other than succeeded by the status itself.
    expect(text).toBe('failed: failed');
    const { payment, order, eventTypes } = await merchantView(paymentId);
    expect(payment).toMatchObject({ status: 'failed', requireAction: 'none', requireActionData: { type: 'threeds_auth', processed: true } });
    expect(order).toBeUndefined();
    expect(eventTypes).toEqual(['s_payment_failed', 's_payment_pending']);
    expect(sandbox.sandbox.countCharges(paymentId)).toBe(0);
    expectOnlyLoopback();
  }, 60_000);

  it('declines an issuer-declined card: the vendor\'s hook reports the decline, no money taken, no order', async () => {
    const page = await openShop(variant(0));
    await pay(page, CARDS.issuerDeclined);
    const { text, paymentId } = await outcome(page);
    expect(text).toBe('failed: Insufficient funds');
    const { payment, order, eventTypes } = await merchantView(paymentId);
    expect(payment).toMatchObject({ status: 'declined', requireAction: 'error', requireActionData: { errorCode: 'insufficient_funds', processed: true } });
    expect(order).toBeUndefined();
    expect(eventTypes).toEqual(['s_payment_declined']);
    expect(sandbox.sandbox.countCharges(paymentId)).toBe(0);
    expectOnlyLoopback();
  }, 60_000);

});
