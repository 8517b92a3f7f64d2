import { startSandboxServer, type SandboxServer } from '@tessera/sandbox';
import { Tessera } from '@tessera/server';
import { fillCardFields } from '@tessera/tokenizer/testing';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from './chromium.js';

// End to end in a real Chromium: the built store page, served as static files (no server of the merchant), against
// the real sandbox server: its shop's catalog, the browser session API, the vault, Basis Theory's 3DS emulation and
// ACS (through the real @basis-theory/web-threeds), the radar stand-ins. What the page paid is then read with the
// secret key, as the merchant would. Screenshots go to test-artifacts/ in this folder.
const root = fileURLToPath(new URL('..', import.meta.url));
const artifacts = fileURLToPath(new URL('../test-artifacts/', import.meta.url));

let outDir: string;
let sandbox: SandboxServer;
let site: PreviewServer;
let browser: Browser;
let tessera: Tessera;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  outDir = mkdtempSync(join(tmpdir(), 'store-checkout-'));
  sandbox = await startSandboxServer({ port: 0 });
  tessera = new Tessera({ apiKey: sandbox.sandbox.apiKey, baseUrl: sandbox.url });
  // The page's only configuration: the sandbox (a build defaults to production) and where it is (the shop is its
  // default store).
  process.env.VITE_TESSERA_ENVIRONMENT = 'local';
  process.env.VITE_SANDBOX_URL = sandbox.url;
  await build({ root, logLevel: 'silent', build: { outDir, emptyOutDir: true, sourcemap: false } });
  site = await preview({ root, logLevel: 'silent', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  // A missing browser fails the suite: these tests must run for real.
  browser = await chromium.launch(chromiumLaunchOptions());
}, 120_000);

afterAll(async () => {
  delete process.env.VITE_SANDBOX_URL;
  delete process.env.VITE_TESSERA_ENVIRONMENT;
  await browser?.close();
  await site?.close();
  await sandbox?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** Opens the store, puts `quantities` of the first products in the cart and checks out; resolves on the payment form. */
async function checkOut(quantities: number[]): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(site.resolvedUrls!.local[0]!);
  const inputs = page.getByRole('spinbutton');
  await inputs.first().waitFor();
  for (const [index, quantity] of quantities.entries()) await inputs.nth(index).fill(String(quantity));
  await page.getByRole('button', { name: 'Check out' }).click();
  await page.getByRole('heading', { name: 'Your order' }).waitFor();
  return page;
}

/** Types the card into the fields and pays; resolves with the status line once the payment has an outcome. */
async function pay(page: Page, number: string, then?: (page: Page) => Promise<void>): Promise<string> {
  await fillCardFields(page, { number, expiry: '12/34', cvc: '123', name: 'Ada Lovelace' }, { within: '#pay' });
  await page.getByRole('button', { name: 'Pay' }).click();
  await then?.(page);
  // An outcome: a line of text that is not the one shown while paying (nor the empty one before the click).
  await expect.poll(() => page.getByRole('status').textContent(), { timeout: 30_000 }).toMatch(/^(?!Paying…$)[A-Z]/);
  return (await page.getByRole('status').textContent()) ?? '';
}

/** The shop's payments, newest first, read with the secret key. */
async function shopPayments() {
  return (await tessera.payments.list({ filters: { storeIds: [sandbox.sandbox.defaults.shop.storeId] } })).data;
}

describe('the store page, paid from the browser alone', () => {
  it('lists the catalog with its prices, prices the cart on the service and pays a frictionless card: payment and order for the merchant', async () => {
    const page = await checkOut([2, 1]);
    const total = (await page.locator('#total').textContent()) ?? '';
    // What the service charges: the catalog's prices (the shop's mug $15.00, tote bag $24.00), never the page's.
    expect(total).toBe('$54.00');
    await page.screenshot({ path: `${artifacts}1-order.png` });
    expect(await pay(page, '4242 4242 4242 4242')).toBe(`Paid ${total}. Thank you!`);
    await page.screenshot({ path: `${artifacts}2-paid.png` });
    const [payment] = await shopPayments();
    expect(payment).toMatchObject({ status: 'succeeded', amount: 5400, currency: 'USD' });
    const orders = (await tessera.orders.list({ storeId: sandbox.sandbox.defaults.shop.storeId })).data;
    expect(orders.find((order) => order.paymentId === payment!.id)).toMatchObject({ amount: 5400, currency: 'USD' });
    await page.close();
  });

  it('pays a 3DS card: the challenge in the modal, approved at the bank', async () => {
    const page = await checkOut([1]);
    const status = await pay(page, '4000 0000 0000 3220', async (current) => {
      const approve = current.frameLocator('dialog iframe').frameLocator('iframe').locator('#approve');
      await approve.waitFor();
      await current.screenshot({ path: `${artifacts}3-challenge.png` });
      await approve.click();
    });
    expect(status).toMatch(/^Paid \$/);
    expect((await shopPayments())[0]).toMatchObject({ status: 'succeeded' });
    await page.close();
  });

  it("pays a card the service checks with Airwallex's device fingerprint (radar), with no step for the customer", async () => {
    const page = await checkOut([1]);
    expect(await pay(page, '4000 0000 0000 4954')).toMatch(/^Paid \$/);
    expect(sandbox.sandbox.records.radarSessions.count).toBeGreaterThan(0);
    await page.close();
  });

  it('says a declined card is not paid, and charges nothing', async () => {
    const page = await checkOut([1]);
    expect(await pay(page, '4000 0000 0000 9995')).toMatch(/^Not paid \(declined\)/);
    expect((await shopPayments())[0]).toMatchObject({ status: 'declined' });
    await page.close();
  });
});
