import { request as httpRequest } from 'node:http';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { routes } from '@tessera/core/internal';
import axe from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../../vitest.shared.js';
import { SandboxControlError, sandboxRoutes, startSandboxServer, type SandboxServer } from '../src/index.js';
import { challengeOf } from '@tessera/test-support/charge-test-card';
import { purchase } from './fixtures.js';
import { useHttpSandbox, type Client } from './use-sandbox.js';

// The dashboard in a real Chromium, against a sandbox server on 127.0.0.1. Screenshots of each state go to
// test-artifacts/sandbox-page/ at the repository's root.
const artifacts = fileURLToPath(new URL('../../../test-artifacts/sandbox-page/', import.meta.url));
const CHALLENGE_CARD = '4000000000003220';
let server: SandboxServer;
let c: Client;
let browser: Browser;
useHttpSandbox({ port: 0, host: '127.0.0.1', sandboxOptions: { clock: 'frozen' } }, (started) => ({ server, c } = started));

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  browser = await chromium.launch(chromiumLaunchOptions);
}, 60_000);
afterAll(() => browser?.close());

/** A GET with a given Host header (fetch does not send one of its own choosing). */
const getWithHost = (url: string, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's serious and critical WCAG 2.2 A/AA findings on the page (or the frame), as `rule (impact): target`. */
async function axeFindings(target: Pick<Page, 'evaluate'>): Promise<string[]> {
  await target.evaluate(axe.source);
  return target.evaluate(async (tags) => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, WCAG_TAGS);
}

/** True when the page scrolls sideways (its content is wider than its window). */
const scrollsSideways = (page: Page): Promise<boolean> => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** A pending 3DS payment of the gateway store: its id and its challenge. */
async function pendingChallenge() {
  const { gateway } = server.sandbox.defaults;
  const instrument = await c.instrument(gateway.storeId, CHALLENGE_CARD);
  const processed = await c.api(routes.processPayment, { body: purchase(gateway.storeId, instrument.id) });
  return challengeOf(processed.body);
}

/** The CReq web-threeds posts to the ACS (base64url JSON). */
const creqOf = ({ challenge }: ReturnType<typeof challengeOf>): string =>
  Buffer.from(JSON.stringify({ messageType: 'CReq', messageVersion: challenge.threeDSVersion, threeDSServerTransID: challenge.sessionId, acsTransID: challenge.acsTransactionId, challengeWindowSize: '03' })).toString('base64url');

/** A page holding the sandbox's ACS challenge page in a frame (as the checkout's 3DS modal does). */
async function acsInFrame(page: Page, pending: ReturnType<typeof challengeOf>): Promise<void> {
  await page.goto(`${server.url}${sandboxRoutes.dashboardStyles}`);
  await page.setContent(`<!doctype html><html lang="en"><title>Checkout</title><iframe name="acs" title="Bank verification"></iframe>
<form id="f" method="post" target="acs" action="${pending.challenge.acsChallengeUrl}"><input type="hidden" name="creq" value="${creqOf(pending)}"></form>`);
  const loaded = page.waitForEvent('framenavigated', (frame) => frame.name() === 'acs');
  await page.evaluate(() => (document.getElementById('f') as HTMLFormElement).submit());
  await loaded;
  await page.frame({ name: 'acs' })!.waitForSelector('#approve');
}

/** A page holding web-threeds' challenge frame page (the sandbox's relay), started on `pending`'s challenge: its nested ACS frame loaded. */
async function relayInFrame(page: Page, pending: ReturnType<typeof challengeOf>) {
  await page.goto(`${server.url}${sandboxRoutes.dashboardStyles}`);
  await page.setContent(`<!doctype html><html lang="en"><title>Checkout</title><iframe name="relay" title="Bank verification" src="${server.url}/pages/challenge.html"></iframe>`);
  const relay = page.frame({ name: 'relay' })!;
  await relay.waitForLoadState();
  await page.evaluate(([acsURL, creq]) => document.querySelector('iframe')!.contentWindow!.postMessage({ type: 'startChallenge', acsURL, creq }, '*'), [pending.challenge.acsChallengeUrl, creqOf(pending)]);
  await expect.poll(() => page.frame({ name: 'acsChallengeIframe' }) !== null).toBe(true);
  await page.frame({ name: 'acsChallengeIframe' })!.waitForSelector('#approve', { state: 'attached' });
  return relay;
}

describe('the sandbox dashboard and 3DS pages: accessible', () => {
  it('has no serious or critical WCAG 2.2 A/AA finding: empty, with a waiting challenge, with an open payload, at 375 px; nor have the 3DS pages', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Empty: a sandbox of its own (this file's tests run in any order).
    const empty = await startSandboxServer({ port: 0, host: '127.0.0.1', sandboxOptions: { clock: 'frozen' } });
    try {
      await page.goto(`${empty.url}${sandboxRoutes.dashboard}`);
      await page.locator('#payments .empty').waitFor();
      expect(await axeFindings(page), 'empty').toEqual([]);
    } finally {
      await empty.close();
    }

    await page.goto(`${server.url}${sandboxRoutes.dashboard}`);

    const pending = await pendingChallenge();
    await page.locator(`#challenges li[data-payment="${pending.paymentId}"]`).waitFor();
    expect(await axeFindings(page), 'a waiting challenge').toEqual([]);
    await page.locator('#events summary').first().click();
    expect(await axeFindings(page), 'an open payload').toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await axeFindings(page), '375 px').toEqual([]);
    await page.screenshot({ path: `${artifacts}5-axe-375.png`, fullPage: true });

    // The 3DS pages: web-threeds' challenge frame, the ACS's challenge page and its answer.
    await page.goto(`${server.url}/pages/challenge.html`);
    expect(await axeFindings(page), 'challenge frame page').toEqual([]);
    // The relay as web-threeds runs it: started by its parent, its nested ACS frame titled.
    const relay = await relayInFrame(page, pending);
    expect(await relay.locator('iframe').getAttribute('title')).toBe('Your bank: verify this payment');
    expect(await axeFindings(relay), 'challenge frame page, started').toEqual([]);
    // Leaving that page abandoned its challenge (its ACS frame went away unanswered): the next one is a new payment's.
    await acsInFrame(page, await pendingChallenge());
    const acs = page.frame({ name: 'acs' })!;
    expect(await axeFindings(acs), 'ACS challenge page').toEqual([]);
    await acs.locator('#approve').click();
    await page.frame({ name: 'acs' })!.waitForSelector('h1:text("Authentication approved")');
    expect(await axeFindings(page.frame({ name: 'acs' })!), 'ACS answer page').toEqual([]);
    await page.close();
  }, 60_000);

  it('a challenge the customer abandoned (the modal closed) shows as abandoned and cannot be approved into a charge, by the page, the route or sandbox.challenges', async () => {
    const pending = await pendingChallenge();
    const checkout = await browser.newPage();
    await relayInFrame(checkout, pending);
    // The customer cancels the 3DS modal: the modal's frame, and the ACS frame nested in it, go away unanswered.
    await checkout.evaluate(() => document.querySelector('iframe')!.remove());
    await expect.poll(() => server.sandbox.records.payments.get(pending.paymentId)?.status).toBe('pending');

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}${sandboxRoutes.dashboard}`);
    const item = page.locator(`#challenges li[data-payment="${pending.paymentId}"]`);
    await expect.poll(() => item.textContent()).toContain('Abandoned by the customer');
    expect(await item.locator('.approve').count()).toBe(0);
    expect(await item.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);

    const refused = await fetch(`${server.url}${sandboxRoutes.completeDashboardChallenge.replace('{id}', pending.paymentId)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.sandbox.apiKey}` },
      body: '{"outcome":"approve"}',
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('challenge_abandoned');
    let thrown: unknown;
    try {
      server.sandbox.challenges.approve(pending.challenge.acsTransactionId);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SandboxControlError);
    expect(thrown).toMatchObject({ status: 409, code: 'challenge_abandoned' });
    expect(server.sandbox.records.payments.get(pending.paymentId)?.status).toBe('pending');
    // Failing it stays possible: the payment fails, as the customer was told.
    expect(server.sandbox.challenges.fail(pending.paymentId).status).toBe('failed');
    await checkout.close();
    await page.close();
  }, 60_000);

  it('keeps focus and an open payload across its refresh; names each button with its payment or event; readable dates; fits 375 and 320 px', async () => {
    const pending = await pendingChallenge();
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${server.url}${sandboxRoutes.dashboard}`);
    const approve = page.getByRole('button', { name: `Approve challenge for payment ${pending.paymentId}`, exact: true });
    await approve.waitFor();
    expect(await page.getByRole('button', { name: `Fail challenge for payment ${pending.paymentId}`, exact: true }).count()).toBe(1);
    const eventId = ((await page.locator('#events details').first().getAttribute('data-key')) ?? '').replace('payload-', '');
    expect(eventId).toMatch(/./);
    expect(await page.getByRole('button', { name: `Resend event ${eventId}`, exact: true }).count()).toBe(1);

    // Dates a person reads, the machine's in datetime.
    const created = page.locator(`#payment-${pending.paymentId} .timeline time`).first();
    expect(await created.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
    expect(await created.textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d:\d\d UTC$/);

    // 375 and 320 px: no sideways scroll, and the challenge's actions on screen.
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await scrollsSideways(page), `${width} px`).toBe(false);
      const box = await approve.boundingBox();
      expect(box!.x + box!.width, `${width} px`).toBeLessThanOrEqual(width);
    }

    // Open a payload and focus a button, then let the sandbox change (a new payment, new events) and a refresh pass.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator(`details[data-key="payload-${eventId}"] summary`).click();
    await page.getByRole('button', { name: `Fail challenge for payment ${pending.paymentId}`, exact: true }).focus();
    const next = await pendingChallenge();
    await page.locator(`#challenges li[data-payment="${next.paymentId}"]`).waitFor({ timeout: 10_000 });
    await page.waitForTimeout(3500);
    expect(await page.locator(`details[data-key="payload-${eventId}"]`).evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Fail challenge for payment ${pending.paymentId}`);
    await page.close();
  }, 60_000);
});

describe('the sandbox dashboard', () => {
  it("shows a 3DS payment's life: pending, approved from the page, succeeded with its ledger; the clock advances; no key, no action", async () => {
    const { gateway } = server.sandbox.defaults;
    const instrument = await c.instrument(gateway.storeId, CHALLENGE_CARD);
    const processed = await c.api(routes.processPayment, { body: purchase(gateway.storeId, instrument.id) });
    expect(processed.body.payment.status).toBe('pending');
    const paymentId: string = processed.body.payment.id;

    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // A CSP violation is a console error; the refused action's 401 and the favicon's 404 are not errors of the page.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
    });
    await page.goto(`${server.url}${sandboxRoutes.dashboard}`);
    const row = page.locator(`#payment-${paymentId}`);
    await expect.poll(() => row.locator('.status').textContent()).toBe('pending');
    await expect.poll(() => page.locator(`#challenges li[data-payment="${paymentId}"]`).count()).toBe(1);
    expect(await page.locator('#instruments').textContent()).toContain('•••• 3220');
    await page.screenshot({ path: `${artifacts}1-pending-challenge.png`, fullPage: true });

    // Without the key: refused, and the payment still waits.
    await page.locator(`#challenges li[data-payment="${paymentId}"] .approve`).click();
    await expect.poll(() => page.locator('#message').textContent()).toContain('Refused (401)');
    expect(server.sandbox.records.payments.get(paymentId)?.status).toBe('pending');
    await page.screenshot({ path: `${artifacts}2-refused-without-key.png`, fullPage: true });

    // With the key (asked once, kept in sessionStorage): approved.
    await page.locator('#set-key').click();
    await page.locator('#key-input').fill(server.sandbox.apiKey);
    await page.locator('#key-form button[type=submit]').click();
    expect(await page.evaluate(() => sessionStorage.getItem('tessera-sandbox-key'))).toBe(server.sandbox.apiKey);
    await page.locator(`#challenges li[data-payment="${paymentId}"] .approve`).click();
    await expect.poll(() => row.locator('.status').textContent()).toBe('succeeded');
    expect(await row.locator('.ledger').textContent()).toMatch(/charge \$10\.00/);
    expect(await row.locator('.timeline').textContent()).toContain('payment');
    await expect.poll(() => page.locator(`#challenges li[data-payment="${paymentId}"]`).count()).toBe(0);
    await page.screenshot({ path: `${artifacts}3-succeeded-with-ledger.png`, fullPage: true });

    // The clock: advanced by 31 days from the page.
    const before = Date.parse((await page.locator('#now time').getAttribute('datetime')) ?? '');
    await page.locator('#advance').click();
    await expect.poll(async () => Date.parse((await page.locator('#now time').getAttribute('datetime')) ?? '') - before).toBe(31 * 24 * 3600 * 1000);
    await page.screenshot({ path: `${artifacts}4-clock-advanced.png`, fullPage: true });

    // Nothing secret on the page or in its data.
    const html = await page.content();
    const data = await (await fetch(`${server.url}${sandboxRoutes.dashboardData}`)).text();
    for (const shown of [html, data]) {
      expect(shown).not.toContain(CHALLENGE_CARD);
      expect(shown).not.toContain(server.sandbox.apiKey);
      expect(shown).not.toMatch(/cvc/i);
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('is served with a CSP and no inline script or style; refused to a non-loopback Host; its actions need the key', async () => {
    const response = await fetch(`${server.url}${sandboxRoutes.dashboard}`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).not.toMatch(/<script>|<style|style=|\son[a-z]+=/i);
    expect(await getWithHost(`${server.url}${sandboxRoutes.dashboard}`, 'evil.example')).toBe(403);
    expect(await getWithHost(`${server.url}${sandboxRoutes.dashboardData}`, 'rebound.example:80')).toBe(403);
    const noKey = await fetch(`${server.url}${sandboxRoutes.advanceClock}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ms":1}' });
    expect(noKey.status).toBe(401);
    const challenge = await fetch(`${server.url}${sandboxRoutes.completeDashboardChallenge.replace('{id}', 'unknown')}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"outcome":"approve"}' });
    expect(challenge.status).toBe(401);
  });
});
