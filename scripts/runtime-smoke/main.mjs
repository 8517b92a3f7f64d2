// Node, Bun and Deno entry of the runtime smoke: `<runtime> main.mjs <sandbox URL> <gateway store id>`.
import { runSmoke } from './flow.mjs';

const [sandboxUrl, gatewayStoreId] = (globalThis.Deno?.args ?? process.argv.slice(2));
const runtime = globalThis.Deno ? `Deno ${globalThis.Deno.version.deno}` : globalThis.Bun ? `Bun ${globalThis.Bun.version}` : `Node ${process.version}`;
const steps = await runSmoke({ sandboxUrl, gatewayStoreId, apiKey: 'sk_test_tessera_sandbox' });
console.log(`${runtime}: ${steps.length} steps passed (${steps.join('; ')})`);
