// Imports the built published packages from ESM and from CommonJS with whatever Node runs this script, and makes a
// client: CI runs it on the machine's own Node 20 and on Node 22 (the tests themselves run on Node 24). The sandbox
// is left out: like msw 3, it needs Node 22.12+.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const names = ['@tessera/core', '@tessera/server', '@tessera/tokenizer'];
for (const name of names) {
  const esm = await import(name);
  const cjs = require(name);
  if (Object.keys(esm).length < 5 || Object.keys(cjs).length < 5) throw new Error(`${name} exports almost nothing`);
}
const { Tessera } = await import('@tessera/server');
const client = new Tessera({ apiKey: 'sk_test_import_check', baseUrl: 'http://127.0.0.1:9' });
if (JSON.stringify(client).includes('sk_test')) throw new Error('the API key shows in JSON');
console.log(`Node ${process.version}: ${names.join(', ')} import from ESM and CommonJS`);
