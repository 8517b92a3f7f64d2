// Imports the built published packages with whatever Node runs this script, as the packages' `engines` promise:
// core, server and tokenizer from ESM and CommonJS on Node 20+, and the sandbox (ESM-only, like msw 3) on Node
// 22.12+. On an older Node the sandbox must refuse at once with a message naming the version it needs. CI runs
// this on the machine's own Node 20 and on Node 22 (the tests themselves run on Node 24).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const names = ['@tessera/core', '@tessera/core/internal', '@tessera/core/schemas', '@tessera/server', '@tessera/server/internal', '@tessera/tokenizer'];
for (const name of names) {
  const esm = await import(name);
  const cjs = require(name);
  if (Object.keys(esm).length < 5 || Object.keys(cjs).length < 5) throw new Error(`${name} exports almost nothing`);
}
// The card fields and testing entries import on the server too (SSR), and the CJS fields entry throws the main
// entry's error classes (it bundles internal modules of its own): `instanceof` holds across entries in both formats.
for (const load of [(name) => import(name), async (name) => require(name)]) {
  const fields = await load('@tessera/tokenizer/fields');
  const testing = await load('@tessera/tokenizer/testing');
  const { TesseraConfigurationError } = await load('@tessera/tokenizer');
  if (typeof fields.createCardFields !== 'function' || typeof testing.fillCardFields !== 'function') throw new Error('the fields or testing entry exports nothing');
  let thrown;
  try {
    fields.createCardFields({ environment: 'qa' });
  } catch (error) {
    thrown = error;
  }
  if (!(thrown instanceof TesseraConfigurationError)) throw new Error(`@tessera/tokenizer/fields threw ${String(thrown)}, not the main entry's TesseraConfigurationError`);
}

const { Tessera } = await import('@tessera/server');
const client = new Tessera({ apiKey: 'sk_test_import_check', baseUrl: 'http://127.0.0.1:9' });
if (JSON.stringify(client).includes('sk_test')) throw new Error('the API key shows in JSON');

const sandbox = await import('@tessera/sandbox');
const [major, minor] = process.versions.node.split('.').map(Number);
const supported = major > 22 || (major === 22 && minor >= 12);
let refusal;
try {
  sandbox.createSandbox();
} catch (error) {
  refusal = error;
}
if (supported && refusal) throw refusal;
if (!supported && !(refusal?.code === 'unsupported_runtime' && refusal.message.includes(`Node.js ${sandbox.MINIMUM_NODE_VERSION}`))) {
  throw new Error(`@tessera/sandbox on Node ${process.version} should refuse with the version it needs, got ${String(refusal)}`);
}
console.log(
  `Node ${process.version}: ${names.join(', ')}, @tessera/tokenizer/fields and /testing import from ESM and CommonJS; @tessera/sandbox ${supported ? 'runs' : `refuses at once (needs ${sandbox.MINIMUM_NODE_VERSION})`}`,
);
