import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandboxServer, type SandboxServer } from '@tessera/sandbox';
import { Tessera } from '@tessera/server';
import { afterEach, describe, expect, it } from 'vitest';
import { runSnippet, type SnippetRun, snippetsUnder } from './run-snippet.js';
import { snippets } from '../../../scripts/readme-snippets.mjs';

// The READMEs' examples run as written against a sandbox on 127.0.0.1, each in a Node process of its own, after the
// packages are built (`pnpm test` builds first): the server's creates (instruments, 3DS sessions, payments, radar
// sessions, processors, flows, stores, products, checkout sessions, subscriptions, webhook endpoints) and the
// sandbox's test helpers (in code and through connectSandbox). Where an example exports functions, a driver calls
// them as a merchant's routes would. Every ```ts snippet of the two READMEs either runs here or is listed in
// `notRun` with why.

const server = 'packages/server/README.md';
const sandboxReadme = 'packages/sandbox/README.md';

/** The sections whose snippets run here, by README. */
const run: Record<string, string[]> = {
  [server]: ['Quick start', 'Every route your own', 'Testing without an account', 'Setting up a store', 'The checkout handler', "The page's settings and your own routes", 'Pagination', 'Webhooks', 'Reconciling an unknown outcome', 'Logging'],
  [sandboxReadme]: ['Over HTTP', 'Out of process, with connectSandbox', 'Helpers', "Test clocks: time moved for one test's customers only", 'Faults', 'Overrides'],
};
/** The sections whose snippets only compile (`readme-snippets.test.ts`), and why they do not run here. */
const notRun: Record<string, Record<string, string>> = {
  [server]: {},
  [sandboxReadme]: {
    'In tests, with msw': 'a vitest file (beforeAll, afterAll): the same setup runs in "Helpers" and in the server\'s "Quick start"',
    'Card fields: Basis Theory Elements, offline': 'browser code: the card fields run in Chromium in the sandbox\'s browser tests',
    'Wallet sheets offline': 'Playwright code: the helpers play a sheet in Chromium in the sandbox\'s wallet-stand-ins browser test and the checkout-web starter\'s end-to-end test',
  },
};

let sandbox: SandboxServer | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function startSandbox(): Promise<SandboxServer> {
  sandbox = await startSandboxServer({ port: 0, host: '127.0.0.1' });
  return sandbox;
}

/** Runs every snippet of a section against a new sandbox; each must exit 0. */
async function runSection(readme: string, heading: string, options: Omit<Parameters<typeof runSnippet>[1], 'sandboxUrl'> = {}, started?: SandboxServer) {
  const target = started ?? (await startSandbox());
  const found = snippetsUnder(readme, heading);
  expect(found.length, `${readme} has snippets under "${heading}"`).toBeGreaterThan(0);
  const results: SnippetRun[] = [];
  for (const snippet of found) {
    const result = await runSnippet(snippet, { ...options, sandboxUrl: target.url });
    expect(result.exitCode, `${snippet.file}:${snippet.line} exited ${String(result.exitCode)}\n${result.stdout}\n${result.stderr}`).toBe(0);
    results.push(result);
  }
  return { sandbox: target, results };
}

/** A port free on 127.0.0.1 just now, for an example that listens on `PORT`. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The last line a driver printed, as JSON. */
const reported = (result: SnippetRun): Record<string, unknown> => JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;

/** A customer with a card, a product with a monthly price, made over the API as a merchant would. */
async function customerAndProduct(target: SandboxServer, storeId: string) {
  const tessera = new Tessera({ apiKey: target.sandbox.apiKey, baseUrl: target.url });
  const { paymentInstrument, customer } = await tessera.paymentInstruments.createFromToken({
    serviceToken: await target.sandbox.createServiceToken('visa'),
    storeId,
    customerData: { email: 'grace@example.com' },
  });
  const price = { currencyOptions: { USD: { amount: 1200 } }, recurring: true, interval: 'month', intervalCount: 1, default: true } as const;
  const { product } = await tessera.products.create({ storeId, name: 'Beans', active: true, variants: [{ name: 'Monthly', sku: 'BEANS-M', active: true, default: true, prices: [price] }] });
  const variant = product!.variants[0]!;
  return { customerId: customer.id, paymentInstrumentId: paymentInstrument.id, variantId: variant.id, priceId: variant.prices![0]!.id };
}

