import { request as httpRequest } from 'node:http';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { routes } from '@tessera/core/internal';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../../vitest.shared.js';
import { sandboxRoutes, type SandboxServer } from '../src/index.js';
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
    await expect.poll(() => page.locator(`#challenges tr[data-payment="${paymentId}"]`).count()).toBe(1);
    expect(await page.locator('#instruments').textContent()).toContain('•••• 3220');
    await page.screenshot({ path: `${artifacts}1-pending-challenge.png`, fullPage: true });

    // Without the key: refused, and the payment still waits.
    await page.locator(`#challenges tr[data-payment="${paymentId}"] .approve`).click();
    await expect.poll(() => page.locator('#message').textContent()).toContain('Refused (401)');
    expect(server.sandbox.records.payments.get(paymentId)?.status).toBe('pending');
    await page.screenshot({ path: `${artifacts}2-refused-without-key.png`, fullPage: true });

    // With the key (asked once, kept in sessionStorage): approved.
    await page.locator('#set-key').click();
    await page.locator('#key-input').fill(server.sandbox.apiKey);
    await page.locator('#key-form button[type=submit]').click();
    expect(await page.evaluate(() => sessionStorage.getItem('tessera-sandbox-key'))).toBe(server.sandbox.apiKey);
    await page.locator(`#challenges tr[data-payment="${paymentId}"] .approve`).click();
    await expect.poll(() => row.locator('.status').textContent()).toBe('succeeded');
    expect(await row.locator('.ledger').textContent()).toMatch(/charge \$10\.00/);
    expect(await row.locator('.timeline').textContent()).toContain('payment');
    expect(await page.locator('#challenges').textContent()).toContain('None yet.');
    await page.screenshot({ path: `${artifacts}3-succeeded-with-ledger.png`, fullPage: true });

    // The clock: advanced by 31 days from the page.
    const before = Date.parse((await page.locator('#now').textContent()) ?? '');
    await page.locator('#advance').click();
    await expect.poll(async () => Date.parse((await page.locator('#now').textContent()) ?? '') - before).toBe(31 * 24 * 3600 * 1000);
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
