// Time from the wallet buttons' `mount()` to both buttons shown (Apple Pay and Google Pay), in Chromium, against the
// sandbox's stand-ins for Apple Pay JS and Google's pay.js (loaded from the sandbox's origin, another origin than the
// page's, as the real scripts load from Apple's and Google's). Run after `pnpm build` (it also runs in `pnpm bench`):
//   node packages/tokenizer/bench/wallet-buttons-ready.mjs [--runs 15]
// Each run is a fresh page load (the scripts cached by the browser after the first, as on a shopper's second visit);
// the first run (cold) is reported apart. Last line: BENCH_JSON {...}.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { startSandboxServer } from '@tessera/sandbox';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const runs = Number(values.runs);
const packageDir = fileURLToPath(new URL('..', import.meta.url));

const sandbox = await startSandboxServer({ port: 0 });
// The merchant page's script, bundled as a merchant's bundler would.
const bundle = await build({
  stdin: {
    contents: `import { createWalletButtons } from '@tessera/tokenizer/wallets';
const buttons = createWalletButtons({ environment: 'local', vaultUrl: ${JSON.stringify(sandbox.url)}, request: { amount: 1999, currency: 'USD', country: 'US', label: 'Shop' }, onToken: () => undefined });
const started = performance.now();
buttons.mount('#wallets').then((result) => { window.shown = result.shown; window.readyMs = performance.now() - started; }, (error) => { window.failed = String(error); });`,
    resolveDir: packageDir,
    loader: 'js',
  },
  bundle: true,
  write: false,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  logLevel: 'silent',
});
const script = bundle.outputFiles[0].text;
const html = '<!doctype html><html lang="en"><title>Checkout</title><div id="wallets"></div><script src="/checkout.js"></script></html>';
const page = createServer((request, response) => {
  const isScript = request.url === '/checkout.js';
  response.writeHead(200, { 'content-type': isScript ? 'text/javascript' : 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(isScript ? script : html);
});
await new Promise((resolve) => page.listen(0, '127.0.0.1', resolve));
const pageUrl = `http://localhost:${page.address().port}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const samples = [];
try {
  const tab = await browser.newPage();
  for (let run = 0; run < runs + 1; run += 1) {
    await tab.goto(pageUrl);
    await tab.waitForFunction(() => window.readyMs !== undefined || window.failed !== undefined, undefined, { timeout: 15_000 });
    const { readyMs, shown, failed } = await tab.evaluate(() => ({ readyMs: window.readyMs, shown: window.shown, failed: window.failed }));
    if (failed) throw new Error(`mount failed: ${failed}`);
    if (shown.length !== 2) throw new Error(`expected both buttons shown, got ${JSON.stringify(shown)}`);
    samples.push(readyMs);
  }
} finally {
  await browser.close();
  page.close();
  await sandbox.close();
}

const [cold, ...warm] = samples;
const sorted = [...warm].sort((a, b) => a - b);
const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const round = (ms) => Math.round(ms * 10) / 10;
const results = { coldMs: round(cold), medianMs: round(at(0.5)), p90Ms: round(at(0.9)), runs: warm.length };
console.log(`wallet buttons, mount() to both buttons shown (Chromium, the sandbox's stand-ins): cold ${results.coldMs} ms, then median ${results.medianMs} ms, p90 ${results.p90Ms} ms over ${results.runs} page loads`);
console.log(`BENCH_JSON ${JSON.stringify({ name: 'tokenizer-wallet-buttons-ready', unit: 'ms', results })}`);
