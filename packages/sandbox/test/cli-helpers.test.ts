import { decodeServiceToken } from '@tessera/core';
import { API_PREFIX, routes } from '@tessera/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSandbox, SANDBOX_API_KEY } from '../src/index.js';
import { cli, start } from './cli-process.js';
import { purchase } from './fixtures.js';

// `tessera-sandbox token | fault | challenge` (the built CLI) against a sandbox running in another process (the
// CLI), as an out-of-process test uses them: what they print, what they changed, and nothing secret printed.
let sandbox: Awaited<ReturnType<typeof start>>;
beforeAll(async () => {
  sandbox = await start('--port', '0');
});
afterAll(async () => {
  await sandbox.stop();
});

const api = async (route: { method: string; path: string }, body?: unknown, id?: string) => {
  const response = await fetch(`${sandbox.url}${API_PREFIX}${route.path.replace('{id}', id ?? '')}`, {
    method: route.method,
    headers: { authorization: `Bearer ${SANDBOX_API_KEY}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};
const instrumentOf = async (serviceToken: string, storeId: string): Promise<string> =>
  (await api(routes.createPaymentInstrumentFromToken, { serviceToken, storeId, customerData: { email: 'ada@example.com' } })).body.paymentInstrument.id as string;

/** Nothing a command prints holds a card number or the API key. */
const nothingSecret = ({ stdout, stderr }: { stdout: string; stderr: string }): void => {
  expect(stdout + stderr).not.toMatch(/\d{13,19}/);
  expect(stdout + stderr).not.toContain(SANDBOX_API_KEY);
};

describe('tessera-sandbox token, fault, challenge (built CLI, against a running sandbox)', () => {
  it('token prints only a service token the API takes; challenge approve settles its payment by payment id', async () => {
    const made = await cli('token', 'visa_3ds', '--sandbox', sandbox.url);
    expect(made.code).toBe(0);
    nothingSecret(made);
    const serviceToken = made.stdout.trim();
    expect(decodeServiceToken(serviceToken).nonSensitiveMetadata).toMatchObject({ last4: '3220', authentication: 'sca_required' });
    expect(made.stderr).toMatch(/visa ending 3220, expires 12\/\d{4}, asks for 3DS/);
    const storeId = 'store_000002';
    const pending = await api(routes.processPayment, purchase(storeId, await instrumentOf(serviceToken, storeId)));
    expect(pending.body.payment).toMatchObject({ status: 'pending', requireAction: 'threeds_auth' });
    const approved = await cli('challenge', 'approve', pending.body.payment.id as string, '--sandbox', sandbox.url);
    expect(approved).toMatchObject({ code: 0 });
    expect(approved.stdout).toContain(`Approved the 3DS challenge of payment ${pending.body.payment.id}: authenticated, payment succeeded`);
    expect((await api(routes.retrievePayment, undefined, pending.body.payment.id as string)).body.status).toBe('succeeded');
    // Failed by its session id (core's getThreeDSChallenge(payment).sessionId), with an expiry given.
    const other = (await cli('token', '4000000000003220', '--exp-year', '2033', '--sandbox', sandbox.url)).stdout.trim();
    expect(decodeServiceToken(other).nonSensitiveMetadata).toMatchObject({ expiryYear: 2033 });
    const spaced = await cli('token', '5555 5555 5555 4444', '--sandbox', sandbox.url);
    expect(decodeServiceToken(spaced.stdout.trim()).nonSensitiveMetadata).toMatchObject({ brand: 'mastercard', last4: '4444' });
    nothingSecret(spaced);
    const second = await api(routes.processPayment, purchase(storeId, await instrumentOf(other, storeId)));
    const failed = await cli('challenge', 'fail', second.body.payment.requireActionData.metadata.threedsSession.externalSessionId as string, '--sandbox', sandbox.url);
    expect(failed.stdout).toContain(`of payment ${second.body.payment.id}: not authenticated, payment failed`);
    // An unknown id: the sandbox's message, exit code 1.
    const unknown = await cli('challenge', 'approve', 'pay_nothing', '--sandbox', sandbox.url);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No 3DS challenge with id "pay_nothing"');
  });

  it('fault add (drop-after-commit once), list, remove and clear a running sandbox\'s rules', async () => {
    const added = await cli('fault', 'add', '--route', 'processPayment', '--kind', 'drop-after-commit', '--times', '1', '--sandbox', sandbox.url);
    expect(added).toMatchObject({ code: 0 });
    expect(added.stdout).toMatch(/^Added fault rule \d+ {2}drop_after_commit {2}processPayment {2}times 1/);
    const remote = connectSandbox(sandbox.url);
    expect((await remote.faults.list()).rules).toEqual([expect.objectContaining({ route: 'processPayment', kind: 'drop_after_commit', times: 1 })]);
    // The rule fires: the payment is made, the connection dropped.
    const token = (await cli('token', 'visa', '--sandbox', sandbox.url)).stdout.trim();
    const instrumentId = await instrumentOf(token, 'store_000001');
    await expect(api(routes.processPayment, purchase('store_000001', instrumentId))).rejects.toThrow();
    const listed = await cli('fault', 'list', '--sandbox', sandbox.url);
    expect(listed.stdout).toContain('Fired: 1');
    expect(listed.stdout).toContain('drop_after_commit  processPayment');
    const latency = await cli('fault', 'add', '--kind', 'latency', '--latency-ms', '5', '--sandbox', sandbox.url);
    const id = /rule (\d+)/.exec(latency.stdout)?.[1] ?? '';
    expect((await cli('fault', 'remove', id, '--sandbox', sandbox.url)).stdout).toBe(`Removed fault rule ${id}\n`);
    await cli('fault', 'add', '--kind', 'rate-limit', '--probability', '0.5', '--sandbox', sandbox.url);
    expect((await cli('fault', 'clear', '--sandbox', sandbox.url)).stdout).toBe('Cleared 2 fault rules\n');
    expect(await remote.faults.list()).toEqual({ rules: [], fired: [] });
  });

  it('refuses bad input with the usage (exit code 2), before any request', async () => {
    const typo = await cli('fault', 'add', '--route', 'procesPayment', '--kind', 'drop-after-commit', '--sandbox', sandbox.url);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('route is not a route of the sandbox');
    expect((await cli('fault', 'add', '--kind', 'explode', '--sandbox', sandbox.url)).stderr).toContain('kind');
    expect((await cli('fault', 'add', '--sandbox', sandbox.url)).stderr).toContain('fault add needs --kind');
    expect((await cli('token', 'visa_3d', '--sandbox', sandbox.url)).stderr).toContain('visa_3ds');
    expect((await cli('challenge', 'approve', '--sandbox', sandbox.url)).code).toBe(2);
    const badCard = await cli('token', '4242424242424241', '--sandbox', sandbox.url);
    expect(badCard.code).toBe(1);
    nothingSecret(badCard);
  });
});
