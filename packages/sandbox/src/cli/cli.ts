import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { clockUsage } from './cli-clock.js';
import { runDrift } from './cli-drift.js';
import { helperCommands, helperUsage, runHelperCommand } from './cli-helpers.js';
import { runWebhookCommand, UsageError, webhookCommands, webhookUsage } from './cli-webhooks.js';
import { assertSupportedNode } from '../node-version.js';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import type { SandboxRequestLogEntry } from '../server.js';

/** Where the data lives by default: next to the project the sandbox serves (like .next/), so each app has its own. */
const DEFAULT_DATA_FILE = '.tessera-sandbox/sandbox.db';

const usage = `Usage: tessera-sandbox [options]
       tessera-sandbox listen | trigger | resend … (webhook commands, below)
       tessera-sandbox token | fault | challenge … (test helpers, below)
       tessera-sandbox clock advance 31d | clock create | … (the sandbox's clock and test clocks, below)
       tessera-sandbox drift --live-origin <origin> … (the sandbox against the live service, below)

Runs the Tessera sandbox (API, Basis Theory vault and 3DS emulation, ACS and /sandbox helpers) over HTTP until
stopped (Ctrl-C).

Options:
  --port <n>     port to listen on, 0-65535 (default 4010; 0 = any free port)
  --host <host>  interface to listen on (default: loopback, 127.0.0.1 and ::1, served as http://localhost:<port>)
  --seed <n>     seed of the injected faults, an integer (default 1)
  --data <file>  keep the sandbox's data (payments, ledger, events, webhook endpoints and their secrets, id
                 sequences, the clock…) in this SQLite file and start from what it holds (default
                 ${DEFAULT_DATA_FILE} in the current directory; needs Node.js 22.13 or later)
  --reset        empty the data file first (start with a new sandbox)
  --in-memory    keep nothing: start empty, lose everything on exit (Node.js 22.12 is enough)
  --log          print one line per request: method, path, status, time, idempotent replay (not listen's
                 reads of the delivery log: listen prints the deliveries)
  --version      print the version
  -h, --help     print this help

${webhookUsage}

${helperUsage}

${clockUsage}

Drift check: tessera-sandbox drift --help`;


function parseInteger(name: string, value: string, min: number, max: number): number {
  if (value === '') throw new UsageError(`--${name} needs a value`);
  const parsed = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    throw new UsageError(`Invalid --${name} "${value}": expected an integer from ${min} to ${max}`);
  }
  return parsed;
}

const isLoopback = (host: string): boolean => host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

function version(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return manifest.version;
}

/**
 * Whether `--log` leaves the entry out: a successful read of the delivery log, which `tessera-sandbox listen` makes
 * four times a second and whose findings it prints itself (one line per delivery attempt); logged, these reads would
 * bury every other line. A refused or dropped read is still logged.
 */
function isDeliveryLogRead(entry: SandboxRequestLogEntry): boolean {
  return entry.method === 'GET' && entry.path === sandboxRoutes.listWebhookDeliveries && entry.status >= 200 && entry.status < 300;
}

function formatLogLine(entry: SandboxRequestLogEntry): string {
  return `${entry.method} ${entry.path} ${entry.status === 0 ? 'dropped' : entry.status} ${entry.durationMs}ms${entry.idempotentReplay ? ' (idempotent replay)' : ''}`;
}

interface Command {
  port: number;
  host: string | undefined;
  seed: number;
  log: boolean;
  /** The data file, or `undefined` in memory. */
  data: string | undefined;
  /** `--data` given (not the default file). */
  dataGiven: boolean;
  reset: boolean;
}

function parseCommandLine(): Command | 'help' | 'version' {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '4010' },
        host: { type: 'string' },
        seed: { type: 'string', default: '1' },
        log: { type: 'boolean', default: false },
        data: { type: 'string' },
        reset: { type: 'boolean', default: false },
        'in-memory': { type: 'boolean', default: false },
        version: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  if (values.version) return 'version';
  if (values.host === '') throw new UsageError('--host needs a value');
  if (values.data === '') throw new UsageError('--data needs a file');
  if (values['in-memory'] && (values.data !== undefined || values.reset)) throw new UsageError('--in-memory keeps no data: it goes with neither --data nor --reset');
  return {
    port: parseInteger('port', values.port, 0, 65535),
    host: values.host,
    seed: parseInteger('seed', values.seed, -(2 ** 31), 2 ** 31 - 1),
    log: values.log,
    data: values['in-memory'] ? undefined : resolve(values.data ?? DEFAULT_DATA_FILE),
    dataGiven: values.data !== undefined,
    reset: values.reset,
  };
}