it('every snippet of the two READMEs runs here or says why not', () => {
  for (const readme of [server, sandboxReadme]) {
    for (const snippet of snippets(readme)) {
      const covered = run[readme]!.includes(snippet.heading) || snippet.heading in notRun[readme]!;
      expect(covered, `${readme}:${snippet.line} ("${snippet.heading}") neither runs nor says why not`).toBe(true);
    }
  }
});

it('every create of the server and every sandbox test helper is in a snippet that runs', () => {
  const ran = Object.entries(run).flatMap(([readme, headings]) => headings.flatMap((heading) => snippetsUnder(readme, heading).map((snippet) => snippet.code))).join('\n');
  const calls = [
    'paymentInstruments.createFromToken(', 'threeds.createSession(', 'payments.purchase(', 'payments.continue(', 'radarSessions.create(',
    'processors.create(', 'paymentFlows.create(', 'stores.create(', 'products.create(', 'checkoutSessions.create(', 'checkoutSessions.pay(',
    'subscriptions.create(', 'webhooks.createEndpoint(', 'payments.reconcile(', 'createCheckoutHandler(', 'toNodeListener(', 'createWebhookHandler(',
    'sandbox.createServiceToken(', 'sandbox.faults.add(', 'sandbox.faults.remove(', 'sandbox.challenges.approve(', 'sandbox.countCharges(',
    'sandbox.records.ledger.list(', 'sandbox.clock.advance(', 'sandbox.webhooksIdle(', 'sandbox.testClocks.create(', 'sandbox.testClocks.advance(',
    'sandbox.testClocks.delete(', 'sandbox.override(',
  ];
  expect(calls.filter((call) => !ran.includes(call))).toEqual([]);
});

