import { approveWalletSheet, cancelWalletSheet, startSandboxServer, type SandboxServer } from '@tessera/sandbox';
import { Tessera } from '@tessera/server';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillCardFields } from '@tessera/tokenizer/testing';
import axe from 'axe-core';
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

/** The errors the page shows: the text of each visible `role="alert"`, in page order. */
const shownErrors = async (page: Page): Promise<string[]> => (await page.locator('[role="alert"]:visible').allTextContents()).filter((text) => text !== '');

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
    expect(await page.locator('[data-outcome]').textContent()).toContain('$19.99 paid');
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
      expect(await page.locator('[data-outcome]').textContent()).toContain('$19.99 paid');
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
    // The email's error, and what the fields already call invalid in their frames, each under its field.
    await expect.poll(() => shownErrors(page)).toEqual(['Enter a valid email address', 'Card number is invalid', 'Expiry date is invalid']);
    expect(await focused(page)).toBe('Email');
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
    await expect.poll(() => shownErrors(page)).toEqual(['Card number is invalid', 'Cardholder name is required']);
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

/** WCAG 2.2 A and AA, as axe-core tags them. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's serious and critical WCAG 2.2 A/AA findings on the page and in its frames, as `rule (impact): targets`. */
async function axeFindings(page: Page): Promise<string[]> {
  // axe runs in every frame (the card fields', the modal's, the issuer's), which answer the page across origins.
  for (const frame of page.frames()) {
    await frame.evaluate(`${axe.source}; axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] });`).catch(() => undefined);
  }
  return page.evaluate(async (tags) => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, WCAG_TAGS);
}

/** What has keyboard focus, through the frames it is in: its label, else its text, else its tag; `body` when nothing. */
async function focused(page: Page): Promise<string> {
  let frame = page.mainFrame();
  for (;;) {
    const element = (await frame.evaluateHandle(() => document.activeElement)).asElement();
    const inner = await element?.contentFrame();
    if (!inner) {
      return frame.evaluate(() => {
        const active = document.activeElement as HTMLInputElement | null;
        if (!active || active === document.body) return 'body';
        return (active.getAttribute('aria-label') ?? active.labels?.[0]?.textContent ?? active.textContent ?? active.tagName).trim();
      });
    }
    frame = inner;
  }
}

/** Presses Tab (Shift+Tab with `back`) until `name` has focus; fails after `most` presses. */
async function tabTo(page: Page, name: string | RegExp, { most = 8, back = false } = {}): Promise<void> {
  const seen: string[] = [];
  while (seen.length < most) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    // Focus entering another process's frame lands a moment later: look again for a while.
    let now = await focused(page);
    for (let look = 0; look < 10 && !(typeof name === 'string' ? now === name : name.test(now)); look++) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      now = await focused(page);
    }
    if (typeof name === 'string' ? now === name : name.test(now)) return;
    seen.push(now);
  }
  throw new Error(`${String(name)} never took focus; Tab went through: ${seen.join(' > ')}`);
}

/**
 * Counts, every 5 ms from now, the times nothing on the page has focus (focus on `<body>`); `stop` returns the count.
 * Not while the 3DS modal is open: there Chromium hands focus between the modal and its frames (other processes)
 * through `<body>` for a moment on each Tab, and the modal's own test holds focus inside it.
 */
async function watchFocusDrops(page: Page): Promise<{ stop: () => Promise<number> }> {
  await page.evaluate(() => {
    const state = window as unknown as { focusDrops: number; focusWatch: number };
    state.focusDrops = 0;
    state.focusWatch = window.setInterval(() => {
      if (!document.querySelector('dialog[open]') && (!document.activeElement || document.activeElement === document.body)) state.focusDrops++;
    }, 5);
  });
  return {
    stop: () => page.evaluate(() => {
      const state = window as unknown as { focusDrops: number; focusWatch: number };
      clearInterval(state.focusWatch);
      return state.focusDrops;
    }),
  };
}

/** WCAG's contrast ratio of two opaque `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((value) => {
      const c = Number(value) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return Math.round(((light! + 0.05) / (dark! + 0.05)) * 100) / 100;
}

/**
 * The contrast of what shows each element's edge (its border, else its background) against the background around
 * it (its nearest ancestor with one), for each element `selector` finds: WCAG 1.4.11 asks 3:1 of inputs and buttons.
 */
async function edgeContrasts(page: Page, selector: string): Promise<number[]> {
  const pairs = await page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const style = getComputedStyle(element);
      let around = element.parentElement;
      while (around && getComputedStyle(around).backgroundColor === 'rgba(0, 0, 0, 0)') around = around.parentElement;
      const edge = style.borderTopWidth !== '0px' && style.borderTopStyle !== 'none' ? style.borderTopColor : style.backgroundColor;
      return [edge, around ? getComputedStyle(around).backgroundColor : 'rgb(255, 255, 255)'] as const;
    }),
  );
  expect(pairs.length, selector).toBeGreaterThan(0);
  return pairs.map(([edge, around]) => contrast(edge, around));
}

