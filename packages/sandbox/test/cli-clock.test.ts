import { API_PREFIX, routes } from '@tessera/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSandbox, SANDBOX_API_KEY } from '../src/index.js';
import { cli, start } from './cli-process.js';

// `tessera-sandbox clock …` (the built CLI) against a sandbox running in another process (the CLI): what the commands
// print and what they moved.
let sandbox: Awaited<ReturnType<typeof start>>;
beforeAll(async () => {
  sandbox = await start('--port', '0');
});
afterAll(async () => {
  await sandbox.stop();
});

const api = async (route: { method: string; path: string }, body?: unknown, headers: Record<string, string> = {}, id = '') => {
  const response = await fetch(`${sandbox.url}${API_PREFIX}${route.path.replace('{id}', id)}`, {
    method: route.method,
    headers: { authorization: `Bearer ${SANDBOX_API_KEY}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

describe('tessera-sandbox clock (built CLI, against a running sandbox)', () => {
  it('creates a test clock, advances it 31 days (its customer\'s subscription renews), lists and deletes it; advances the sandbox clock', async () => {
    const created = await cli('clock', 'create', '--frozen-time', '2026-03-01T00:00:00Z', '--name', 'cli', '--sandbox', sandbox.url);
    expect(created.code).toBe(0);
    const clockId = created.stdout.trim();
    expect(clockId).toMatch(/^clock_[0-9a-z]{8}_\d{6}$/);
    expect(created.stderr).toContain(`Tessera-Test-Clock: ${clockId}`);

    // A customer under the clock, subscribed monthly (its first period paid).
    const storeId = 'store_000001';
    const remote = connectSandbox(sandbox.url);
    const serviceToken = await remote.createServiceToken('visa');
    const instrument = await api(routes.createPaymentInstrumentFromToken, { serviceToken, storeId, customerData: { email: 'ada@example.com' } }, { 'Tessera-Test-Clock': clockId });
    expect(instrument.status).toBe(200);
    const product = await api(routes.createProduct, {
      storeId,
      name: 'Plan',
      active: true,
      variants: [{ name: 'Monthly', sku: 'M', grams: 0, price: 900, compareAtPrice: 0, active: true, default: true, prices: [{ currencyOptions: { USD: { amount: 900 } }, recurring: true, interval: 'month', intervalCount: 1, default: true }] }],
    });
    const priceId = product.body.product.variants[0].prices[0].id as string;
    const subscribed = await api(routes.createSubscription, { customerId: instrument.body.customer.id, priceId, storeId, currency: 'USD', initiatePayment: true });
    const subscriptionId = subscribed.body.subscription.id as string;

    const advanced = await cli('clock', 'advance', clockId, '31d', '--sandbox', sandbox.url);
    expect(advanced).toMatchObject({ code: 0, stdout: `Test clock ${clockId} now 2026-04-01T00:00:00.000Z\n` });
    const renewed = await api(routes.retrieveSubscription, undefined, {}, subscriptionId);
    expect(renewed.body.subscription).toMatchObject({ renewals: 1, updatedAt: '2026-04-01T00:00:00.000Z' });
    expect((await cli('clock', 'advance', clockId, '2026-04-15T00:00:00Z', '--sandbox', sandbox.url)).stdout).toBe(`Test clock ${clockId} now 2026-04-15T00:00:00.000Z\n`);

    const listed = await cli('clock', 'list', '--sandbox', sandbox.url);
    expect(listed.stdout).toContain(`${clockId}  2026-04-15T00:00:00.000Z  cli`);

    const before = Date.now();
    const global = await cli('clock', 'advance', '31d', '--sandbox', sandbox.url);
    expect(global.code).toBe(0);
    const now = Date.parse(/^Sandbox clock now (\S+)$/m.exec(global.stdout)?.[1] ?? '');
    expect(now).toBeGreaterThanOrEqual(before + 31 * 86_400_000);
    expect(now).toBeLessThan(Date.now() + 31 * 86_400_000 + 1000);
    // The test clock did not move with it.
    expect((await remote.testClocks.retrieve(clockId)).frozenTime).toBe('2026-04-15T00:00:00.000Z');

    expect((await cli('clock', 'delete', clockId, '--sandbox', sandbox.url)).stdout).toContain(`Deleted test clock ${clockId}`);
    expect((await cli('clock', 'list', '--sandbox', sandbox.url)).stdout).toBe('No test clocks\n');
    expect((await api(routes.retrieveSubscription, undefined, {}, subscriptionId)).status).toBe(404);
  });

  it('refuses a bad duration or time before any request (exit 2), and says what the sandbox refused (exit 1)', async () => {
    const badDuration = await cli('clock', 'advance', '31days', '--sandbox', sandbox.url);
    expect(badDuration.code).toBe(2);
    expect(badDuration.stderr).toContain('Invalid duration "31days"');
    const badMove = await cli('clock', 'advance', 'clock_x', 'tomorrow', '--sandbox', sandbox.url);
    expect(badMove.code).toBe(2);
    expect(badMove.stderr).toContain('give a duration (31d, 1d12h) or an ISO time');
    expect((await cli('clock', 'create', '--frozen-time', 'soon', '--sandbox', sandbox.url)).code).toBe(2);
    expect((await cli('clock', 'frobnicate', '--sandbox', sandbox.url)).code).toBe(2);
    const missing = await cli('clock', 'advance', 'clock_none', '1d', '--sandbox', sandbox.url);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No test clock with id "clock_none"');
  });
});
