import { Tessera } from '@tessera/server';
import { runSandboxSetup } from './setup.js';

// Against a sandbox started with `npx -p @tessera/sandbox tessera-sandbox` (or your own account: see the README).
const baseUrl = process.env.TESSERA_BASE_URL ?? 'http://127.0.0.1:4010';
const apiKey = process.env.TESSERA_API_KEY ?? 'sk_test_tessera_sandbox';
await runSandboxSetup({ tessera: new Tessera({ apiKey, baseUrl }), baseUrl, apiKey });
