// Time from the wallet buttons' `mount()` to both buttons shown (Apple Pay and Google Pay), in Chromium, against the
// sandbox's stand-ins for Apple Pay JS and Google's pay.js (loaded from the sandbox's origin, another origin than the
// page's, as the real scripts load from Apple's and Google's). Run after `pnpm build` (it also runs in `pnpm bench`):
//   node packages/tokenizer/bench/wallet-buttons-ready.mjs [--runs 15]
// Each run is a fresh page load (the scripts cached by the browser after the first, as on a shopper's second visit);
// the first run (cold) is reported apart. Last line: BENCH_JSON {...}.
import { runPageReadyBench } from './lib/page-ready.mjs';

await runPageReadyBench({
  name: 'tokenizer-wallet-buttons-ready',
  label: "wallet buttons, mount() to both buttons shown (Chromium, the sandbox's stand-ins)",
  page: (sandboxUrl) => ({
    contents: `import { createWalletButtons } from '@tessera/tokenizer/wallets';
const buttons = createWalletButtons({ environment: 'local', vaultUrl: ${JSON.stringify(sandboxUrl)}, request: { amount: 1999, currency: 'USD', country: 'US', label: 'Shop' }, onToken: () => undefined });
const started = performance.now();
buttons.mount('#wallets').then((result) => { window.shown = result.shown; window.readyMs = performance.now() - started; }, (error) => { window.failed = String(error); });`,
    html: '<!doctype html><html lang="en"><title>Checkout</title><div id="wallets"></div><script src="/checkout.js"></script></html>',
    check: ({ shown }) => {
      if (shown.length !== 2) throw new Error(`expected both buttons shown, got ${JSON.stringify(shown)}`);
    },
  }),
});
