// The real Basis Theory client (basis-theory-js@4.30.2) against the sandbox's BT emulation over HTTP on
// localhost: this proves the emulation speaks BT's wire format (paths, BT-API-KEY, casing, error bodies), not
// only our own tokenizer.
import { BasisTheory } from '@basis-theory/basis-theory-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_VAULT_KEY, type SandboxServer, startSandboxServer } from '../src/index.js';

let server: SandboxServer;

beforeAll(async () => {
  server = await startSandboxServer({ sandboxOptions: { now: new Date('2030-06-01T00:00:00Z') } });
});
afterAll(() => server.close());

// Telemetry off: the client would otherwise try to post its logs to Datadog.
const client = (key: string) => new BasisTheory().init(key, { apiBaseUrl: server.url, disableTelemetry: true });
const rejection = async (promise: Promise<unknown>): Promise<{ status: number; data: Record<string, unknown> }> => {
  try {
    await promise;
  } catch (error) {
    return error as { status: number; data: Record<string, unknown> };
  }
  throw new Error('expected a rejection');
};

describe('basis-theory-js against the sandbox', () => {
  it('creates a card token (number as a string, 19 digits) and reads the card facts', async () => {
    expect(server.url).toMatch(/^http:\/\/localhost:\d+$/);
    const bt = await client(SANDBOX_VAULT_KEY);
    const token = await bt.tokens.create({
      type: 'card',
      data: { number: '4000000000003220', expiration_month: 12, expiration_year: 2034, cvc: '123' },
      metadata: { cardholder_name: 'Ada' },
    });
    // basis-theory-js camel-cases the answer except `data` and `metadata`.
    expect(token).toMatchObject({
      type: 'card',
      data: { number: '400000XXXXXX3220', expiration_month: 12, expiration_year: 2034 },
      metadata: { cardholder_name: 'Ada' },
      card: { bin: '400000', last4: '3220', brand: 'visa', expirationMonth: 12, authentication: 'sca_required' },
      tenantId: expect.any(String),
      fingerprint: expect.any(String),
    });
    expect(server.sandbox.records.vaultTokens.get(token.id)).toMatchObject({ last4: '3220', outcome: 'challenge' });
    const long = await bt.tokens.create({ type: 'card', data: { number: '4000000000000000006', expiration_month: 1, expiration_year: 2033, cvc: '123' } });
    expect((long as unknown as { card: { last4: string } }).card.last4).toBe('0006');
  });

  it('reads a 400 with per-field errors, a 401 for a wrong key and a 403 for the secret key', async () => {
    const bt = await client(SANDBOX_VAULT_KEY);
    const invalid = await rejection(bt.tokens.create({ type: 'card', data: { number: '4242424242424241', expiration_month: 12, expiration_year: 2034, cvc: '123' } }));
    expect(invalid.status).toBe(400);
    // The client camel-cases error bodies too: BT's `errors['data.number']` reaches the caller as `dataNumber`.
    expect(invalid.data).toMatchObject({ status: 400, errors: { dataNumber: [expect.any(String)] } });
    expect(JSON.stringify(invalid.data)).not.toContain('4242424242424241');
    const wrongKey = await rejection((await client('key_test_us_pub_unknown')).tokens.create({ type: 'card', data: { number: '4242424242424242', expiration_month: 12, expiration_year: 2034, cvc: '123' } }));
    expect(wrongKey.status).toBe(401);
    const secret = await rejection((await client(server.sandbox.apiKey)).tokens.create({ type: 'card', data: { number: '4242424242424242', expiration_month: 12, expiration_year: 2034, cvc: '123' } }));
    expect(secret.status).toBe(403);
  });
});
