// The real Basis Theory client (basis-theory-js@4.30.2) against the sandbox's BT emulation over HTTP on
// localhost: this proves the emulation speaks BT's wire format (paths, BT-API-KEY, casing, error bodies), not
// only our own tokenizer.
import { BasisTheory } from '@basis-theory/basis-theory-js';
import { encodeChallengeRequest, SANDBOX_VAULT_KEY } from '@tessera/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, startSandboxServer } from '../src/index.js';

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

  it('a challenge from BT\'s server-side authenticate is served and settled by the ACS, and getChallengeResult turns successful', async () => {
    for (const outcome of ['approve', 'fail'] as const) {
      const browser = await client(SANDBOX_VAULT_KEY);
      const token = await browser.tokens.create({ type: 'card', data: { number: '4000000000003220', expiration_month: 12, expiration_year: 2034, cvc: '123' } });
      // The browser's session, as web-threeds creates it (POST /3ds/sessions with the public key).
      const created = await fetch(`${server.url}/3ds/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'bt-api-key': SANDBOX_VAULT_KEY },
        body: JSON.stringify({ token_id: token.id, device: 'browser', device_info: { browser_language: 'en-US' }, web_challenge_mode: 'iframe' }),
      });
      const session = (await created.json()) as { id: string };
      // The merchant server authenticates it with basis-theory-js and its secret key: BT asks for a challenge.
      const bt = await client(server.sandbox.apiKey);
      const authentication = (await bt.threeds.authenticateSession(session.id, {
        authenticationCategory: 'payment',
        authenticationType: 'payment-transaction',
        purchaseInfo: { amount: '1999', currency: '840', exponent: '2', date: '20300601000000' },
        requestorInfo: { id: 'tessera', name: 'Tessera', url: 'https://example.com' },
        merchantInfo: { mid: '1', acquirerBin: '400000', name: 'Shop', categoryCode: '5999', countryCode: '840' },
      })) as unknown as { authenticationStatus: string; acsChallengeUrl: string; acsTransactionId: string; threedsVersion: string };
      expect(authentication).toMatchObject({ authenticationStatus: 'challenge', acsChallengeUrl: `${server.url}/acs/challenge`, threedsVersion: '2.2.0' });

      // The page's web-threeds posts the CReq into the ACS: it serves this challenge.
      const creq = encodeChallengeRequest({ threeDSServerTransID: session.id, acsTransID: authentication.acsTransactionId, messageType: 'CReq', messageVersion: authentication.threedsVersion, challengeWindowSize: '03' });
      const page = await fetch(authentication.acsChallengeUrl, { method: 'POST', body: new URLSearchParams({ creq }) });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('id="approve"');
      expect(html).toContain('3220');
      // The customer answers; the notification page names the BT session.
      const complete = await fetch(`${server.url}/acs/complete`, {
        method: 'POST',
        body: new URLSearchParams({ acsTransID: authentication.acsTransactionId, threeDSServerTransID: session.id, outcome }),
      });
      expect(complete.status).toBe(200);
      const notification = await complete.text();
      expect(notification).toContain(`"id":"${session.id}"`);
      expect(notification).toContain(`"authenticationStatus":"${outcome === 'approve' ? 'successful' : 'failed'}"`);

      const result = (await bt.threeds.getChallengeResult(session.id)) as unknown as { authenticationStatus: string; authenticationValue: string | null };
      expect(result.authenticationStatus).toBe(outcome === 'approve' ? 'successful' : 'failed');
      if (outcome === 'approve') expect(result.authenticationValue).toEqual(expect.any(String));
      // Settled once: a second answer changes nothing.
      await fetch(`${server.url}/acs/complete`, { method: 'POST', body: new URLSearchParams({ acsTransID: authentication.acsTransactionId, threeDSServerTransID: session.id, outcome: outcome === 'approve' ? 'fail' : 'approve' }) });
      expect(((await bt.threeds.getChallengeResult(session.id)) as unknown as { authenticationStatus: string }).authenticationStatus).toBe(result.authenticationStatus);
    }
  });
});
