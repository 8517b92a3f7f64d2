// What a list's first page costs as a sandbox grows (issue 27: the same at 100,000 payments as at 1,000, in memory
// and on file), and the heap each payment holds. Run after `pnpm build` (`pnpm bench` does both):
//   node --expose-gc packages/sandbox/bench/list-scale.mjs [--sizes 1000,10000,100000] [--repeats 40]
// One sandbox in memory and one on a data file (SQLite, as the CLI keeps it) are filled through the sandbox's own
// router in this process (the operations themselves, no HTTP: `answerInProcess`), a new customer and card every 10
// payments, growing to each size in turn; at each size every list's first page (and the payments' next page by
// cursor) is asked `repeats` times, and the median reported. Fails (exit 1) when a first page at the largest size
// costs more than 3× what it costs at the smallest: O(1) in the collection's size is enforced here, not by a timed
// unit test.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { encodeServiceToken } from '@tessera/core';
import { API_PREFIX, routes } from '@tessera/core/internal';
import { createSandbox } from '@tessera/sandbox';
import { answerInProcess } from '@tessera/sandbox/internal';

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '1000,10000,100000' }, repeats: { type: 'string', default: '40' } } });
const SIZES = values.sizes
  .split(',')
  .map((size) => Math.min(Math.max(Math.round(Number(size)) || 0, 10), 1_000_000))
  .sort((a, b) => a - b);
const REPEATS = Math.min(Math.max(Math.round(Number(values.repeats)) || 40, 5), 500);
const MAX_RATIO = 3;
const PAYMENTS_PER_CUSTOMER = 10;
const BATCH = 256;
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const gc = globalThis.gc;

async function call(sandbox, method, path, body, headers = { authorization: `Bearer ${sandbox.apiKey}` }) {
  const answer = await answerInProcess(sandbox, { method, path, body, headers });
  if (answer === undefined || answer === 'dropped' || answer.status >= 300) throw new Error(`${method} ${path}: ${answer?.status} ${answer?.body}`);
  return answer;
}
const json = (answer) => JSON.parse(answer.body);

/** Fills `sandbox` from `from` to `to` payments, a new customer and card every PAYMENTS_PER_CUSTOMER payments. */
async function fill(sandbox, from, to) {
  const storeId = sandbox.defaults.storeId;
  let instrumentId;
  for (let start = from; start < to; start += BATCH) {
    const batch = [];
    for (let n = start; n < Math.min(start + BATCH, to); n++) {
      if (n % PAYMENTS_PER_CUSTOMER === 0 || instrumentId === undefined) {
        const token = json(await call(sandbox, 'POST', '/tokens', { type: 'card', data: { number: '4242424242424242', expiration_month: 12, expiration_year: new Date().getFullYear() + 2, cvc: '123' } }, { 'bt-api-key': sandbox.vaultKey }));
        const serviceToken = encodeServiceToken({ type: 'card', token: token.id, provider: 'basistheory' });
        instrumentId = json(await call(sandbox, 'POST', `${API_PREFIX}${routes.createPaymentInstrumentFromToken.path}`, { serviceToken, storeId, customerData: { email: `bench${n}@example.com` } })).paymentInstrument.id;
      }
      // Sent together: on a data file, one transaction for the batch (as concurrent requests share one per turn).
      batch.push(call(sandbox, 'POST', `${API_PREFIX}${routes.processPayment.path}`, { mode: 'purchase', amount: 1000 + (n % 100), currency: 'USD', storeId, paymentInstrumentId: instrumentId, initiatedBy: 'customer' }));
    }
    await Promise.all(batch);
  }
}

/** The lists measured: each one's first page as an app asks for it, and the payments' next page by cursor. */
function lists(sandbox) {
  const storeId = sandbox.defaults.storeId;
  const post = (path, body) => () => call(sandbox, 'POST', `${API_PREFIX}${path}`, body);
  let cursor;
  return {
    payments: post(routes.listPayments.path, {}),
    'payments of a store': post(routes.listPayments.path, { filters: { storeIds: [storeId] } }),
    'payments by cursor': async () => {
      cursor ??= json(await call(sandbox, 'POST', `${API_PREFIX}${routes.listPayments.path}`, { useCursor: true })).nextCursor;
      return call(sandbox, 'POST', `${API_PREFIX}${routes.listPayments.path}`, { useCursor: true, cursor });
    },
    events: post(routes.listEvents.path, {}),
    customers: post(routes.listCustomers.path, {}),
    instruments: post(routes.listPaymentInstruments.path, {}),
  };
}

