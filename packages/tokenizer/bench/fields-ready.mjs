// Time from `mount()` to the fields' `ready` event in Chromium, against the sandbox's emulation of Basis Theory's CDN
// (the unmodified @basis-theory/web-elements loader, the element pages on the sandbox's origin, another origin than
// the page's). Run after `pnpm build` (it also runs in `pnpm bench`):
//   node packages/tokenizer/bench/fields-ready.mjs [--runs 15]
// Each run is a fresh page load (the client script and the element pages cached by the browser after the first, as on
// a shopper's second visit); the first run (cold) is reported apart. Last line: BENCH_JSON {...}.
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
    // The merchant page's script, bundled as a merchant's bundler would (the loader included).
    contents: `import { createCardFields } from '@tessera/tokenizer/fields';
const fields = createCardFields({ environment: 'local', vaultUrl: ${JSON.stringify(sandbox.url)} });
const started = performance.now();
fields.on('ready', () => { window.readyMs = performance.now() - started; });
fields.mount({ number: '#number', expiry: '#expiry', cvc: '#cvc', name: '#name' }).then(() => { window.mountedMs = performance.now() - started; }, (error) => { window.failed = String(error); });`,
    html: '<!doctype html><title>Checkout</title><form><div id="number"></div><div id="expiry"></div><div id="cvc"></div><div id="name"></div></form><script src="/checkout.js"></script>',
  });
} finally {
  await sandbox.close();
}
console.log(`card fields, mount() to ready (split layout + name, Chromium, sandbox emulation): cold ${results.coldMs} ms, then median ${results.medianMs} ms, p90 ${results.p90Ms} ms over ${results.runs} page loads`);
console.log(`BENCH_JSON ${JSON.stringify({ name: 'tokenizer-fields-ready', unit: 'ms', results })}`);
