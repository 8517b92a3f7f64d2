// What a list's first page costs as a sandbox grows (the same at 100,000 payments as at 1,000, in memory
// and on file), and the heap each payment holds. Run after `pnpm build` (`pnpm bench` does both):
//   node --expose-gc packages/sandbox/bench/list-scale.mjs [--sizes 1000,10000,100000] [--repeats 40]
// One sandbox per size in memory, then one per size on a data file (SQLite, as the CLI keeps it), each filled through
// the sandbox's own router in this process (the operations themselves, no HTTP: `answerInProcess`): a new customer and
// card every 10 payments, the first of them a subscription's (with its order), the others purchases. Every list's
// first page (and the payments' next page by cursor) is asked `repeats` times on each, in rounds across the sizes (so
// that the machine's load falls on every size alike), and the median reported. Fails (exit 1) when a first page at
// the largest size costs more than 3× what it costs at the smallest: O(1) in the collection's size is enforced here,
// not by a timed unit test.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { encodeServiceToken } from '@tessera/core';
import { API_PREFIX, routes } from '@tessera/core/internal';
import { createSandbox } from '@tessera/sandbox';
import { answerInProcess } from '@tessera/sandbox/internal';

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '1000,10000,100000' }, repeats: { type: 'string', default: '40' }, 'heap-of': { type: 'string' } } });
const SIZES = values.sizes
  .split(',')
  .map((size) => Math.min(Math.max(Math.round(Number(size)) || 0, 10), 1_000_000))
  .sort((a, b) => a - b);
const REPEATS = Math.min(Math.max(Math.round(Number(values.repeats)) || 40, 5), 500);
const ROUNDS = 5;
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

/** A product with a monthly price, for the subscriptions; its price id (made once per sandbox). */
const plans = new WeakMap();
async function monthlyPrice(sandbox) {
  if (!plans.has(sandbox)) {
    const variant = { name: 'Monthly', sku: 'M', active: true, default: true, prices: [{ currencyOptions: { USD: { amount: 1200 } }, recurring: true, interval: 'month', intervalCount: 1, default: true }] };
    const created = json(await call(sandbox, 'POST', `${API_PREFIX}${routes.createProduct.path}`, { storeId: sandbox.defaults.storeId, name: 'Bench club', active: true, variants: [variant] }));
    plans.set(sandbox, created.product.variants[0].prices[0].id);
  }
  return plans.get(sandbox);
}

/**
 * Fills `sandbox` from `from` to `to` payments: every PAYMENTS_PER_CUSTOMER payments a new customer and card, whose
 * first payment is a subscription's first period (a subscription, an order); the others are purchases.
 */
async function fill(sandbox, from, to, perCustomer = PAYMENTS_PER_CUSTOMER) {
  const storeId = sandbox.defaults.storeId;
  const priceId = await monthlyPrice(sandbox);
  let instrumentId;
  for (let start = from; start < to; start += BATCH) {
    const batch = [];
    for (let n = start; n < Math.min(start + BATCH, to); n++) {
      if (n % perCustomer === 0 || instrumentId === undefined) {
        const token = json(await call(sandbox, 'POST', '/tokens', { type: 'card', data: { number: '4242424242424242', expiration_month: 12, expiration_year: new Date().getFullYear() + 2, cvc: '123' } }, { 'bt-api-key': sandbox.vaultKey }));
        const serviceToken = encodeServiceToken({ type: 'card', token: token.id, provider: 'basistheory' });
        const created = json(await call(sandbox, 'POST', `${API_PREFIX}${routes.createPaymentInstrumentFromToken.path}`, { serviceToken, storeId, customerData: { email: `bench${n}@example.com` } }));
        instrumentId = created.paymentInstrument.id;
        batch.push(call(sandbox, 'POST', `${API_PREFIX}${routes.createSubscription.path}`, { storeId, customerId: created.customer.id, priceId, currency: 'USD', initiatePayment: true }));
        continue;
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
    'payments by status': post(routes.listPayments.path, { filters: { status: ['succeeded'] } }),
    'payments by cursor': async () => {
      cursor ??= json(await call(sandbox, 'POST', `${API_PREFIX}${routes.listPayments.path}`, { useCursor: true })).nextCursor;
      return call(sandbox, 'POST', `${API_PREFIX}${routes.listPayments.path}`, { useCursor: true, cursor });
    },
    events: post(routes.listEvents.path, {}),
    customers: post(routes.listCustomers.path, {}),
    instruments: post(routes.listPaymentInstruments.path, {}),
    orders: () => call(sandbox, 'GET', `${API_PREFIX}${routes.listOrders.path}?storeId=${storeId}&page=1&per_page=20`),
    subscriptions: post(routes.listSubscriptions.path, {}),
  };
}

/**
 * Every list's first page on one sandbox per size, in ROUNDS rounds: each round asks each list on each sandbox in
 * turn (the order of the sizes reversed every other round), so that drift in the machine's load falls on every size
 * alike; a figure is the median of all its times.
 */
async function measureAll(bySize) {
  const asks = new Map([...bySize].map(([size, sandbox]) => [size, lists(sandbox)]));
  const times = new Map([...bySize.keys()].map((size) => [size, {}]));
  for (const [, ask] of asks) for (const run of Object.values(ask)) for (let i = 0; i < 3; i++) await run();
  const perRound = Math.max(1, Math.round(REPEATS / ROUNDS));
  for (let round = 0; round < ROUNDS; round++) {
    const sizes = round % 2 === 0 ? [...asks.keys()] : [...asks.keys()].reverse();
    for (const size of sizes) {
      for (const [name, ask] of Object.entries(asks.get(size))) {
        const list = (times.get(size)[name] ??= []);
        for (let i = 0; i < perRound; i++) {
          const started = performance.now();
          await ask();
          list.push(performance.now() - started);
        }
      }
    }
  }
  return Object.fromEntries([...times].map(([size, byName]) => [size, Object.fromEntries(Object.entries(byName).map(([name, list]) => [name, +median(list).toFixed(3)]))]));
}

const heapUsed = () => {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
};

const results = { memory: {}, file: {} };
let heapPerPaymentBytes;
let heapPerMixedPaymentBytes;

// The heap a payment holds, each measured in a process of its own (nothing of another sandbox left in its heap):
// purchases on one card (each its payment, ledger entry and event), nothing else; then with the lists' mix.
if (values['heap-of'] !== undefined) {
  const size = SIZES.at(-1);
  const heapBefore = heapUsed();
  const sandbox = createSandbox();
  await fill(sandbox, 0, size, Number(values['heap-of']));
  console.log(Math.round((heapUsed() - heapBefore) / size));
  process.exit(0);
}
if (gc !== undefined) {
  const heapOf = (perCustomer) => {
    const args = ['--expose-gc', fileURLToPath(import.meta.url), '--sizes', String(SIZES.at(-1)), '--heap-of', String(perCustomer)];
    const run = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 120_000 });
    if (run.status !== 0) throw new Error(`measuring the heap failed: ${run.stderr}`);
    return Number(run.stdout.trim());
  };
  heapPerPaymentBytes = heapOf(SIZES.at(-1));
  heapPerMixedPaymentBytes = heapOf(PAYMENTS_PER_CUSTOMER);
}

