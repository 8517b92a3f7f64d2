// CI guard: a browser bundle that takes a schema or a helper from @tessera/core carries no part of the operation
// catalog. Each resource module declares its catalog entries as a function (`paymentOperations()`), which only
// core/internal's `operations` calls; entries made when a module loads would put every API path and request schema
// of that module into any page that imports one of its schemas.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Paths only the catalog spells, one per resource module a bundle below reaches.
const catalogPath = /\/payments\/(refund|void|process)|\/subscriptions\/rebill|\/radar-sessions|\/payment-instruments\/create-from-token/;
const imports = {
  '@tessera/core/schemas': 'paymentSchema, subscriptionSchema, savedRadarSession, paymentInstrument',
  '@tessera/core': 'isKnownWebhookEvent, toConfirmablePayment, normalizePaymentStatus, decodeServiceToken',
};

let failed = false;
for (const [entry, names] of Object.entries(imports)) {
  const result = await build({
    stdin: { contents: `export { ${names} } from '${entry}';`, resolveDir: `${root}/packages/tokenizer`, loader: 'js' },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  const match = catalogPath.exec(code);
  if (match) {
    failed = true;
    console.error(`✗ { ${names} } from ${entry}: the bundle carries the operation catalog (matched ${JSON.stringify(match[0])}); declare catalog entries in a function`);
  } else console.log(`✓ { ${names} } from ${entry}: ${code.length} bytes minified, no catalog`);
}
process.exitCode = failed ? 1 : 0;