describe('@tessera/server README', () => {
  it('Every route your own: the routes pay a radar-checked card and a 3DS card to succeeded, each charged once; the msw setup runs', async () => {
    const driver = `
import { connectSandbox } from '@tessera/sandbox';
import * as app from './example.mts';
const sandbox = connectSandbox(process.env.TESSERA_BASE_URL);
const token = (card) => sandbox.createServiceToken(card);

const radarCard = await app.createInstrument({ serviceToken: await token('visa_airwallex_radar'), email: 'ada@example.com' });
const { payment: radar } = await app.pay({ paymentInstrumentId: radarCard.paymentInstrumentId });
const saved = await app.saveRadarSession({ paymentId: radar.id, airwallexRadarSessionId: '6f1c2b9e-4a7d-4e2b-9c1f-0a8b7c6d5e4f' });
await app.continuePayment({ paymentId: radar.id });

const card = await app.createInstrument({ serviceToken: await token('visa_3ds'), email: 'ada@example.com' });
const session = await app.createThreeDSSession({ provider: 'basis_theory', paymentInstrumentId: card.paymentInstrumentId, sessionData: { id: 'bt_3ds_readme', metadata: {} } });
const { payment: challenged } = await app.pay({ paymentInstrumentId: card.paymentInstrumentId, threedsSessionId: session.id });
await sandbox.challenges.approve(challenged.id);
await app.continuePayment({ paymentId: challenged.id });

console.log(JSON.stringify({
  radar: { id: radar.id, asked: radar.requireAction, saved: saved.radarSessionId !== null, final: (await app.paymentStatus(radar.id)).status },
  threeds: { id: challenged.id, asked: challenged.requireAction, final: (await app.paymentStatus(challenged.id)).status },
}));
`;
    const target = await startSandbox();
    const [withDriver] = snippetsUnder(server, 'Every route your own');
    const [msw] = snippetsUnder(server, 'Testing without an account');
    const routes = await runSnippet(withDriver!, { sandboxUrl: target.url, env: { TESSERA_STORE_ID: target.sandbox.defaults.gateway.storeId }, driver });
    expect(routes.exitCode, routes.stderr).toBe(0);
    const { radar, threeds } = reported(routes) as Record<string, { id: string; asked: string; saved?: boolean; final: string }>;
    expect(radar).toMatchObject({ asked: 'radar', saved: true, final: 'succeeded' });
    expect(threeds).toMatchObject({ asked: 'threeds_auth', final: 'succeeded' });
    expect(target.sandbox.countCharges(radar!.id)).toBe(1);
    expect(target.sandbox.countCharges(threeds!.id)).toBe(1);
    expect(target.sandbox.records.threedsSessions.list()).toHaveLength(1);

    const inTests = await runSnippet(msw!, { sandboxUrl: target.url });
    expect(inTests.exitCode, inTests.stderr).toBe(0);
  });

  it('Setting up a store: processor, flow, store, product and its id; then a checkout paid and a subscription', async () => {
    const target = await startSandbox();
    const storeId = target.sandbox.defaults.storeId;
    const values = { storeId, ...(await customerAndProduct(target, storeId)) };
    const { results } = await runSection(server, 'Setting up a store', { values }, target);
    const records = target.sandbox.records;
    const processor = records.processors.list().find((item) => item.name === 'Test processor');
    const store = records.stores.list().find((item) => item.name === 'Coffee club');
    const product = records.products.list().find((item) => item.name === 'Monthly bag');
    expect(processor).toMatchObject({ type: 'sandbox' });
    expect(store?.selectedPaymentFlowId).toBe(records.paymentFlows.list().find((flow) => flow.name === 'Default flow')?.id);
    expect(product?.storeId).toBe(store?.id);
    expect(results[0]!.stdout).toContain(product!.id);
    expect(results[0]!.stdout).toContain(product!.variants[0]!.prices[0]!.id);

    const [checkout] = records.checkoutSessions.list();
    expect(checkout).toMatchObject({ amount: 2400, currency: 'USD' });
    // The checkout makes an order and, its price being monthly, a subscription; subscriptions.create another, with
    // an order for its first period.
    expect(records.orders.list()).toHaveLength(2);
    expect(records.subscriptions.list()).toHaveLength(2);
    expect(target.sandbox.countCharges()).toBe(2); // the checkout's payment and the first period
  });

  it('Quick start and The checkout handler: the Next.js route pays an order at its own price and refuses an unknown one; the node:http server serves it', async () => {
    const target = await startSandbox();
    const [route] = snippetsUnder(server, 'Quick start');
    const [nodeServer] = snippetsUnder(server, 'The checkout handler');
    const pay = `
const serviceToken = await connectSandbox(process.env.TESSERA_BASE_URL).createServiceToken('visa');
const body = (orderRef, attempt) => JSON.stringify({ orderRef, serviceToken, attempt, amount: 1 }); // the page's amount is ignored
`;
    const routeDriver = `
import { connectSandbox } from '@tessera/sandbox';
import { POST } from './example.mts';
${pay}
const call = (orderRef, attempt) => POST(new Request('https://shop.example/api/tessera/payments', { method: 'POST', headers: { origin: 'https://shop.example', 'content-type': 'application/json' }, body: body(orderRef, attempt) }));
const paid = await call('cart_42', 'attempt_0001');
const unknown = await call('cart_43', 'attempt_0002');
console.log(JSON.stringify({ paid: paid.status, payment: (await paid.json()).payment, unknown: unknown.status, unknownBody: await unknown.json() }));
`;
    const env = { TESSERA_STORE_ID: target.sandbox.defaults.storeId };
    const routed = await runSnippet(route!, { sandboxUrl: target.url, env, driver: routeDriver });
    expect(routed.exitCode, routed.stderr).toBe(0);
    const answer = reported(routed);
    expect(answer).toMatchObject({ paid: 201, payment: { amount: 1999, currency: 'USD', status: 'succeeded' }, unknown: 404, unknownBody: { error: { code: 'unknown_order' } } });
    expect(routed.stdout).toContain('paid cart_42'); // afterPayment
    expect(target.sandbox.records.payments.list()).toEqual([expect.objectContaining({ amount: 1999, metadata: expect.objectContaining({ checkoutOrderRef: 'cart_42' }) })]);

    const port = await freePort();
    const serverDriver = `
import { connectSandbox } from '@tessera/sandbox';
import './example.mts';
${pay}
const paid = await fetch('http://127.0.0.1:${port}/api/tessera/payments', { method: 'POST', headers: { origin: 'https://shop.example', 'content-type': 'application/json' }, body: body('cart_42', 'attempt_0003') });
const elsewhere = await fetch('http://127.0.0.1:${port}/other');
console.log(JSON.stringify({ paid: paid.status, payment: (await paid.json()).payment, elsewhere: elsewhere.status }));
process.exit(0); // the example's server listens until stopped
`;
    const served = await runSnippet(nodeServer!, { sandboxUrl: target.url, env: { ...env, PORT: String(port) }, driver: serverDriver });
    expect(served.exitCode, served.stderr).toBe(0);
    expect(reported(served)).toMatchObject({ paid: 201, payment: { amount: 1999, status: 'succeeded' }, elsewhere: 404 });
  });

  it("The page's settings and your own routes: the refund route refunds a payment in part, answers bad input 400 naming the field and an unknown payment 404", async () => {
    const target = await startSandbox();
    const [refundRoute] = snippetsUnder(server, "The page's settings and your own routes");
    const driver = `
import { Tessera } from '@tessera/server';
import { connectSandbox } from '@tessera/sandbox';
import { POST } from './example.mts';
const tessera = new Tessera();
const storeId = process.env.TESSERA_STORE_ID;
const serviceToken = await connectSandbox(process.env.TESSERA_BASE_URL).createServiceToken('visa');
const { paymentInstrument } = await tessera.paymentInstruments.createFromToken({ serviceToken, storeId, customerData: { email: 'ada@example.com' } });
const paid = await tessera.payments.purchase({ amount: 1999, currency: 'USD', storeId, paymentInstrumentId: paymentInstrument.id, initiatedBy: 'customer' });
const refund = async (id, body) => {
  const response = await POST(new Request('https://shop.example/api/payments/' + id + '/refund', { method: 'POST', body }), { params: Promise.resolve({ id }) });
  return { status: response.status, body: await response.json() };
};
console.log(JSON.stringify({ part: await refund(paid.id, JSON.stringify({ amount: 500 })), bad: await refund(paid.id, JSON.stringify({ amount: 1.5 })), unknown: await refund('pay_unknown', '{}') }));
`;
    const ran = await runSnippet(refundRoute!, { sandboxUrl: target.url, env: { TESSERA_STORE_ID: target.sandbox.defaults.storeId }, driver });
    expect(ran.exitCode, ran.stderr).toBe(0);
    const { part, bad, unknown } = reported(ran) as Record<'part' | 'bad' | 'unknown', { status: number; body: { status?: string; error?: { code: string; fields?: { field: string }[] } } }>;
    expect([part.status, part.body.status]).toEqual([200, 'partially_refunded']);
    // Bad input is refused before anything is sent, naming its field; the service's 404 is passed on with its code.
    expect([bad.status, bad.body.error?.code, bad.body.error?.fields?.map((field) => field.field)]).toEqual([400, 'validation_error', ['amount']]);
    expect([unknown.status, typeof unknown.body.error?.code]).toEqual([404, 'string']);
  });

  it('Pagination and Logging run against a store with payments', async () => {
    const target = await startSandbox();
    await runSection(server, 'Pagination', { env: { TESSERA_STORE_ID: target.sandbox.defaults.storeId } }, target);
    await runSection(server, 'Logging', {}, target);
  });

  it('Webhooks: the endpoint is registered, and the handler refuses an unsigned delivery and takes a signed one', async () => {
    const driver = `
import { createHmac } from 'node:crypto';
import * as app from './example.mts';
process.env.TESSERA_WEBHOOK_SECRET = 'whsec_readme_test';
const body = JSON.stringify({ id: 'evt_1', type: 'payment/succeeded', data: { id: 'pay_1', amount: 1999, currency: 'USD', status: 'succeeded' } });
const t = Math.floor(Date.now() / 1000);
const signature = 't=' + t + ',v1=' + createHmac('sha256', process.env.TESSERA_WEBHOOK_SECRET).update(t + '.' + body).digest('hex');
const post = (headers) => app.handleWebhook(new Request('https://shop.example/webhooks', { method: 'POST', body, headers }));
const unsigned = await post({});
const signed = await post({ 'x-tessera-signature': signature });
console.log(JSON.stringify({ unsigned: unsigned.status, unsignedBody: await unsigned.json(), signed: signed.status }));
`;
    const target = await startSandbox();
    const [snippet] = snippetsUnder(server, 'Webhooks');
    const result = await runSnippet(snippet!, { sandboxUrl: target.url, env: { TESSERA_STORE_ID: target.sandbox.defaults.storeId }, driver });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(reported(result)).toEqual({ unsigned: 400, unsignedBody: { error: { code: 'missing_signature', message: expect.any(String) as string } }, signed: 204 });
    expect(target.sandbox.records.webhookEndpoints.list()).toEqual([
      expect.objectContaining({ storeId: target.sandbox.defaults.storeId, url: 'https://shop.example/webhooks', eventTypes: ['order/paid', 'payment/succeeded', 'payment/declined'] }),
    ]);
  });

  it('Reconciling an unknown outcome: every attempt dropped after the charge, reconciled to the one payment', async () => {
    const driver = `
import { connectSandbox } from '@tessera/sandbox';
import { Tessera } from '@tessera/server';
import * as app from './example.mts';
const sandbox = connectSandbox(process.env.TESSERA_BASE_URL);
const tessera = new Tessera({ apiKey: process.env.TESSERA_API_KEY });
const { paymentInstrument } = await tessera.paymentInstruments.createFromToken({ serviceToken: await sandbox.createServiceToken('visa'), storeId: process.env.TESSERA_STORE_ID, customerData: { email: 'ada@example.com' } });
// The first attempt and both retries: each charge made, each answer lost.
await sandbox.faults.add({ route: 'processPayment', kind: 'drop_after_commit', times: 3 });
const payment = await app.chargeOrder({ id: 'order_1001', amountCents: 2500, paymentInstrumentId: paymentInstrument.id });
console.log(JSON.stringify({ id: payment.id, status: payment.status, amount: payment.amount }));
`;
    const target = await startSandbox();
    const [snippet] = snippetsUnder(server, 'Reconciling an unknown outcome');
    const result = await runSnippet(snippet!, { sandboxUrl: target.url, env: { TESSERA_STORE_ID: target.sandbox.defaults.storeId }, driver });
    expect(result.exitCode, result.stderr).toBe(0);
    const payment = reported(result) as { id: string };
    expect(payment).toMatchObject({ status: 'succeeded', amount: 2500 });
    expect(target.sandbox.records.payments.list()).toHaveLength(1);
    expect(target.sandbox.countCharges(payment.id)).toBe(1);
    expect(target.sandbox.records.payments.get(payment.id)).toMatchObject({ orderId: 'order_1001', metadata: { orderRef: 'order_1001' } });
  });
});

