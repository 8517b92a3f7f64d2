import { startSandboxServer, type SandboxServer } from '@tessera/sandbox';
import { signWebhookPayload, Tessera, WEBHOOK_SIGNATURE_HEADER } from '@tessera/server';
import { fillCardFields } from '@tessera/tokenizer/testing';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from './chromium.js';
import { appRoot, buildApp, freePort, startApp, type NextApp } from './next-app.js';

// End to end, as deployed: `next build`, `next start` on 127.0.0.1, the real sandbox server (API, vault, its
// emulation of Basis Theory's elements CDN and 3DS, its ACS), the real @basis-theory/web-elements and web-threeds, in
// Chromium. The card is typed into the card fields' iframes (fillCardFields of @tessera/tokenizer/testing). Screenshots go to
// test-artifacts/ in this folder.
const artifacts = fileURLToPath(new URL('../test-artifacts/', import.meta.url));

let sandbox: SandboxServer;
let app: NextApp;
let browser: Browser;
let webhookSecret: string;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  const built = Date.now();
  await buildApp();
  console.log(`next build: ${((Date.now() - built) / 1000).toFixed(1)} s`);
  sandbox = await startSandboxServer({ port: 0, sandboxOptions: { webhooks: { retryDelayMs: 1 } } });
  // The sandbox's gateway store: a processor with the 3DS test cards.
  const storeId = sandbox.sandbox.defaults.gateway.storeId;
  const port = await freePort();
  // The app's webhook endpoint, registered with the sandbox before the app starts with its secret.
  const tessera = new Tessera({ apiKey: sandbox.sandbox.apiKey, baseUrl: sandbox.url });
  const endpoint = await tessera.webhooks.createEndpoint({ storeId, url: `http://127.0.0.1:${port}/api/webhooks`, eventTypes: ['payment/succeeded'] });
  webhookSecret = endpoint.secret;
  app = await startApp(port, {
    TESSERA_API_KEY: sandbox.sandbox.apiKey,
    TESSERA_BASE_URL: sandbox.url,
    TESSERA_STORE_ID: storeId,
    TESSERA_ENVIRONMENT: 'local',
    TESSERA_VAULT_URL: sandbox.url,
    TESSERA_WEBHOOK_SECRET: webhookSecret,
    SHOP_ORIGIN: `http://127.0.0.1:${port}`,
  });
  // A missing browser fails the suite: these tests must run for real.
  browser = await chromium.launch(chromiumLaunchOptions());
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await sandbox?.close();
});

/** What the browser reported as errors on the app's pages (a hydration mismatch, a failed script): none is expected. */
const consoleErrors: string[] = [];

async function openCheckout(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.on('pageerror', (error) => {
    throw error;
  });
  page.on('console', (message) => {
    // The app's own pages only (the sandbox's bank page has no favicon).
    const { url } = message.location();
    if (message.type() === 'error' && !url.startsWith(sandbox.url)) consoleErrors.push(`${message.text()} (${url})`);
  });
  await page.goto(app.url);
  await page.getByRole('button', { name: 'Pay $19.99' }).waitFor();
  return page;
}

const year = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');

async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel('Email').fill('ada@example.com');
  await fillCardFields(page, { number: cardNumber, expiry: `12/${year}`, cvc: '123', name: 'Ada Lovelace' }, { within: 'form' });
}

