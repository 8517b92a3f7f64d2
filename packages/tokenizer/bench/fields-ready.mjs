// Time from `mount()` to the fields' `ready` event in Chromium, against the sandbox's emulation of Basis Theory's CDN
// (the unmodified @basis-theory/web-elements loader, the element pages on the sandbox's origin, another origin than
// the page's). Run after `pnpm build` (it also runs in `pnpm bench`):
//   node packages/tokenizer/bench/fields-ready.mjs [--runs 15]
// Each run is a fresh page load (the client script and the element pages cached by the browser after the first, as on
// a shopper's second visit); the first run (cold) is reported apart. Last line: BENCH_JSON {...}.
import { runPageReadyBench } from './lib/page-ready.mjs';

await runPageReadyBench({
  name: 'tokenizer-fields-ready',
  label: "card fields, mount() to ready (split layout + name, Chromium, sandbox emulation)",
  page: (sandboxUrl) => ({
    // The merchant page's script, bundled as a merchant's bundler would (the loader included).
    contents: `import { createCardFields } from '@tessera/tokenizer/fields';
const fields = createCardFields({ environment: 'local', vaultUrl: ${JSON.stringify(sandboxUrl)} });
const started = performance.now();
fields.on('ready', () => { window.readyMs = performance.now() - started; });
fields.mount({ number: '#number', expiry: '#expiry', cvc: '#cvc', name: '#name' }).then(() => { window.mountedMs = performance.now() - started; }, (error) => { window.failed = String(error); });`,
    html: '<!doctype html><title>Checkout</title><form><div id="number"></div><div id="expiry"></div><div id="cvc"></div><div id="name"></div></form><script src="/checkout.js"></script>',
  }),
});