describe('@tessera/sandbox README', () => {
  it('Over HTTP, Faults and Overrides run as written', async () => {
    await runSection(sandboxReadme, 'Over HTTP');
    await runSection(sandboxReadme, 'Faults');
    await runSection(sandboxReadme, 'Overrides');
  });

  it('Helpers: a 3DS card approved and charged once, a dropped answer not charged twice, the clock moved', async () => {
    const { results } = await runSection(sandboxReadme, 'Helpers');
    const lines = results[0]!.stdout.trim().split('\n');
    expect(lines.slice(0, 3)).toEqual(['threeds_auth', 'succeeded', '1']);
    expect(lines[3]).toContain("'charge 1999 USD'");
    expect(lines[4]).toContain("1 [ { route: 'processPayment', kind: 'drop_after_commit' } ]");
    expect(lines[5]).toContain('payment/succeeded');
  });

  it('connectSandbox: a token, a fault added and removed, a 3DS challenge approved, in a sandbox of another process', async () => {
    const { sandbox: target, results } = await runSection(sandboxReadme, 'Out of process, with connectSandbox');
    expect(results[0]!.stdout.trim()).toBe('succeeded');
    expect(target.sandbox.faults.rules()).toEqual([]);
    const [payment] = target.sandbox.records.payments.list();
    expect(target.sandbox.countCharges(payment!.id)).toBe(1);
  });

  it("Test clocks: the customer's subscription renews on its clock, then the clock and its customer are deleted", async () => {
    const target = await startSandbox();
    const { priceId } = await customerAndProduct(target, target.sandbox.defaults.storeId);
    await runSection(sandboxReadme, "Test clocks: time moved for one test's customers only", { values: { priceId } }, target);
    // The first period and its renewal 31 days on were charged; deleting the clock removed its customer's records.
    expect(target.sandbox.records.ledger.list().filter((entry) => entry.kind === 'charge')).toHaveLength(2);
    expect(target.sandbox.testClocks.list()).toEqual([]);
    expect(target.sandbox.records.subscriptions.list()).toEqual([]);
  });
});
