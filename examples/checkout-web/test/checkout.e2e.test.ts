import { approveWalletSheet, cancelWalletSheet, startSandboxServer, type SandboxServer } from '@tessera/sandbox';
import { Tessera } from '@tessera/server';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillCardFields } from '@tessera/tokenizer/testing';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckoutServer, type CheckoutServer } from './checkout-server.js';
import { chromiumLaunchOptions } from './chromium.js';

// End to end in a real Chromium: the built checkout page, served with its config and the checkout handler of
// @tessera/server that its `tessera.pay()` calls (test/checkout-server.ts), against the real sandbox server (vault,
// API, Basis Theory's 3DS emulation and ACS); 3DS runs through the real @basis-theory/web-threeds. Screenshots of each state go to test-artifacts/ in this folder.
const root = fileURLToPath(new URL('..', import.meta.url));
const artifacts = fileURLToPath(new URL('../test-artifacts/', import.meta.url));

let outDir: string;
let sandbox: SandboxServer;
let merchant: CheckoutServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  outDir = mkdtempSync(join(tmpdir(), 'checkout-web-'));
  await build({ root, logLevel: 'silent', build: { outDir, emptyOutDir: true, sourcemap: false } });
  sandbox = await startSandboxServer({ port: 0 });
  // A store on a gateway with the sandbox's test cards, 3DS on and no fallback, so a declined card stays declined.
  const tessera = new Tessera({ apiKey: sandbox.sandbox.apiKey, baseUrl: sandbox.url });
  const processor = await tessera.processors.create({ name: 'Gateway', type: 'simulated', enabled: true, supportedCurrencies: ['USD'], baseCurrency: 'USD', options: {} });
  const flow = (await tessera.paymentFlows.create({
    name: 'Checkout', strategy: 'simple', fallbackMode: false, maxFallbackRetries: 0, threeDsEnabled: true, stickyProcessorEnabled: false,
    pickProcessorStrategy: 'weighted', processorConfigs: [{ processorId: processor.id, weight: 100, disabled: false, nonStickable: false }],
    fallbackProcessorConfigs: [], abuseDetectionConfig: null,
  })).paymentFlow!;
  const store = (await tessera.stores.create({ name: 'Web', baseCurrency: 'USD', presentmentCurrencies: ['USD'], chargeCurrencies: ['USD'], selectedPaymentFlowId: flow.id })).store!;
  merchant = await startCheckoutServer({
    apiKey: sandbox.sandbox.apiKey,
    baseUrl: sandbox.url,
    storeId: store.id,
    staticDir: outDir,
    publicConfig: { environment: 'local', vaultUrl: sandbox.url, vaultKey: sandbox.sandbox.vaultKey, storeId: store.id },
  });
  // A missing browser fails the suite: these tests must run for real.
  browser = await chromium.launch(chromiumLaunchOptions());
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await merchant?.close();
  await sandbox?.close();
  rmSync(outDir, { recursive: true, force: true });
});

