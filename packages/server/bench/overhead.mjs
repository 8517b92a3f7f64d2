// Per-request overhead of `tessera.payments.retrieve` against the same GET made by `openai` (its generic
// `client.get`) and `stripe` (`stripe.rawRequest`), both with their default transports, and a bare `fetch` +
// `JSON.parse` of the same URL, on the same local HTTP server (127.0.0.1, keep-alive), in the same run,
// interleaved (the order rotates every iteration) so drift hits every client equally. Two servers, each in its own
// process so its work does not share the client's thread: the built @tessera/sandbox's `startSandboxServer`, and a
// minimal node:http server answering a fixed payment (the strictest case: almost no server time hides the client's
// cost). The goal: Tessera no slower than the best of openai and stripe (p50 ratio <= 1). `ky` is ky called directly
// with the client's retry and timeout options (the defaults: 2 retries, 60 s): Tessera's own layer over the ky it
// runs on, reported as `ratioToKyP50` (goal <= 1.15).
// Run after the build: node packages/server/bench/overhead.mjs [iterations]
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { encodeServiceToken } from '@tessera/core';
import { API_PREFIX, routePath, routes } from '@tessera/core/internal';
import { Tessera } from '@tessera/server';
import OpenAI from 'openai';
import Stripe from 'stripe';
import ky from 'ky';

const iterations = Number(process.argv[2] ?? 3000);
const warmup = 500;

const percentile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
const summarize = (values) => ({ p50: percentile(values, 0.5), p99: percentile(values, 0.99), mean: values.reduce((a, b) => a + b, 0) / values.length });
const us = (ms) => `${(ms * 1000).toFixed(1)} µs`;

async function measure(label, { baseUrl, apiKey, paymentId }) {
  const tessera = new Tessera({ apiKey, baseUrl });
  const path = routePath(routes.retrievePayment, { id: paymentId });
  const url = `${baseUrl}${API_PREFIX}${path}`;
  const headers = { authorization: `Bearer ${apiKey}`, accept: 'application/json' };
  const openai = new OpenAI({ apiKey, baseURL: `${baseUrl}${API_PREFIX}` });
  const { hostname, port, protocol } = new URL(baseUrl);
  const stripe = new Stripe(apiKey, { host: hostname, port: Number(port), protocol: protocol.slice(0, -1) });
  // The client's defaults (DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS), as ky's documented options.
  const kyClient = ky.create({ headers, timeout: 60_000, retry: { limit: 2 } });
  const runners = [
    ['bare', async () => JSON.parse(await (await fetch(url, { headers })).text())],
    ['tessera', () => tessera.payments.retrieve(paymentId)],
    ['ky', () => kyClient.get(url).json()],
    ['openai', () => openai.get(path)],
    ['stripe', () => stripe.rawRequest('GET', `${API_PREFIX}${path}`)],
  ];
  for (const [name, run] of runners) if ((await run()).id !== paymentId) throw new Error(`${label}: unexpected payment from ${name}`);
  for (let i = 0; i < warmup; i++) for (const [, run] of runners) await run();
  const times = Object.fromEntries(runners.map(([name]) => [name, []]));
  for (let i = 0; i < iterations; i++) {
    for (let j = 0; j < runners.length; j++) {
      const [name, run] = runners[(i + j) % runners.length];
      const start = performance.now();
      await run();
      times[name].push(performance.now() - start);
    }
  }
  const stats = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, summarize(values)]));
  const best = Math.min(stats.openai.p50, stats.stripe.p50);
  const result = {
    iterations,
    p50Ms: Object.fromEntries(Object.entries(stats).map(([name, s]) => [name, s.p50])),
    p99Ms: Object.fromEntries(Object.entries(stats).map(([name, s]) => [name, s.p99])),
    ratioToOpenaiP50: stats.tessera.p50 / stats.openai.p50,
    ratioToStripeP50: stats.tessera.p50 / stats.stripe.p50,
    ratioToBestP50: stats.tessera.p50 / best,
    ratioToBareP50: stats.tessera.p50 / stats.bare.p50,
    ratioToKyP50: stats.tessera.p50 / stats.ky.p50,
  };
  console.log(`${label}: ${iterations} interleaved requests each`);
  for (const [name, s] of Object.entries(stats)) console.log(`  ${name.padEnd(8)} p50 ${us(s.p50)}  p99 ${us(s.p99)}`);
  console.log(
    `  tessera / openai p50 ${result.ratioToOpenaiP50.toFixed(3)}x  tessera / stripe p50 ${result.ratioToStripeP50.toFixed(3)}x  ` +
      `tessera / best p50 ${result.ratioToBestP50.toFixed(3)}x (goal <= 1)  tessera / bare fetch ${result.ratioToBareP50.toFixed(3)}x  ` +
      `tessera / ky p50 ${result.ratioToKyP50.toFixed(3)}x (goal <= 1.15)`,
  );
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
  console.log(`BENCH_JSON ${JSON.stringify({ name: 'server-overhead', node: process.version, goal: 'tessera p50 <= best of openai and stripe', ratioToBestP50: primary.ratioToBestP50, ratioToKyP50: primary.ratioToKyP50, meetsGoal: primary.ratioToBestP50 <= 1, ...results })}`);
}