describe('the Next.js checkout in Chromium (next build + next start)', () => {
  it('pays with a 3DS card: approved in the challenge modal, the page shows "succeeded", the webhook arrives', async () => {
    // Only this test's delivery and log line count (the other tests pay in the same sandbox and app).
    await sandbox.sandbox.webhooksIdle();
    const deliveredBefore = sandbox.sandbox.records.webhookDeliveries.count;
    const outputBefore = app.output().length;
    const page = await openCheckout();
    await fillCard(page, '4000 0000 0000 3220');
    await page.getByRole('button', { name: 'Pay $19.99' }).click();
    await page.getByRole('dialog').waitFor();
    const approve = page.frameLocator('dialog iframe').frameLocator('iframe').locator('#approve');
    await approve.waitFor();
    await page.screenshot({ path: join(artifacts, '1-challenge.png') });
    await approve.click();
    const result = page.locator('[data-outcome]');
    await result.waitFor();
    expect(await result.getAttribute('data-outcome')).toBe('succeeded');
    expect(await page.getByRole('status').textContent()).toContain('$19.99 paid');
    await expect.poll(() => page.locator('dialog').count()).toBe(0);
    await page.screenshot({ path: join(artifacts, '2-succeeded.png') });
    await page.close();

    // The sandbox signs its delivery; the app's Node route verified it (204 would be a refusal's opposite: 200 here).
    await sandbox.sandbox.webhooksIdle();
    const deliveries = sandbox.sandbox.records.webhookDeliveries.list().slice(deliveredBefore);
    expect(deliveries.map((delivery) => [delivery.status, delivery.lastStatus])).toEqual([['delivered', 200]]);
    expect(app.output().slice(outputBefore)).toMatch(/webhook payment\/succeeded \S+ \(nodejs\)/);
  });

  it('pays with a redirect card: the bank page, then the app’s /payment-return shows "succeeded"', async () => {
    const page = await openCheckout();
    await fillCard(page, '4000 0000 0000 3063');
    await page.getByRole('button', { name: 'Pay $19.99' }).click();
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.waitForURL(`${app.url}/payment-return?**`);
    const result = page.locator('[data-outcome]');
    expect(await result.getAttribute('data-outcome')).toBe('succeeded');
    await page.screenshot({ path: join(artifacts, '3-returned.png') });
    await page.close();
  });

  it('pays with a radar card: the sandbox stand-in collects the device session, the handler saves it, "succeeded"', async () => {
    const savedBefore = sandbox.sandbox.records.radarSessions.count;
    const page = await openCheckout();
    await fillCard(page, '4000 0000 0000 4954');
    await page.getByRole('button', { name: 'Pay $19.99' }).click();
    const result = page.locator('[data-outcome]');
    await result.waitFor();
    expect(await result.getAttribute('data-outcome')).toBe('succeeded');
    expect(sandbox.sandbox.records.radarSessions.list().slice(savedBefore)).toEqual([expect.objectContaining({ provider: 'airwallex', collected: true })]);
    await page.close();
  });

  it('names the missing card details and sends nothing when the card fields are left empty', async () => {
    const tokensBefore = sandbox.sandbox.records.vaultTokens.count;
    const paymentsBefore = sandbox.sandbox.records.payments.count;
    const page = await openCheckout();
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Pay $19.99' }).click();
    const alert = page.locator('form p.error');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/card number/i);
    expect(sandbox.sandbox.records.vaultTokens.count).toBe(tokensBefore);
    expect(sandbox.sandbox.records.payments.count).toBe(paymentsBefore);
    await page.close();
    expect(consoleErrors).toEqual([]);
  });

  it('runs the edge webhook route in Next’s edge runtime: a signed delivery accepted, a tampered one refused', async () => {
    // next build put the route in the edge bundle (its functions manifest) …
    const manifest = JSON.parse(readFileSync(join(appRoot, '.next/server/middleware-manifest.json'), 'utf8')) as { functions: Record<string, unknown> };
    expect(Object.keys(manifest.functions)).toEqual(['/api/webhooks/edge/route']);
    // … and next start runs it there (the handler reports the runtime it finds itself in).
    const body = JSON.stringify({ id: 'evt_edge', type: 'order/paid', data: { id: 'order_1' } });
    const post = async (path: string, payload: string, signature: string) => {
      const response = await fetch(`${app.url}${path}`, { method: 'POST', body: payload, headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature } });
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    };
    const signature = await signWebhookPayload(body, webhookSecret);
    expect(await post('/api/webhooks/edge', body, signature)).toEqual({ status: 200, body: { received: true, id: 'evt_edge', type: 'order/paid', runtime: 'edge' } });
    expect(await post('/api/webhooks/edge', body.replace('order_1', 'order_2'), signature)).toMatchObject({ status: 400, body: { error: { code: 'invalid_signature' } } });
    expect(await post('/api/webhooks', body, signature)).toMatchObject({ status: 200, body: { runtime: 'nodejs' } });
    expect(await post('/api/webhooks', body.replace('order_1', 'order_2'), signature)).toMatchObject({ status: 400, body: { error: { code: 'invalid_signature' } } });
  });
});
