// Throughput and latency of the sandbox HTTP server on loopback. Run after `pnpm build`:
//   node packages/sandbox/bench/throughput.mjs [--seconds 3] [--concurrency 32]
// The server runs in a worker thread (its own event loop, like a separate process); this thread drives it with
// keep-alive node:http requests, a bounded number in flight, for a fixed time per phase.
import { Agent, request } from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { API_PREFIX, encodeServiceToken, routePath, routes } from '@tessera/core';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '3' }, concurrency: { type: 'string', default: '32' } } });
const seconds = Math.min(Math.max(Number(values.seconds) || 3, 0.5), 60);
const concurrency = Math.min(Math.max(Number(values.concurrency) || 32, 1), 256);
const MAX_REQUESTS_PER_PHASE = 2_000_000;

const worker = new Worker(
  `   import { parentPort, workerData } from 'node:worker_threads';
   const { startSandboxServer } = await import(workerData.sandboxUrl);
   const server = await startSandboxServer({ port: 0, host: '127.0.0.1' }); // an address, not a name: no lookup per connection
   parentPort.postMessage({ url: server.url, apiKey: server.sandbox.apiKey, vaultKey: server.sandbox.vaultKey, storeId: server.sandbox.defaults.storeId });
   parentPort.on('message', async () => { await server.close(); parentPort.close(); });`,
  // The built package, resolved from here (the eval'd worker would resolve from the working directory).
  { eval: true, type: 'module', workerData: { sandboxUrl: import.meta.resolve('@tessera/sandbox') } },
);
const info = await new Promise((resolve, reject) => {
  worker.once('message', resolve);
  worker.once('error', reject);
});
const base = new URL(info.url);
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });

function call(method, path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        agent,
        headers: { authorization: `Bearer ${info.apiKey}`, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...headers },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

// Setup: a card in the vault, an instrument, and one payment to read.
const token = await call('POST', '/tokens', { type: 'card', data: { number: '4242424242424242', expiration_month: 12, expiration_year: new Date().getFullYear() + 2, cvc: '123' } }, {
  authorization: '',
  'bt-api-key': info.vaultKey,
});
const serviceToken = encodeServiceToken({ type: 'card', token: JSON.parse(token.text).id, provider: 'basistheory' });
const instrument = JSON.parse(
  (await call('POST', `${API_PREFIX}${routes.createPaymentInstrumentFromToken.path}`, { serviceToken, storeId: info.storeId, customerData: { email: 'bench@example.com' } })).text,
).paymentInstrument;
const processPath = `${API_PREFIX}${routes.processPayment.path}`;
const purchase = { mode: 'purchase', amount: 1000, currency: 'USD', storeId: info.storeId, paymentInstrumentId: instrument.id, initiatedBy: 'customer' };
const payment = JSON.parse((await call('POST', processPath, purchase)).text).payment;
const getPath = `${API_PREFIX}${routePath(routes.retrievePayment, { id: payment.id })}`;

async function phase(name, send, phaseSeconds = seconds, quiet = false) {
  const latencies = [];
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const deadline = started + phaseSeconds * 1000;
  async function loop() {
    while (performance.now() < deadline && sent < MAX_REQUESTS_PER_PHASE) {
      sent++;
      const t0 = performance.now();
      try {
        const answer = await send();
        if (answer.status !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const result = { name, requests: latencies.length, errors, seconds: +elapsed.toFixed(2), rps: Math.round(latencies.length / elapsed), p50Ms: +pick(0.5).toFixed(2), p99Ms: +pick(0.99).toFixed(2) };
  if (!quiet) console.log(`${name.padEnd(22)} ${String(result.rps).padStart(6)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  (${result.requests} requests, ${errors} errors, concurrency ${concurrency})`);
  return result;
}

// A short warm-up (not reported) so the JIT has compiled the hot paths of both sides.
await phase('warm-up', () => call('GET', getPath), 0.5, true);
await phase('warm-up', () => call('POST', processPath, purchase), 0.5, true);
const results = [];
results.push(await phase('GET /payments/{id}', () => call('GET', getPath)));
results.push(await phase('POST /payments/process', () => call('POST', processPath, purchase)));

agent.destroy();
worker.postMessage('close');
await new Promise((resolve) => worker.once('exit', resolve));
// The target (issue 3) is 3,000 simple requests per second on a 2-core machine; reported, not enforced, because a
// shared machine's load moves the figure more than the code does.
const TARGET_RPS = 3000;
const simple = results[0]?.rps ?? 0;
console.log(`target ${TARGET_RPS} simple req/s: ${simple >= TARGET_RPS ? 'met' : 'NOT met'} (${simple} req/s on ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)})`);
console.log(`BENCH_JSON ${JSON.stringify({ package: '@tessera/sandbox', bench: 'throughput', concurrency, targetRps: TARGET_RPS, targetMet: simple >= TARGET_RPS, results })}`);
