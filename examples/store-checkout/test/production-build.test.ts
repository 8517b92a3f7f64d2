import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { expect, it } from 'vitest';
import { chromiumLaunchOptions } from './chromium.js';

// `npm run build` with no settings is the page a merchant deploys: it must talk to the real service, never fall back
// to the sandbox on localhost without a word. Every request but the page's own is recorded and aborted (no network).
it('a production build without VITE_TESSERA_ENVIRONMENT calls the real service, not the sandbox', { timeout: 120_000 }, async () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const outDir = mkdtempSync(join(tmpdir(), 'store-checkout-prod-'));
  delete process.env.VITE_TESSERA_ENVIRONMENT;
  delete process.env.VITE_SANDBOX_URL;
  await build({ root, logLevel: 'silent', build: { outDir, emptyOutDir: true, sourcemap: false } });
  const site = await preview({ root, logLevel: 'silent', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const origin = new URL(site.resolvedUrls!.local[0]!).origin;
    const elsewhere: string[] = [];
    const page = await browser.newPage();
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(origin)) return route.continue();
      elsewhere.push(new URL(url).origin);
      return route.abort();
    });
    await page.goto(origin);
    await expect.poll(() => elsewhere.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(elsewhere).toContain('https://app.tagadapay.com');
    expect(elsewhere.filter((url) => /localhost|127\.0\.0\.1/.test(url))).toEqual([]);
  } finally {
    await browser.close();
    await site.close();
    rmSync(outDir, { recursive: true, force: true });
  }
});