/** One sandbox per size, filled; `make` makes one. */
async function filled(place, make) {
  const bySize = new Map();
  for (const size of SIZES) {
    const sandbox = make(size);
    const started = performance.now();
    await fill(sandbox, 0, size);
    console.log(`${place}: ${size} payments (filled in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    bySize.set(size, sandbox);
  }
  return bySize;
}

results.memory = await measureAll(await filled('in memory', () => createSandbox()));

// On data files.
const dir = mkdtempSync(join(os.tmpdir(), 'tessera-bench-lists-'));
let fileMb;
try {
  const bySize = await filled('on file', (size) => createSandbox({ dataFile: join(dir, `sandbox-${size}.db`) }));
  results.file = await measureAll(bySize);
  for (const sandbox of bySize.values()) sandbox.close();
  fileMb = +(statSync(join(dir, `sandbox-${SIZES.at(-1)}.db`)).size / 1e6).toFixed(1);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// The table: one row per list and place, one column per size, then the largest size over the smallest.
const smallest = SIZES[0];
const largest = SIZES.at(-1);
const names = Object.keys(results.memory[smallest]);
const ratios = {};
console.log(`\nFirst page (median of ${REPEATS}, in ${ROUNDS} rounds across the sizes; ms) by payments held; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}`);
console.log(`${'list'.padEnd(32)}${SIZES.map((size) => String(size).padStart(10)).join('')}${`${largest}/${smallest}`.padStart(16)}`);
for (const place of ['memory', 'file']) {
  for (const name of names) {
    const ratio = +(results[place][largest][name] / results[place][smallest][name]).toFixed(2);
    ratios[`${place}: ${name}`] = ratio;
    console.log(`${`${place === 'memory' ? 'in memory' : 'on file'}: ${name}`.padEnd(32)}${SIZES.map((size) => results[place][size][name].toFixed(3).padStart(10)).join('')}${`${ratio.toFixed(2)}×`.padStart(16)}`);
  }
}
console.log(
  heapPerPaymentBytes === undefined
    ? 'heap per payment: run with --expose-gc to measure it'
    : `heap per payment: ${heapPerPaymentBytes} bytes (${largest} purchases on one card: each its payment, ledger entry and event; after GC); ` +
        `${heapPerMixedPaymentBytes} bytes with the lists' mix (a customer, card, subscription and order every ${PAYMENTS_PER_CUSTOMER} payments)`,
);
if (fileMb !== undefined) console.log(`data file at ${largest} payments: ${fileMb} MB`);
const worst = Object.entries(ratios).sort((a, b) => b[1] - a[1])[0];
const met = worst[1] <= MAX_RATIO;
console.log(`target: a first page at ${largest} payments costs at most ${MAX_RATIO}× the one at ${smallest}: ${met ? 'met' : 'NOT met'} (worst ${worst[0]}, ${worst[1]}×)`);
console.log(`BENCH_JSON ${JSON.stringify({ package: '@tessera/sandbox', bench: 'list-scale', sizes: SIZES, repeats: REPEATS, firstPageMs: results, ratios, maxRatio: MAX_RATIO, ratioMet: met, heapPerPaymentBytes, heapPerMixedPaymentBytes, fileMb, cpus: os.cpus().length, load: +os.loadavg()[0].toFixed(1) })}`);
if (!met) process.exitCode = 1;