async function openCheckout(viewport = { width: 1280, height: 860 }, query = ''): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${merchant.url}/${query}`);
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  return page;
}

/** Types the card into Basis Theory's iframes (the sandbox's emulation), as a customer would, once they are ready. */
async function fillCard(page: Page, cardNumber: string) {
  await page.locator('form[data-fields-ready]').waitFor();
  await page.getByLabel('Email').fill('ada@example.com');
  await fillCardFields(page, { number: cardNumber, expiry: '12/30', cvc: '123', name: 'Ada Lovelace' }, { within: '.card-fields' });
}

/** Types the card and pays; resolves with the page the payment opens in a popup (the bank's, the processor's). */
async function payInPopup(page: Page, cardNumber: string): Promise<Page> {
  await fillCard(page, cardNumber);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^Pay/ }).click();
  return popupOpened;
}

/** The raw-input path (`?card=raw`, SAQ A-EP): the page's own inputs. */
async function fillRawCard(page: Page, cardNumber: string) {
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
}

/** The outcome the page shows (`data-outcome`), once it shows one. */
async function outcome(page: Page) {
  const result = page.locator('[data-outcome]');
  await result.waitFor();
  return result.getAttribute('data-outcome');
}

/** The ACS page's approve button, inside web-threeds' challenge frame inside the modal. */
const approveButton = (page: Page) => page.frameLocator('dialog iframe').frameLocator('iframe').locator('#approve');

/** Approves the 3DS challenge in the modal once the ACS page shows it. */
async function approveChallenge(page: Page) {
  const approve = approveButton(page);
  await approve.waitFor();
  await approve.click();
}

describe('checkout page in Chromium', () => {
  it('pays with a 3DS card: the challenge is approved in the modal and the page shows "succeeded"', async () => {
    const page = await openCheckout();
    await fillCard(page, '4000 0000 0000 3220');
    await page.screenshot({ path: `${artifacts}desktop-1-form.png` });
    await page.getByRole('button', { name: /^Pay/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const approve = approveButton(page);
    await approve.waitFor();
    await page.screenshot({ path: `${artifacts}desktop-2-challenge.png` });
    await approve.click();
    expect(await outcome(page)).toBe('succeeded');
    await expect.poll(() => page.locator('dialog').count()).toBe(0);
    expect(await page.getByRole('status').textContent()).toContain('$19.99 paid');
    await page.screenshot({ path: `${artifacts}desktop-3-succeeded.png` });
    await page.close();
  });

  it('pays with Apple Pay and with Google Pay through the sandbox\'s stand-in sheets, offline', async () => {
    const page = await openCheckout();
    await page.getByLabel('Email').fill('ada@example.com');
    const charges = sandbox.sandbox.countCharges();
    for (const wallet of ['apple_pay', 'google_pay']) {
      // Each wallet's own button (Apple's, Google's createButton), shown once its stand-in says it can pay.
      await page.locator(`[data-tessera-wallet="${wallet}"]`).click();
      await approveWalletSheet(page, 'visa_approved');
      expect(await outcome(page)).toBe('succeeded');
      expect(await page.getByRole('status').textContent()).toContain('$19.99 paid');
      await page.getByRole('button', { name: 'Buy another' }).click();
    }
    expect(sandbox.sandbox.countCharges() - charges).toBe(2);
    await page.close();
  });

  it('pays with a Google Pay card that needs 3DS: the challenge in the modal, "succeeded"; a cancelled sheet charges nothing', async () => {
    const page = await openCheckout();
    await page.getByLabel('Email').fill('ada@example.com');
    const charges = sandbox.sandbox.countCharges();
    await page.locator('[data-tessera-wallet="apple_pay"]').click();
    await cancelWalletSheet(page);
    // Back on the form as it was: no result, no error, nothing charged.
    await page.locator('[data-tessera-wallet="google_pay"]').waitFor();
    expect(await page.locator('[data-outcome]').count()).toBe(0);
    expect(sandbox.sandbox.countCharges() - charges).toBe(0);

    await page.locator('[data-tessera-wallet="google_pay"]').click();
    await approveWalletSheet(page, 'visa_3ds');
    await approveChallenge(page);
    expect(await outcome(page)).toBe('succeeded');
    expect(sandbox.sandbox.countCharges() - charges).toBe(1);
    await page.close();
  });

  it('pays with a redirect card: the bank page opens in a popup, the customer approves, the page shows "succeeded"', async () => {
    const page = await openCheckout();
    const popup = await payInPopup(page, '4000 0000 0000 3063');
    await popup.getByRole('button', { name: 'Approve payment' }).click();
    expect(await outcome(page)).toBe('succeeded');
    await expect.poll(() => popup.isClosed()).toBe(true);
    await page.close();
  });

  it("pays with a processor_auth card: the processor's own page opens in a popup, the customer approves, \"succeeded\"", async () => {
    const page = await openCheckout();
    const popup = await payInPopup(page, '4000 0000 0000 3089');
    // The page is opened with the shop's return URL, carrying the payment and its resume token (the vendor's example).
    const back = new URL(new URL(popup.url()).searchParams.get('returnUrl') ?? '');
    expect(back.pathname).toBe('/payment-return');
    expect(back.searchParams.get('paymentId')).toMatch(/^pay_/);
    expect(back.searchParams.get('resumeToken')).toMatch(/^rt_/);
    await popup.getByRole('button', { name: 'Approve payment' }).click();
    expect(await outcome(page)).toBe('succeeded');
    await page.close();
  });

  for (const [card, provider] of [['4000 0000 0000 4954', 'airwallex'], ['4000 0000 0000 4962', 'stripe']] as const) {
    it(`pays with ${provider === 'airwallex' ? 'an Airwallex' : 'a Stripe'} radar card: the sandbox's stand-in collects the device session, the server saves it, "succeeded"`, async () => {
      const savedBefore = sandbox.sandbox.records.radarSessions.count;
      const page = await openCheckout();
      await fillCard(page, card);
      await page.getByRole('button', { name: /^Pay/ }).click();
      expect(await outcome(page)).toBe('succeeded');
      const saved = sandbox.sandbox.records.radarSessions.list().slice(savedBefore);
      // Saved once, and collected in this page by the provider's (stand-in) script.
      expect(saved).toEqual([expect.objectContaining({ provider, collected: true })]);
      await page.close();
    });
  }

  it('pays with a chain card: the radar check, then the 3DS challenge in the modal, "succeeded"', async () => {
    const page = await openCheckout();
    await fillCard(page, '4000 0000 0000 4970');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await approveChallenge(page);
    expect(await outcome(page)).toBe('succeeded');
    await page.screenshot({ path: `${artifacts}desktop-6-radar-then-3ds.png` });
    await page.close();
  });

  it('shows "declined" for a declined card', async () => {
    const page = await openCheckout();
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pay/ }).click();
    expect(await outcome(page)).toBe('declined');
    await page.screenshot({ path: `${artifacts}desktop-4-declined.png` });
    await page.close();
  });

  it('shows "cancelled" when the customer closes the challenge, on a phone-sized screen', async () => {
    const page = await openCheckout({ width: 390, height: 844 });
    await fillCard(page, '4000 0000 0000 3220');
    await page.screenshot({ path: `${artifacts}phone-1-form.png` });
    await page.getByRole('button', { name: /^Pay/ }).click();
    await approveButton(page).waitFor();
    await page.screenshot({ path: `${artifacts}phone-2-challenge.png` });
    await page.keyboard.press('Escape');
    expect(await outcome(page)).toBe('cancelled');
    await page.screenshot({ path: `${artifacts}phone-3-cancelled.png` });
    await page.close();
  });

  it('pays with a 4242 card typed into the iframes (frictionless): the page never held the card', async () => {
    const page = await openCheckout();
    const cardSeenByPage: string[] = [];
    // Every request the page itself makes (not its frames'): none may carry the number.
    page.on('request', (request) => {
      if (request.frame() === page.mainFrame() && `${request.url()} ${request.postData() ?? ''}`.includes('4242424242424242')) cardSeenByPage.push(request.url());
    });
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay/ }).click();
    expect(await outcome(page)).toBe('succeeded');
    expect(cardSeenByPage).toEqual([]);
    // The page's own script cannot read the frame's document: it is Basis Theory's (here the sandbox's) origin.
    expect(await page.evaluate(() => document.querySelector('iframe')?.contentDocument ?? null)).toBeNull();
    await page.close();
  });

  it('pays through the raw inputs too (?card=raw, the SAQ A-EP path): a 3DS card approved in the modal', async () => {
    const page = await openCheckout(undefined, '?card=raw');
    await fillRawCard(page, '4000 0000 0000 3220');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await approveChallenge(page);
    expect(await outcome(page)).toBe('succeeded');
    await page.close();
  });

  it('shows the field errors from the iframes and sends nothing when the card is invalid', async () => {
    const tokensBefore = sandbox.sandbox.records.vaultTokens.count;
    const page = await openCheckout();
    await page.locator('form[data-fields-ready]').waitFor();
    await fillCardFields(page, { number: '4242 4242 4242 4241', expiry: '01/20', cvc: '' }, { within: '.card-fields' });
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect.poll(async () => (await page.locator('.error').allTextContents()).length).toBeGreaterThanOrEqual(3);
    expect((await page.locator('.error').allTextContents())[0]).toBe('Enter a valid email address');
    expect(sandbox.sandbox.records.vaultTokens.count).toBe(tokensBefore);
    await page.screenshot({ path: `${artifacts}desktop-5-field-errors.png` });
    await page.close();
  });

  it('with a valid email, shows the field errors pay() found in the frames, sends nothing and keeps the form', async () => {
    const tokensBefore = sandbox.sandbox.records.vaultTokens.count;
    const page = await openCheckout();
    await page.locator('form[data-fields-ready]').waitFor();
    await page.getByLabel('Email').fill('ada@example.com');
    await fillCardFields(page, { number: '4242 4242 4242 4241', expiry: '12/30', cvc: '123' }, { within: '.card-fields' });
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect.poll(async () => (await page.locator('.error').allTextContents()).length).toBeGreaterThanOrEqual(1);
    expect(await page.locator('.error').allTextContents()).not.toContain('Enter a valid email address');
    expect(await page.locator('[data-outcome]').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Pay $19.99' }).isEnabled()).toBe(true);
    expect(sandbox.sandbox.records.vaultTokens.count).toBe(tokensBefore);
    await page.close();
  });

  it('shows every raw field error inline and sends nothing when the card is invalid (?card=raw)', async () => {
    const tokensBefore = sandbox.sandbox.records.vaultTokens.count;
    const page = await openCheckout(undefined, '?card=raw');
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByLabel('Expiry (MM/YY)').fill('01/20');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect.poll(() => page.locator('.error').allTextContents()).toEqual(['Enter a valid email address', 'Card number is not valid', 'Card has expired', 'Security code is required']);
    expect(sandbox.sandbox.records.vaultTokens.count).toBe(tokensBefore);
    await page.close();
  });
});
