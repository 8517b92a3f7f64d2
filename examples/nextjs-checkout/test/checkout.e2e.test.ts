import { approveWalletSheet, cancelWalletSheet, startSandboxServer, type SandboxServer } from '@tessera/sandbox';
import { signWebhookPayload, Tessera, WEBHOOK_SIGNATURE_HEADER } from '@tessera/server';
import { fillCardFields } from '@tessera/tokenizer/testing';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, focused, scrollsSideways, tabTo } from './a11y.js';
import { chromiumLaunchOptions } from './chromium.js';
import { appRoot, buildApp, freePort, startApp, type NextApp } from './next-app.js';

// End to end, as deployed: `next build`, `next start` on 127.0.0.1, the real sandbox server (API, vault, its
// emulation of Basis Theory's elements CDN and 3DS, its ACS), the real @basis-theory/web-elements and web-threeds, in
// Chromium. The card is typed into the card fields' iframes (fillCardFields of @tessera/tokenizer/testing); Apple Pay
// and Google Pay are the sandbox's stand-in sheets (approveWalletSheet of @tessera/sandbox). Each state a customer sees
// is checked with axe-core (WCAG 2.2 A and AA). Screenshots go to test-artifacts/ in this folder.
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

async function openCheckout(viewport = { width: 1280, height: 860 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.on('pageerror', (error) => {
    throw error;
  });
  page.on('console', (message) => {
    // The app's own pages only (the sandbox's bank page has no favicon).
    const { url } = message.location();
    if (message.type() === 'error' && !url.startsWith(sandbox.url)) consoleErrors.push(`${message.text()} (${url})`);
  });
  await page.goto(app.url);
  // Named so once the card fields are ready (before: "Loading the card fields…", disabled).
  await page.getByRole('button', { name: 'Pay $19.99' }).waitFor();
  return page;
}

/** Where the page's payment ended (the result's `data-outcome`), once it shows. */
async function outcome(page: Page): Promise<string | null> {
  const result = page.locator('[data-outcome]');
  await result.waitFor();
  return result.getAttribute('data-outcome');
}

/** The Approve button of the sandbox issuer's challenge, in the 3DS modal's frame. */
const approveButton = (page: Page) => page.frameLocator('dialog iframe').frameLocator('iframe').locator('#approve');

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
    const approve = approveButton(page);
    await approve.waitFor();
    await page.screenshot({ path: join(artifacts, '1-challenge.png') });
    // The payment in progress: announced (a status line, the form marked busy), and the modal has no axe finding.
    expect(await page.locator('form').getAttribute('aria-busy')).toBe('true');
    expect(await page.locator('form [role="status"]').textContent()).toBe('Paying, please wait…');
    expect(await axeFindings(page), 'the payment in progress, the 3DS modal open').toEqual([]);
    await approve.click();
    expect(await outcome(page)).toBe('succeeded');
    expect(await page.getByRole('status').textContent()).toContain('$19.99 paid');
    await expect.poll(() => page.locator('dialog').count()).toBe(0);
    // Focus moved to the result, which has no axe finding either.
    expect(await focused(page)).toBe('Payment succeeded');
    expect(await axeFindings(page), 'the result').toEqual([]);
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
    expect(await outcome(page)).toBe('succeeded');
    expect(await page.getByRole('status').textContent()).toContain('$19.99 paid');
    expect(await axeFindings(page), 'the return page').toEqual([]);
    await page.screenshot({ path: join(artifacts, '3-returned.png') });
    await page.close();
  });

  it('pays with a radar card: the sandbox stand-in collects the device session, the handler saves it, "succeeded"', async () => {
    const savedBefore = sandbox.sandbox.records.radarSessions.count;
    const page = await openCheckout();
    await fillCard(page, '4000 0000 0000 4954');
    await page.getByRole('button', { name: 'Pay $19.99' }).click();
    expect(await outcome(page)).toBe('succeeded');
    expect(sandbox.sandbox.records.radarSessions.list().slice(savedBefore)).toEqual([expect.objectContaining({ provider: 'airwallex', collected: true })]);
    await page.close();
  });

  it('at 320 px: the empty form has no axe finding; the missing card details are named, tied to the card and announced, and nothing is sent; a decline fits too', async () => {
    const tokensBefore = sandbox.sandbox.records.vaultTokens.count;
    const paymentsBefore = sandbox.sandbox.records.payments.count;
    const page = await openCheckout({ width: 320, height: 640 });
    await page.locator('[data-tessera-wallet="google_pay"]').waitFor();
    expect(await axeFindings(page), 'the empty form').toEqual([]);
    expect(await scrollsSideways(page), 'the empty form').toBe(false);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Pay $19.99' }).click();
    // The card fields' own error, beside the card field, announced (an alert), and once: the page's error line stays
    // empty. (Next's route announcer is another alert, outside the form.)
    const fieldError = page.locator('[data-tessera-field="card"] ~ [role="alert"], [data-tessera-field="card"] [role="alert"]');
    await expect.poll(() => fieldError.first().textContent()).toMatch(/card number is required/i);
    expect(await page.locator('form').getByText(/card number is required/i).count()).toBe(1);
    expect(await page.locator('#pay-error').textContent()).toBe('');
    expect(await page.getByRole('group', { name: 'Card' }).getAttribute('aria-describedby')).toBe('pay-error');
    expect(await axeFindings(page), 'the error shown').toEqual([]);
    expect(sandbox.sandbox.records.vaultTokens.count).toBe(tokensBefore);
    expect(sandbox.sandbox.records.payments.count).toBe(paymentsBefore);

    await fillCard(page, '4000 0000 0000 9995');
    await page.getByRole('button', { name: 'Pay $19.99' }).click();
    expect(await outcome(page)).toBe('declined');
    expect(await scrollsSideways(page), 'the result').toBe(false);
    expect(await axeFindings(page), 'a decline').toEqual([]);
    await page.close();
    expect(consoleErrors).toEqual([]);
  });

  it('at 200% zoom (1280 × 860 shown at 640 × 430 CSS px): no sideways scroll on the form, its error and a result', async () => {
    const page = await openCheckout({ width: 640, height: 430 });
    await page.locator('[data-tessera-wallet="google_pay"]').waitFor();
    expect(await scrollsSideways(page), 'the empty form').toBe(false);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Pay $19.99' }).click();
    await expect.poll(() => page.locator('form').getByText(/card number is required/i).count()).toBe(1);
    expect(await scrollsSideways(page), 'the error shown').toBe(false);
    await fillCard(page, '4000 0000 0000 9995');
    await page.getByRole('button', { name: 'Pay $19.99' }).click();
    expect(await outcome(page)).toBe('declined');
    expect(await scrollsSideways(page), 'the result').toBe(false);
    await page.close();
  });

  it('pays with Apple Pay and with Google Pay through the sandbox\'s stand-in sheets; a closed sheet is no error and charges nothing', async () => {
    const page = await openCheckout();
    const charges = sandbox.sandbox.countCharges();
    await page.locator('[data-tessera-wallet="apple_pay"]').click();
    await cancelWalletSheet(page);
    await page.locator('[data-tessera-wallet="google_pay"]').waitFor();
    expect(await page.locator('[data-outcome]').count()).toBe(0);
    expect(await page.locator('#pay-error').textContent()).toBe('');
    for (const wallet of ['apple_pay', 'google_pay']) {
      // Each wallet's own button, shown once its stand-in says it can pay; the sheet gives the email.
      await page.locator(`[data-tessera-wallet="${wallet}"]`).click();
      await approveWalletSheet(page, 'visa_approved');
      expect(await outcome(page), wallet).toBe('succeeded');
      expect(await page.getByRole('status').textContent()).toContain('$19.99 paid');
      await page.getByRole('button', { name: 'Pay again' }).click();
    }
    expect(sandbox.sandbox.countCharges() - charges).toBe(2);
    await page.close();
  });

  it('pays by keyboard alone (Tab, typing, Enter, Space): the card, the 3DS challenge in the modal, focus on the result', async () => {
    const charges = sandbox.sandbox.countCharges();
    const page = await openCheckout();
    await tabTo(page, 'Email', { most: 6 });
    await page.keyboard.type('ada@example.com');
    await tabTo(page, /card number/i, { most: 1 });
    await page.keyboard.type('4000000000003220');
    await tabTo(page, /expir/i, { most: 1 });
    await page.keyboard.type(`12${year}`);
    await tabTo(page, /security|cvc/i, { most: 1 });
    await page.keyboard.type('123');
    await tabTo(page, 'Name on card', { most: 1 });
    await page.keyboard.type('Ada Lovelace');
    await tabTo(page, 'Pay $19.99', { most: 1 });
    await page.keyboard.press('Enter');

    await page.getByRole('dialog').waitFor();
    await approveButton(page).waitFor();
    await tabTo(page, 'Approve', { most: 4 });
    await page.keyboard.press('Space');
    expect(await outcome(page)).toBe('succeeded');
    expect(await focused(page)).toBe('Payment succeeded');
    expect(sandbox.sandbox.countCharges() - charges).toBe(1);
    // The next Tab reaches the result's button; Enter on it shows the form again, the focus back on Pay.
    await tabTo(page, 'Pay again', { most: 1 });
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Pay $19.99' }).waitFor();
    await expect.poll(() => focused(page)).toBe('Pay $19.99');
    await page.close();
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
