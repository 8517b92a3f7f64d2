import { parseArgs } from 'node:util';
import { startSandboxServer } from './server.js';

const usage = `Usage: tessera-sandbox [--port 4010] [--host <address>] [--seed 1]

Runs the Tessera sandbox (API, Basis Theory vault emulation, ACS and /sandbox helpers) over HTTP until stopped
(Ctrl-C). Default host: loopback (127.0.0.1 and ::1), served as http://localhost:<port>.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string' },
      seed: { type: 'string', default: '1' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const port = Number(values.port);
  const seed = Number(values.seed);
  if (!Number.isInteger(port) || port < 0 || port > 65535 || !Number.isInteger(seed)) {
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  const server = await startSandboxServer({ port, ...(values.host ? { host: values.host } : {}), sandboxOptions: { seed } });
  const { defaults } = server.sandbox;
  console.log(`Tessera sandbox listening on ${server.url}`);
  console.log(`API base URL:  ${server.url}/api/public/v1`);
  console.log(`API key:       ${server.sandbox.apiKey}`);
  console.log(`Vault (BT) public key: ${server.sandbox.vaultKey} (BT-API-KEY; tokenizer environment "local")`);
  console.log(`Store:         ${defaults.storeId} (sandbox processor)`);
  console.log(`Gateway store: ${defaults.gateway.storeId} (simulated processor, 3DS, fallback)`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
