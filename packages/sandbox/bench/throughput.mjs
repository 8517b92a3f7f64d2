// Throughput and latency of the sandbox HTTP server on loopback, side by side with a bare node:http JSON server
// answering the same requests, and (POST) with a sandbox keeping its data in a file (`dataFile`, the CLI's default:
// SQLite, one transaction per request). Run after `pnpm build`:
//   node packages/sandbox/bench/throughput.mjs [--seconds 1.5] [--rounds 5] [--concurrency 32]
// Each server runs in a worker thread (its own event loop, like a separate process); this thread drives them with
// keep-alive node:http requests, a bounded number in flight, for a fixed time and count per phase, on 127.0.0.1
// only. Phases alternate sandbox / bare server for `rounds` rounds per request kind; medians are reported.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { join } from 'node:path';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { encodeServiceToken } from '@tessera/core';
import { API_PREFIX, routePath, routes } from '@tessera/core/internal';

const HOST = '127.0.0.1'; // an address, not a name: no lookup per connection

/**
 * The baseline: what any node:http JSON service costs with nothing of the sandbox in it. It checks the bearer key,
 * parses the body, stores in or reads from a Map and answers with JSON.stringify, shaped like the sandbox's answers
 * (the templates are the sandbox's own answers to the same requests).
 */
async function serveBare({ apiKey, getPath, processPath, payment, processAnswer }) {
  const payments = new Map([[payment.id, payment]]);
  const getPrefix = getPath.slice(0, getPath.lastIndexOf('/') + 1);
  let next = 0;
  const answer = (response, status, value) => {
    const text = JSON.stringify(value);
    response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
  };
  const server = createServer((request, response) => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) return answer(response, 401, { error: { code: 'unauthorized' } });
    if (request.method === 'GET' && request.url.startsWith(getPrefix)) {
      const found = payments.get(request.url.slice(getPrefix.length));
      return found ? answer(response, 200, found) : answer(response, 404, { error: { code: 'not_found' } });
    }
    if (request.method === 'POST' && request.url === processPath) {
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const now = new Date().toISOString();
        const created = { ...processAnswer.payment, ...input, id: `pay_bare_${++next}`, createdAt: now, updatedAt: now };
        payments.set(created.id, created);
        answer(response, 200, { ...processAnswer, payment: created });
      });
      return undefined;
    }
    return answer(response, 404, { error: { code: 'not_found' } });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise((resolve) => server.listen(0, HOST, resolve));
  parentPort.postMessage({ url: `http://${HOST}:${server.address().port}` });
  answerCpuAndClose(async () => {
    server.close();
    server.closeAllConnections();
  });
}

async function serveSandbox({ dataDir }) {
  const { startSandboxServer } = await import('@tessera/sandbox');
  const sandboxOptions = dataDir === undefined ? {} : { dataFile: join(dataDir, 'sandbox.db') };
  const server = await startSandboxServer({ port: 0, host: HOST, sandboxOptions });
  parentPort.postMessage({ url: server.url, apiKey: server.sandbox.apiKey, vaultKey: server.sandbox.vaultKey, storeId: server.sandbox.defaults.storeId });
  answerCpuAndClose(async () => {
    await server.close();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });
}

/** In a worker: answers 'cpu' with this thread's CPU time so far (µs), and 'close' by closing. */
function answerCpuAndClose(close) {
  parentPort.on('message', async (message) => {
    if (message === 'cpu') {
      const { user, system } = process.threadCpuUsage();
      parentPort.postMessage(user + system);
    } else {
      await close();
      parentPort.close();
    }
  });
}

/** Starts this file in a worker with a role; resolves with the worker and its first message. */
async function startWorker(data) {
  const worker = new Worker(new URL(import.meta.url), { workerData: data });
  const info = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const cpu = () =>
    new Promise((resolve) => {
      worker.once('message', resolve);
      worker.postMessage('cpu');
    });
  const stop = async () => {
    worker.postMessage('close');
    await new Promise((resolve) => worker.once('exit', resolve));
  };
  return { info, cpu, stop };
}