function hasSqlite(): boolean {
  try {
    return process.getBuiltinModule('node:sqlite') !== undefined;
  } catch {
    return false;
  }
}

function dataLine(file: string | undefined, records: number, reset: boolean, ms: number): string {
  if (file === undefined) return 'Data:          in memory: nothing is kept after exit (without --in-memory it is kept in a file)';
  const held = reset ? 'emptied (--reset)' : records === 0 ? 'new, empty' : `${records} records loaded in ${Math.round(ms)} ms`;
  return `Data:          ${file} (${held}; --reset to start empty, --data <file> for another, --in-memory to keep nothing)`;
}

/** `drift`: the sandbox against the live service (`./cli-drift.ts`), its report on stdout, its stops on stderr. */
async function runDriftCommand(args: string[]): Promise<void> {
  process.exitCode = await runDrift(args, { out: (line) => console.log(line), err: (line) => console.error(line) });
}

async function main(): Promise<void> {
  const [name, ...rest] = process.argv.slice(2);
  if (name !== undefined && Object.hasOwn(webhookCommands, name)) return runWebhookCommand(name, rest);
  if (name !== undefined && Object.hasOwn(helperCommands, name)) return runHelperCommand(name, rest);
  if (name === 'drift') return runDriftCommand(rest);
  const command = parseCommandLine();
  if (command === 'help') return void console.log(usage);
  if (command === 'version') return void console.log(version());
  assertSupportedNode();
  const { startSandboxServer } = await import('../server.js');
  const { port, host, seed, log, reset } = command;
  let { data } = command;
  let note = '';
  if (data !== undefined && !command.dataGiven && !hasSqlite()) {
    // The default file needs node:sqlite (Node.js 22.13+); on 22.12 the sandbox still runs, in memory, and says so.
    data = undefined;
    note = ` (this Node.js ${process.versions.node} has no node:sqlite; Node.js 22.13 or later keeps the data in ${DEFAULT_DATA_FILE})`;
  }
  const dataOptions = data === undefined ? {} : { dataFile: data, resetData: reset };
  const started = performance.now();
  const server = await startSandboxServer({ port, ...(host === undefined ? {} : { host }), sandboxOptions: { seed, ...dataOptions }, ...(log ? { onRequest: (entry) => {
    if (!isDeliveryLogRead(entry)) console.log(formatLogLine(entry));
  } } : {}) }).catch(
    (error: unknown) => {
      if ((error as { code?: unknown }).code !== 'EADDRINUSE') throw error;
      throw new Error(`Port ${port} on ${host ?? 'localhost'} is already in use: start the sandbox on another one with --port <n> (--port 0 picks a free port)`, { cause: error });
    },
  );
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
  const { defaults } = server.sandbox;
  console.log(`Tessera sandbox listening on ${server.url}`);
  console.log(`API base URL:  ${server.url}/api/public/v1`);
  console.log(`API key:       ${server.sandbox.apiKey}`);
  console.log(`Vault (BT) public key: ${server.sandbox.vaultKey} (BT-API-KEY; tokenizer environment "local")`);
  console.log(`Store:         ${defaults.storeId} (sandbox processor)`);
  console.log(`Gateway store: ${defaults.gateway.storeId} (simulated processor, 3DS, fallback)`);
  console.log(`Shop store:    ${defaults.shop.storeId} (a catalog to sell from the browser alone: variants ${defaults.shop.variantIds.join(', ')})`);
  console.log(`Dashboard:     ${server.url}${sandboxRoutes.dashboard} (loopback only; its actions ask for the API key)`);
  console.log(dataLine(server.sandbox.dataFile, server.sandbox.loadedRecords, reset, performance.now() - started) + note);
  if (host !== undefined && !isLoopback(host)) {
    console.warn(`Warning: listening on ${host}, not loopback: the sandbox's well-known API key (${server.sandbox.apiKey}) now works for anyone who can reach this machine on the network.`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${usage}`);
    process.exitCode = 2;
    return;
  }
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