/** True when the page scrolls sideways (its content is wider than its window). */
const scrollsSideways = (page: Page): Promise<boolean> => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('checkout page: WCAG 2.2 AA (axe-core, keyboard, contrast, reflow)', () => {
  it('the empty form and its errors: no serious or critical axe finding; each error once, under its field, announced; focus on the first field to fix', async () => {
    const page = await openCheckout();
    await page.locator('form[data-fields-ready]').waitFor();
    expect(await axeFindings(page), 'the empty form').toEqual([]);
    // The inputs' borders, the card frames' containers and the Pay button stand out 3:1 from the form.
    for (const contrasts of [await edgeContrasts(page, 'form input, .card-field iframe'), await edgeContrasts(page, 'button.pay')]) {
      for (const ratio of contrasts) expect(ratio).toBeGreaterThanOrEqual(3);
    }

    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect.poll(() => shownErrors(page)).toEqual(['Card number is required', 'Expiry date is required', 'Security code is required', 'Cardholder name is required']);
    // Each card part's error is under its frame, in the labelled group of its field (a frame's input is another
    // origin's, which no aria-describedby of the page reaches): once, announced (role="alert").
    for (const [label, message] of [['Card number', 'Card number is required'], ['Expiry date (MM/YY)', 'Expiry date is required'], ['Security code (CVC)', 'Security code is required']] as const) {
      expect(await page.getByRole('group', { name: label }).getByRole('alert').textContent()).toBe(message);
      expect(await page.getByText(message).count()).toBe(1);
    }
    // The name input's error, once, tied to it.
    const name = page.getByLabel('Name on card');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await name.getAttribute('aria-describedby')}`).textContent()).toBe('Cardholder name is required');
    expect(await page.getByText('Cardholder name is required').count()).toBe(1);
    expect(await focused(page)).toMatch(/card number/i);
    expect(await axeFindings(page), 'the errors shown').toEqual([]);

    // Typed where focus went: the fixed field loses its error as the fields report it valid.
    await page.keyboard.type('4242424242424242');
    await expect.poll(() => shownErrors(page)).toEqual(['Expiry date is required', 'Security code is required', 'Cardholder name is required']);
    await page.close();
  });

  it('paying: the Pay button keeps focus and says it is busy, the progress is announced; at the end focus is on the result, which has no axe finding', async () => {
    const page = await openCheckout();
    const popup = await payInPopup(page, '4000 0000 0000 3063');
    const pay = page.getByRole('button', { name: /^Pay/ });
    expect(await pay.getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByRole('status').textContent()).toBe('Processing payment…');
    expect(await focused(page)).toBe('Pay $19.99');
    expect(await axeFindings(page), 'the payment in progress').toEqual([]);
    // A second press while paying does nothing: no second popup, no second payment.
    await page.keyboard.press('Enter');
    await popup.getByRole('button', { name: 'Approve payment' }).click();
    expect(await outcome(page)).toBe('succeeded');
    expect(await focused(page)).toBe('Payment succeeded');
    expect(await page.getByRole('status').textContent()).toBe('');
    expect(await axeFindings(page), 'the result').toEqual([]);
    // The result's button stands out 3:1 from its panel.
    expect((await edgeContrasts(page, '.result button'))[0]).toBeGreaterThanOrEqual(3);
    await page.close();
  });

  it('pays by keyboard alone, through the 3DS modal, and focus never drops to <body> on the way; the open modal has no axe finding', async () => {
    const page = await openCheckout();
    await page.locator('form[data-fields-ready]').waitFor();
    await tabTo(page, 'Email');
    await page.keyboard.type('ada@example.com');
    await tabTo(page, /card number/i, { most: 1 });
    await page.keyboard.type('4000000000003220');
    await tabTo(page, /expir/i, { most: 1 });
    await page.keyboard.type('1230');
    await tabTo(page, /cvc|security/i, { most: 1 });
    await page.keyboard.type('123');
    await tabTo(page, 'Name on card', { most: 1 });
    await page.keyboard.type('Ada Lovelace');
    // Back and forth: Shift+Tab returns to the CVC, Tab comes back.
    await tabTo(page, /cvc|security/i, { most: 1, back: true });
    await tabTo(page, 'Name on card', { most: 1 });
    await tabTo(page, 'Pay $19.99', { most: 1 });
    const drops = await watchFocusDrops(page);
    await page.keyboard.press('Enter');

    await page.getByRole('dialog').waitFor();
    await approveButton(page).waitFor();
    expect(await focused(page)).toBe('Cancel verification');
    expect(await axeFindings(page), 'the 3DS modal open').toEqual([]);
    await tabTo(page, 'Approve', { most: 4 });
    await page.keyboard.press('Space');

    expect(await outcome(page)).toBe('succeeded');
    expect(await focused(page)).toBe('Payment succeeded');
    expect(await drops.stop()).toBe(0);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Buy another');
    // Back to the form: focus on its first field, not <body>.
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Email');
    await page.close();
  });

  for (const [name, viewport] of [['320 px wide', { width: 320, height: 640 }], ['1280 px at 200% zoom', { width: 640, height: 430 }]] as const) {
    it(`fits ${name} with no sideways scroll: the form, its errors, the raw inputs and a result`, async () => {
      const page = await openCheckout(viewport);
      await page.locator('form[data-fields-ready]').waitFor();
      expect(await scrollsSideways(page), 'the form').toBe(false);
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page.getByText('Enter a valid email address').waitFor();
      expect(await scrollsSideways(page), 'the errors').toBe(false);
      await fillCard(page, '4000 0000 0000 0002');
      await page.getByRole('button', { name: /^Pay/ }).click();
      expect(await outcome(page)).toBe('declined');
      expect(await scrollsSideways(page), 'the result').toBe(false);
      await page.goto(`${merchant.url}/?card=raw`);
      await page.getByLabel('Card number').waitFor();
      expect(await scrollsSideways(page), 'the raw inputs').toBe(false);
      expect(await axeFindings(page), 'the raw inputs').toEqual([]);
      await page.close();
    });
  }
});