/** A keep-alive client of one server. */
function client(url, apiKey, concurrency) {
  const base = new URL(url);
  let agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const call = (method, path, body, headers = {}) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        {
          host: base.hostname,
          port: base.port,
          method,
          path,
          agent,
          headers: { authorization: `Bearer ${apiKey}`, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...headers },
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
  // New connections for each phase: with three servers in turn, one may sit idle past its keep-alive timeout (5 s),
  // and a request on a socket the server is closing fails.
  const fresh = () => {
    agent.destroy();
    agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  };
  return { call, fresh, close: () => agent.destroy() };
}

async function main() {
  const { values } = parseArgs({
    options: { seconds: { type: 'string', default: '1.5' }, rounds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '32' } },
  });
  const seconds = Math.min(Math.max(Number(values.seconds) || 1.5, 0.5), 60);
  const rounds = Math.min(Math.max(Math.round(Number(values.rounds)) || 5, 1), 15);
  const concurrency = Math.min(Math.max(Number(values.concurrency) || 32, 1), 256);
  const MAX_REQUESTS_PER_PHASE = 2_000_000;

  const sandboxWorker = await startWorker({ role: 'sandbox' });
  const { info } = sandboxWorker;
  const sandbox = client(info.url, info.apiKey, concurrency);
  const fileWorker = await startWorker({ role: 'sandbox', dataDir: mkdtempSync(join(os.tmpdir(), 'tessera-bench-')) });
  const file = client(fileWorker.info.url, info.apiKey, concurrency);

  // Setup, the same on both sandboxes (so the same ids): a card in the vault, an instrument, one payment to read.
  const setUp = async (target, targetInfo) => {
    const token = await target.call(
      'POST',
      '/tokens',
      { type: 'card', data: { number: '4242424242424242', expiration_month: 12, expiration_year: new Date().getFullYear() + 2, cvc: '123' } },
      { authorization: '', 'bt-api-key': targetInfo.vaultKey },
    );
    const serviceToken = encodeServiceToken({ type: 'card', token: JSON.parse(token.text).id, provider: 'basistheory' });
    return JSON.parse(
      (await target.call('POST', `${API_PREFIX}${routes.createPaymentInstrumentFromToken.path}`, { serviceToken, storeId: targetInfo.storeId, customerData: { email: 'bench@example.com' } })).text,
    ).paymentInstrument;
  };
  const instrument = await setUp(sandbox, info);
  const fileInstrument = await setUp(file, fileWorker.info);
  if (fileInstrument.id !== instrument.id) throw new Error(`the file sandbox made ${fileInstrument.id}, the in-memory one ${instrument.id}`);
  const processPath = `${API_PREFIX}${routes.processPayment.path}`;
  const purchase = { mode: 'purchase', amount: 1000, currency: 'USD', storeId: info.storeId, paymentInstrumentId: instrument.id, initiatedBy: 'customer' };
  const processAnswer = JSON.parse((await sandbox.call('POST', processPath, purchase)).text);
  await file.call('POST', processPath, purchase);
  const payment = processAnswer.payment;
  const getPath = `${API_PREFIX}${routePath(routes.retrievePayment, { id: payment.id })}`;

  const bareWorker = await startWorker({ role: 'bare', apiKey: info.apiKey, getPath, processPath, payment: JSON.parse((await sandbox.call('GET', getPath)).text), processAnswer });
  const bare = client(bareWorker.info.url, info.apiKey, concurrency);

  // A phase drives one server; besides req/s it reads the server thread's CPU time per request, a figure that
  // moves less than req/s with the machine's load.
  async function phase(target, send, phaseSeconds) {
    target.client.fresh();
    const cpuBefore = await target.worker.cpu();
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
    const cpuUs = (await target.worker.cpu()) - cpuBefore;
    latencies.sort((a, b) => a - b);
    const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    return { requests: latencies.length, errors, seconds: +elapsed.toFixed(2), rps: Math.round(latencies.length / elapsed), p50Ms: +pick(0.5).toFixed(2), p99Ms: +pick(0.99).toFixed(2), cpuUsPerRequest: Math.round(cpuUs / Math.max(1, latencies.length)) };
  }
  const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const median = (runs) => runs.find((run) => run.rps === middle(runs.map((r) => r.rps)));

  const kinds = [
    { key: 'retrievePayment', name: 'GET /payments/{id}', send: (target) => target.client.call('GET', getPath) },
    { key: 'processPayment', name: 'POST /payments/process', send: (target) => target.client.call('POST', processPath, purchase) },
  ];
  const targets = { sandbox: { client: sandbox, worker: sandboxWorker }, bare: { client: bare, worker: bareWorker }, file: { client: file, worker: fileWorker } };
  // A short warm-up (not reported) so the JIT has compiled the hot paths of every side.
  for (const kind of kinds) for (const target of Object.values(targets)) await phase(target, () => kind.send(target), 0.5);

  const results = {};
  const line = (label, figures) =>
    `  ${label.padEnd(8)} ${String(figures.rps).padStart(6)} req/s  p50 ${figures.p50Ms} ms  p99 ${figures.p99Ms} ms  ${String(figures.cpuUsPerRequest).padStart(4)} µs CPU/request  (${figures.requests} requests, ${figures.errors} errors)`;
  for (const kind of kinds) {
    const runs = { sandbox: [], bare: [], file: [] };
    // POST also runs on the sandbox with a data file (what a request costs written through to SQLite).
    const labels = kind.key === 'processPayment' ? ['sandbox', 'file', 'bare'] : ['sandbox', 'bare'];
    for (let round = 0; round < rounds; round++) {
      // Each round runs each side, in turns (the order reversed every other round), so that drift in the machine's
      // load falls on every side alike; a ratio is the median of the rounds' ratios.
      const order = round % 2 === 0 ? labels : [...labels].reverse();
      for (const label of order) runs[label].push(await phase(targets[label], () => kind.send(targets[label]), seconds));
    }
    const figures = { sandbox: median(runs.sandbox), bare: median(runs.bare) };
    const ratio = +middle(runs.sandbox.map((run, round) => run.rps / runs.bare[round].rps)).toFixed(3);
    results[kind.key] = { name: kind.name, ...figures, ratio };
    console.log(`${kind.name}  (median of ${rounds} rounds of ${seconds} s, concurrency ${concurrency})`);
    console.log(line('sandbox', figures.sandbox));
    console.log(line('bare', figures.bare));
    console.log(`  ratio    ${ratio.toFixed(2)}× (sandbox / bare node:http, median of the rounds)`);
    if (runs.file.length > 0) {
      const fileRatio = +middle(runs.file.map((run, round) => run.rps / runs.sandbox[round].rps)).toFixed(3);
      results[kind.key].file = median(runs.file);
      results[kind.key].fileRatio = fileRatio;
      console.log(line('file', results[kind.key].file));
      console.log(`  ratio    ${fileRatio.toFixed(2)}× (sandbox with a data file / in memory, median of the rounds)`);
    }
  }

  sandbox.close();
  bare.close();
  file.close();
  await Promise.all([sandboxWorker.stop(), bareWorker.stop(), fileWorker.stop()]);
  // The target is 3,000 simple requests per second on a 2-core machine, and at least half of a bare
  // node:http JSON server's rate; reported, not enforced, because a shared machine's load moves the figures more
  // than the code does.
  const TARGET_RPS = 3000;
  const TARGET_RATIO = 0.5;
  const simple = results.retrievePayment.sandbox.rps;
  const lowestRatio = Math.min(...Object.values(results).map((result) => result.ratio));
  // Issue 27: a POST on a data file at least half as fast as in memory, same machine, same run.
  const TARGET_FILE_RATIO = 0.5;
  const fileRatio = results.processPayment.fileRatio;
  // Issue 28: a POST at least 0.8× of the bare node:http server's rate. Beside it, the ratio of the server threads'
  // CPU per request (bare / sandbox), which the machine's load moves less than req/s.
  const TARGET_POST_RATIO = 0.8;
  const postRatio = results.processPayment.ratio;
  const postCpuRatio = +(results.processPayment.bare.cpuUsPerRequest / Math.max(1, results.processPayment.sandbox.cpuUsPerRequest)).toFixed(3);
  console.log(`target ${TARGET_RPS} simple req/s: ${simple >= TARGET_RPS ? 'met' : 'NOT met'} (${simple} req/s on ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)})`);
  console.log(`target ${TARGET_RATIO}× of bare node:http: ${lowestRatio >= TARGET_RATIO ? 'met' : 'NOT met'} (lowest ${lowestRatio.toFixed(2)}×)`);
  console.log(
    `target POST ${TARGET_POST_RATIO}× of bare node:http: ${postRatio >= TARGET_POST_RATIO ? 'met' : 'NOT met'} (${postRatio.toFixed(2)}× req/s; CPU per request bare / sandbox ${postCpuRatio.toFixed(2)}×)`,
  );
  console.log(`target POST on a data file ${TARGET_FILE_RATIO}× of in memory: ${fileRatio >= TARGET_FILE_RATIO ? 'met' : 'NOT met'} (${fileRatio.toFixed(2)}×)`);
  console.log(
    `BENCH_JSON ${JSON.stringify({
      package: '@tessera/sandbox',
      bench: 'throughput',
      concurrency,
      rounds,
      targetRps: TARGET_RPS,
      targetMet: simple >= TARGET_RPS,
      targetRatio: TARGET_RATIO,
      ratioMet: lowestRatio >= TARGET_RATIO,
      targetFileRatio: TARGET_FILE_RATIO,
      fileRatioMet: fileRatio >= TARGET_FILE_RATIO,
      targetPostRatio: TARGET_POST_RATIO,
      postRatioMet: postRatio >= TARGET_POST_RATIO,
      postCpuRatio,
      results,
    })}`,
  );
}

if (isMainThread) await main();
else if (workerData.role === 'bare') await serveBare(workerData);
else await serveSandbox(workerData);