async function measure(sandbox) {
  const figures = {};
  for (const [name, ask] of Object.entries(lists(sandbox))) {
    for (let i = 0; i < 5; i++) await ask();
    const times = [];
    for (let i = 0; i < REPEATS; i++) {
      const started = performance.now();
      await ask();
      times.push(performance.now() - started);
    }
    figures[name] = +median(times).toFixed(3);
  }
  return figures;
}

const heapUsed = () => {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
};

const results = { memory: {}, file: {} };
let heapPerPaymentBytes;

// In memory.
{
  const heapBefore = heapUsed();
  const sandbox = createSandbox();
  let filled = 0;
  for (const size of SIZES) {
    const started = performance.now();
    await fill(sandbox, filled, size);
    const fillSeconds = (performance.now() - started) / 1000;
    filled = size;
    results.memory[size] = await measure(sandbox);
    if (size === SIZES.at(-1) && gc !== undefined) heapPerPaymentBytes = Math.round((heapUsed() - heapBefore) / size);
    console.log(`in memory: ${size} payments (filled in ${fillSeconds.toFixed(1)} s)`);
  }
}

// On a data file.
const dir = mkdtempSync(join(os.tmpdir(), 'tessera-bench-lists-'));
let fileMb;
try {
  const file = join(dir, 'sandbox.db');
  const sandbox = createSandbox({ dataFile: file });
  let filled = 0;
  for (const size of SIZES) {
    const started = performance.now();
    await fill(sandbox, filled, size);
    const fillSeconds = (performance.now() - started) / 1000;
    filled = size;
    results.file[size] = await measure(sandbox);
    console.log(`on file:   ${size} payments (filled in ${fillSeconds.toFixed(1)} s)`);
  }
  sandbox.close();
  fileMb = +(statSync(file).size / 1e6).toFixed(1);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// The table: one row per list and place, one column per size, then the largest size over the smallest.
const smallest = SIZES[0];
const largest = SIZES.at(-1);
const names = Object.keys(results.memory[smallest]);
const ratios = {};
console.log(`\nFirst page (median of ${REPEATS}, ms) by payments held; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}`);
console.log(`${'list'.padEnd(32)}${SIZES.map((size) => String(size).padStart(10)).join('')}${`${largest}/${smallest}`.padStart(16)}`);
for (const place of ['memory', 'file']) {
  for (const name of names) {
    const ratio = +(results[place][largest][name] / results[place][smallest][name]).toFixed(2);
    ratios[`${place}: ${name}`] = ratio;
    console.log(`${`${place === 'memory' ? 'in memory' : 'on file'}: ${name}`.padEnd(32)}${SIZES.map((size) => results[place][size][name].toFixed(3).padStart(10)).join('')}${`${ratio.toFixed(2)}×`.padStart(16)}`);
  }
}
console.log(heapPerPaymentBytes === undefined ? 'heap per payment: run with --expose-gc to measure it' : `heap per payment: ${heapPerPaymentBytes} bytes (at ${largest} payments, with their customers, cards, ledger entries and events; after GC)`);
if (fileMb !== undefined) console.log(`data file at ${largest} payments: ${fileMb} MB`);
const worst = Object.entries(ratios).sort((a, b) => b[1] - a[1])[0];
const met = worst[1] <= MAX_RATIO;
console.log(`target: a first page at ${largest} payments costs at most ${MAX_RATIO}× the one at ${smallest}: ${met ? 'met' : 'NOT met'} (worst ${worst[0]}, ${worst[1]}×)`);
console.log(`BENCH_JSON ${JSON.stringify({ package: '@tessera/sandbox', bench: 'list-scale', sizes: SIZES, repeats: REPEATS, firstPageMs: results, ratios, maxRatio: MAX_RATIO, ratioMet: met, heapPerPaymentBytes, fileMb, cpus: os.cpus().length, load: +os.loadavg()[0].toFixed(1) })}`);
if (!met) process.exitCode = 1;
