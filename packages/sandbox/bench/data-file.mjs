// What a sandbox costs to start: an in-memory one (what each test pays, `createSandbox()`), and the CLI on a data
// file holding 10,000 payments. Run after `pnpm build`:
//   node packages/sandbox/bench/data-file.mjs [--payments 10000] [--starts 5]
// The file is filled over HTTP on 127.0.0.1 (the CLI's own server code), then the CLI is started on it `starts`
// times, each a fresh process, timed from spawn to the line that says where the data lives (it has listened by
// then); medians are reported, with the load time the CLI prints itself.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { encodeServiceToken } from '@tessera/core';
import { API_PREFIX, routes } from '@tessera/core/internal';
import { createSandbox, startSandboxServer } from '@tessera/sandbox';

const { values } = parseArgs({ options: { payments: { type: 'string', default: '10000' }, starts: { type: 'string', default: '5' } } });
const PAYMENTS = Math.min(Math.max(Math.round(Number(values.payments)) || 10_000, 1), 1_000_000);
const STARTS = Math.min(Math.max(Math.round(Number(values.starts)) || 5, 1), 20);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

// 1. An in-memory sandbox, as each test makes one.
for (let i = 0; i < 20; i++) createSandbox(); // warm-up
const creations = [];
for (let i = 0; i < 100; i++) {
  const started = performance.now();
  createSandbox();
  creations.push(performance.now() - started);
}
const createMs = +median(creations).toFixed(3);
console.log(`createSandbox() in memory: ${createMs} ms (median of 100)`);

// 2. A data file with PAYMENTS payments, filled over HTTP.
const dir = mkdtempSync(join(os.tmpdir(), 'tessera-bench-data-'));
const file = join(dir, 'sandbox.db');
try {
  const server = await startSandboxServer({ port: 0, host: '127.0.0.1', sandboxOptions: { dataFile: file } });
  const { sandbox } = server;
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const base = new URL(server.url);
  const call = (path, body, headers = { authorization: `Bearer ${sandbox.apiKey}` }) =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = request(
        { host: base.hostname, port: base.port, method: 'POST', path, agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const token = await call('/tokens', { type: 'card', data: { number: '4242424242424242', expiration_month: 12, expiration_year: new Date().getFullYear() + 2, cvc: '123' } }, { 'bt-api-key': sandbox.vaultKey });
  const serviceToken = encodeServiceToken({ type: 'card', token: token.body.id, provider: 'basistheory' });
  const storeId = sandbox.defaults.storeId;
  const instrument = (await call(`${API_PREFIX}${routes.createPaymentInstrumentFromToken.path}`, { serviceToken, storeId, customerData: { email: 'bench@example.com' } })).body.paymentInstrument;
  const purchase = { mode: 'purchase', amount: 1000, currency: 'USD', storeId, paymentInstrumentId: instrument.id, initiatedBy: 'customer' };
  const fillStarted = performance.now();
  let sent = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (sent < PAYMENTS) {
        sent++;
        const answer = await call(`${API_PREFIX}${routes.processPayment.path}`, purchase);
        if (answer.status !== 200) throw new Error(`payment failed: ${JSON.stringify(answer.body)}`);
      }
    }),
  );
  const fillSeconds = (performance.now() - fillStarted) / 1000;
  const records = Object.values(sandbox.records).reduce((sum, view) => sum + view.count, 0);
  agent.destroy();
  await server.close();
  const sizeMb = +((statSync(file).size) / 1e6).toFixed(1);
  console.log(`data file: ${PAYMENTS} payments, ${records} records, ${sizeMb} MB, filled over HTTP in ${fillSeconds.toFixed(1)} s (${Math.round(PAYMENTS / fillSeconds)} payments/s)`);

  // 3. The CLI started on it.
  const start = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const child = spawn(process.execPath, [cli, '--port', '0', '--host', '127.0.0.1', '--data', file], { stdio: ['ignore', 'pipe', 'inherit'] });
      let output = '';
      let figures;
      child.stdout.on('data', (chunk) => {
        output += chunk.toString();
        const match = /Data: .*?(\d+) records loaded in (\d+) ms/.exec(output);
        if (match === null || figures !== undefined) return;
        figures = { ms: performance.now() - started, loadMs: Number(match[2]), records: Number(match[1]) };
        child.kill('SIGTERM');
      });
      child.once('exit', (code) => (figures ? resolve(figures) : reject(new Error(`the CLI exited (${code}) before it started: ${output}`))));
    });
  const starts = [];
  for (let i = 0; i < STARTS; i++) starts.push(await start());
  const startMs = Math.round(median(starts.map((run) => run.ms)));
  const loadMs = median(starts.map((run) => run.loadMs));
  console.log(`CLI start on ${PAYMENTS} payments (${starts[0].records} records): ${startMs} ms from spawn to listening, of which ${loadMs} ms opening and loading the file and listening (as the CLI prints it) (median of ${STARTS})`);
  console.log(
    `BENCH_JSON ${JSON.stringify({ package: '@tessera/sandbox', bench: 'data-file', createSandboxMs: createMs, payments: PAYMENTS, records, fileMb: sizeMb, fillPaymentsPerSecond: Math.round(PAYMENTS / fillSeconds), cliStartMs: startMs, cliLoadMs: loadMs, cpus: os.cpus().length, load: +os.loadavg()[0].toFixed(1) })}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
