// Time from the wallet buttons' `mount()` to both buttons shown (Apple Pay and Google Pay), in Chromium, against the
// sandbox's stand-ins for Apple Pay JS and Google's pay.js (loaded from the sandbox's origin, another origin than the
// page's, as the real scripts load from Apple's and Google's). Run after `pnpm build` (it also runs in `pnpm bench`):
//   node packages/tokenizer/bench/wallet-buttons-ready.mjs [--runs 15]
// Each run is a fresh page load (the scripts cached by the browser after the first, as on a shopper's second visit);
// the first run (cold) is reported apart. Last line: BENCH_JSON {...}.
import { parseArgs } from 'node:util';
import { startSandboxServer } from '@tessera/sandbox';
import { measurePageReady } from './lib/page-ready.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const runs = Number(values.runs);
const sandbox = await startSandboxServer({ port: 0 });
let results;
try {
  results = await measurePageReady({
    runs,
    contents: `import { createWalletButtons } from '@tessera/tokenizer/wallets';
const buttons = createWalletButtons({ environment: 'local', vaultUrl: ${JSON.stringify(sandbox.url)}, request: { amount: 1999, currency: 'USD', country: 'US', label: 'Shop' }, onToken: () => undefined });
const started = performance.now();
buttons.mount('#wallets').then((result) => { window.shown = result.shown; window.readyMs = performance.now() - started; }, (error) => { window.failed = String(error); });`,
    html: '<!doctype html><html lang="en"><title>Checkout</title><div id="wallets"></div><script src="/checkout.js"></script></html>',
    check: ({ shown }) => {
      if (shown.length !== 2) throw new Error(`expected both buttons shown, got ${JSON.stringify(shown)}`);
    },
  });
} finally {
  await sandbox.close();
}
console.log(`wallet buttons, mount() to both buttons shown (Chromium, the sandbox's stand-ins): cold ${results.coldMs} ms, then median ${results.medianMs} ms, p90 ${results.p90Ms} ms over ${results.runs} page loads`);
console.log(`BENCH_JSON ${JSON.stringify({ name: 'tokenizer-wallet-buttons-ready', unit: 'ms', results })}`);
