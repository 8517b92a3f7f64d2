// The checkout handler's cost beside a bare route: the same payments made by a hand-written route (the
// client's createFromToken then purchase) and through createCheckoutHandler (its POST /payments, a Fetch Request
// handed to it in process), against the sandbox over HTTP on 127.0.0.1, alternating; reports the median and p95
// time per payment of each, the handler's own overhead, and the service calls each makes per payment and per
// continue (target: the handler adds at most one retrieve per continue, nothing per payment).
// Run after the build: node packages/server/bench/checkout-handler.mjs [payments]
import { startSandboxServer } from '@tessera/sandbox';
import { createCheckoutHandler, Tessera } from '@tessera/server';

const PAYMENTS = Math.min(Number(process.argv[2] ?? 200), 1000);
const sandbox = await startSandboxServer({ port: 0, host: '127.0.0.1' });
const calls = [];
// Counts every service call (method and path), as the service would see them.
const counting = (input, init) => {
  const request = input instanceof Request ? input : new Request(input, init);
  calls.push(`${request.method} ${new URL(request.url).pathname.replace('/api/public/v1', '')}`);
  return fetch(input, init);
};
const tessera = new Tessera({ apiKey: sandbox.sandbox.apiKey, baseUrl: sandbox.url, fetch: counting });
const { storeId } = sandbox.sandbox.defaults;
const gateway = sandbox.sandbox.defaults.gateway.storeId;
const handler = createCheckoutHandler({
  tessera,
  order: (orderRef) => ({ amount: 1999, currency: 'USD', storeId: orderRef.startsWith('gateway') ? gateway : storeId }),
  onError: (error) => console.error(error),
});
const ORIGIN = 'https://shop.example';
const post = (path, body, headers = {}) =>
  handler(new Request(`${ORIGIN}/api/tessera${path}`, { method: 'POST', headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }));

async function bare(serviceToken, store = storeId) {
  const { paymentInstrument } = await tessera.paymentInstruments.createFromToken({ serviceToken, storeId: store, customerData: { email: 'bench@example.com' } });
  return tessera.payments.purchase({ amount: 1999, currency: 'USD', storeId: store, paymentInstrumentId: paymentInstrument.id, initiatedBy: 'customer' });
}
async function viaHandler(serviceToken, index, orderRef = `cart_${index}`) {
  const response = await post('/payments', { orderRef, serviceToken, attempt: `attempt_${String(index).padStart(6, '0')}` });
  if (response.status !== 201) throw new Error(`handler answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const timings = { bare: [], handler: [] };
// Tokens are the page's work: made before, outside the timing.
const tokens = await Promise.all(Array.from({ length: PAYMENTS * 2 + 20 }, () => sandbox.sandbox.createServiceToken('visa')));
for (let warm = 0; warm < 5; warm++) {
  await bare(tokens.pop());
  await viaHandler(tokens.pop(), `warm${warm}`);
}
for (let index = 0; index < PAYMENTS; index++) {
  const order = index % 2 === 0 ? ['bare', 'handler'] : ['handler', 'bare'];
  for (const way of order) {
    const started = performance.now();
    if (way === 'bare') await bare(tokens.pop());
    else await viaHandler(tokens.pop(), index);
    timings[way].push(performance.now() - started);
  }
}

// Service calls: one payment each way, then one continue each way (a 3DS payment whose challenge was approved).
const counted = async (run) => {
  calls.length = 0;
  const result = await run();
  return { calls: [...calls], result };
};
const paymentCalls = { bare: (await counted(() => bare(tokens.pop()))).calls, handler: (await counted(() => viaHandler(tokens.pop(), 'count'))).calls };
const bareChallenged = await bare(await sandbox.sandbox.createServiceToken('visa_3ds'), gateway);
sandbox.sandbox.challenges.approve(bareChallenged.id);
const bareContinue = (await counted(() => tessera.payments.continue({ paymentId: bareChallenged.id }))).calls;
const handled = await viaHandler(await sandbox.sandbox.createServiceToken('visa_3ds'), 'continue', 'gateway_continue');
sandbox.sandbox.challenges.approve(handled.payment.id);
const handlerContinue = (await counted(() => post(`/payments/${handled.payment.id}/continue`, {}, { 'tessera-payment-token': handled.paymentToken }))).calls;
await sandbox.close();

const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
const summary = Object.fromEntries(Object.entries(timings).map(([way, values]) => [way, { medianMs: quantile(values, 0.5), p95Ms: quantile(values, 0.95) }]));
const overheadMs = summary.handler.medianMs - summary.bare.medianMs;
const extraContinueCalls = handlerContinue.length - bareContinue.length;
const extraPaymentCalls = paymentCalls.handler.length - paymentCalls.bare.length;
console.log(`node ${process.version}, ${PAYMENTS} payments each way, alternating, sandbox over HTTP on 127.0.0.1`);
for (const [way, figures] of Object.entries(summary)) console.log(`  ${way.padEnd(8)} median ${figures.medianMs.toFixed(2)} ms, p95 ${figures.p95Ms.toFixed(2)} ms per payment`);
console.log(`  the handler's own overhead: ${overheadMs.toFixed(2)} ms per payment (median)`);
console.log(`  service calls per payment: bare ${paymentCalls.bare.join(', ')}; handler ${paymentCalls.handler.join(', ')}`);
console.log(`  service calls per continue: bare ${bareContinue.join(', ')}; handler ${handlerContinue.join(', ')}`);
const meetsTarget = extraPaymentCalls <= 0 && extraContinueCalls <= 1;
console.log(`  target (no extra call per payment, at most one retrieve more per continue): ${meetsTarget ? 'met' : 'NOT MET'}`);
console.log(`BENCH_JSON ${JSON.stringify({ name: 'server-checkout-handler', node: process.version, payments: PAYMENTS, ...summary, overheadMs, calls: { payment: paymentCalls, continue: { bare: bareContinue, handler: handlerContinue } }, meetsTarget })}`);
if (!meetsTarget) process.exitCode = 1;
