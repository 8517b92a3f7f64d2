import { Tessera } from '@tessera/server';
import { runSandboxSetup } from './setup.js';

// Against a sandbox started with `npx -p @tessera/sandbox tessera-sandbox` (or your own account: see the README).
// `environment: 'local'` is http://localhost:4010; TESSERA_BASE_URL, when set, overrides it.
const apiKey = process.env.TESSERA_API_KEY ?? 'sk_test_tessera_sandbox';
const tessera = new Tessera({ apiKey, environment: 'local' });
await runSandboxSetup({ tessera, baseUrl: tessera.baseUrl, apiKey });
