// Per-request overhead of `tessera.payments.retrieve` against a bare `fetch` + `JSON.parse` of the same URL on
// the same local HTTP server (127.0.0.1, keep-alive), run interleaved (ABBA) so drift hits both sides equally.
// Two servers, each in its own process so its work does not share the client's thread: the built
// @tessera/sandbox's `startSandboxServer` (the target of the issue), and a minimal node:http server answering a
// fixed payment (the strictest case: almost no server time hides the client's cost).
// Run after the build: node packages/server/bench/overhead.mjs [iterations]
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { API_PREFIX, encodeServiceToken, routePath, routes } from '@tessera/core';
import { Tessera } from '@tessera/server';


const iterations = Number(process.argv[2] ?? 3000);
const warmup = 500;

const percentile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
const summarize = (values) => ({ p50: percentile(values, 0.5), p99: percentile(values, 0.99), mean: values.reduce((a, b) => a + b, 0) / values.length });
const us = (ms) => `${(ms * 1000).toFixed(1)} µs`;

async function measure(label, { baseUrl, apiKey, paymentId }) {
  const tessera = new Tessera({ apiKey, baseUrl });
  const url = `${baseUrl}${API_PREFIX}${routePath(routes.retrievePayment, { id: paymentId })}`;
  const headers = { authorization: `Bearer ${apiKey}`, accept: 'application/json' };
  const bare = async () => JSON.parse(await (await fetch(url, { headers })).text());
  const sdk = () => tessera.payments.retrieve(paymentId);
  const runners = [['bare', bare], ['sdk', sdk]];
  for (const [name, run] of runners) if ((await run()).id !== paymentId) throw new Error(`${label}: unexpected payment from ${name}`);
  for (let i = 0; i < warmup; i++) for (const [, run] of runners) await run();
  const times = { bare: [], sdk: [] };
  const timed = async (name, run) => {
    const start = performance.now();
    await run();
    times[name].push(performance.now() - start);
  };
  for (let i = 0; i < iterations; i++) {
    for (const [name, run] of i % 2 === 0 ? runners : [...runners].reverse()) await timed(name, run);
  }
  const bareStats = summarize(times.bare);
  const sdkStats = summarize(times.sdk);
  const result = {
    iterations,
    bareP50Ms: bareStats.p50,
    bareP99Ms: bareStats.p99,
    sdkP50Ms: sdkStats.p50,
    sdkP99Ms: sdkStats.p99,
    ratioP50: sdkStats.p50 / bareStats.p50,
    ratioP99: sdkStats.p99 / bareStats.p99,
    overheadP50Us: (sdkStats.p50 - bareStats.p50) * 1000,
  };
  console.log(`${label}: ${iterations} interleaved requests each`);
  console.log(`  bare fetch + JSON.parse    p50 ${us(bareStats.p50)}  p99 ${us(bareStats.p99)}`);
  console.log(`  tessera.payments.retrieve  p50 ${us(sdkStats.p50)}  p99 ${us(sdkStats.p99)}`);
  console.log(`  ratio p50 ${result.ratioP50.toFixed(3)}x  p99 ${result.ratioP99.toFixed(3)}x  overhead p50 ${result.overheadP50Us.toFixed(1)} µs  (target p50 <= 1.15x)`);
  return result;
}

/** The sandbox over HTTP, with one succeeded payment made through the SDK. Runs in the child process. */
async function serveSandbox() {
  const sandboxPackage = await import('@tessera/sandbox');
  const server = await sandboxPackage.startSandboxServer({ port: 0, host: '127.0.0.1' }); // an address: no lookup per connection
  const { sandbox } = server;
  const tessera = new Tessera({ apiKey: sandbox.apiKey, baseUrl: server.url });
  const token = await (
    await fetch(`${server.url}${sandboxPackage.sandboxRoutes.vaultTokenizeCard}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'bt-api-key': sandbox.vaultKey },
      body: JSON.stringify({ type: 'card', data: { number: '4242424242424242', expiration_month: 12, expiration_year: 2034, cvc: '123' } }),
    })
  ).json();
  const serviceToken = encodeServiceToken({ type: 'card', token: token.id, provider: 'basistheory', nonSensitiveMetadata: { last4: token.card.last4 } });
  const storeId = sandbox.defaults.storeId;
  const { paymentInstrument } = await tessera.paymentInstruments.createFromToken({ serviceToken, storeId, customerData: { email: 'bench@example.com' } });
  const payment = await tessera.payments.purchase({ amount: 1999, currency: 'USD', storeId, paymentInstrumentId: paymentInstrument.id, initiatedBy: 'customer' });
  return { baseUrl: server.url, apiKey: sandbox.apiKey, paymentId: payment.id };
}

/** A node:http server that answers every request with the same payment. Runs in the child process. */
async function serveMinimal() {
  const body = JSON.stringify({
    id: 'pay_bench',
    amount: 1999,
    currency: 'USD',
    status: 'succeeded',
    requireAction: 'none',
    mode: 'purchase',
    initiatedBy: 'customer',
    storeId: 'store_bench',
    paymentInstrumentId: 'pi_bench',
    createdAt: new Date(0).toISOString(),
  });
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_bench' }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${server.address().port}`, apiKey: 'sk_bench', paymentId: 'pay_bench' };
}

/** Starts `kind` in a child process; resolves with its target once it listens, or undefined if it cannot start. */
function startServerProcess(kind) {
  return new Promise((resolve) => {
    const child = fork(new URL(import.meta.url), ['--serve', kind], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    child.once('message', (message) => resolve(message.error ? (child.kill(), undefined) : { ...message, close: () => child.kill() }));
    child.once('exit', () => resolve(undefined));
  });
}

if (process.argv[2] === '--serve') {
  const serve = process.argv[3] === 'sandbox' ? serveSandbox : serveMinimal;
  serve().then(
    (target) => process.send(target),
    (error) => process.send({ error: String(error) }),
  );
} else {
  await main();
}

async function main() {
  console.log(`node ${process.version}, ${iterations} iterations after ${warmup} warm-up`);
  const results = {};
  const sandboxTarget = await startServerProcess('sandbox');
  if (sandboxTarget) {
    results.sandbox = await measure('sandbox HTTP server (startSandboxServer)', sandboxTarget);
    sandboxTarget.close();
  } else {
    console.log('@tessera/sandbox is not built: measuring the minimal server only');
  }
  const minimalTarget = await startServerProcess('minimal');
  results.minimal = await measure('minimal node:http JSON server', minimalTarget);
  minimalTarget.close();
  const primary = results.sandbox ?? results.minimal;
  console.log(`BENCH_JSON ${JSON.stringify({ name: 'server-overhead', node: process.version, target: 1.15, ratioP50: primary.ratioP50, meetsTarget: primary.ratioP50 <= 1.15, ...results })}`);
}
