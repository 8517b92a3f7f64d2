import { cardTokenResponse } from '@tessera/core';
import { setupServer } from 'msw/node';
import * as z from 'zod/mini';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox, sandboxRoutes } from '../src/index.js';
import { client } from './support.js';

const BASE = 'https://vault.sandbox.test';
let sandbox: Sandbox;
let c: ReturnType<typeof client>;
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  sandbox = createSandbox({ now: new Date('2030-06-01T00:00:00Z') });
  server.resetHandlers(...sandbox.handlers);
  c = client(BASE, sandbox);
});
afterAll(() => server.close());

const card = (overrides: Record<string, unknown> = {}) => ({ cardNumber: '4242 4242 4242 4242', expiryMonth: 12, expiryYear: 2031, cvc: '123', ...overrides });

describe('vault', () => {
  it('tokenizes a card: masked data, CORS headers, CVC never returned or stored', async () => {
    const answer = await c.vault(sandboxRoutes.vaultTokenizeCard, card({ cardholderName: 'Ada Lovelace' }));
    expect(answer.status).toBe(201);
    expect(z.safeParse(cardTokenResponse, answer.body).success).toBe(true);
    expect(answer.body).toMatchObject({
      type: 'card',
      data: { number: '424242******4242', expiration_month: 12, expiration_year: 2031, last4: '4242', bin: '424242', brand: 'visa' },
      metadata: { auth: { scaRequired: false }, tokenizedAt: '2030-06-01T00:00:00.000Z' },
    });
    expect(answer.body.id).toMatch(/^tok_/);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(JSON.stringify(answer.body)).not.toMatch(/123"|4242424242424242/);
    expect(JSON.stringify([...sandbox.state.vaultTokens.values()])).not.toMatch(/"123"|4242424242424242/);
  });

  it('marks 3DS test cards scaRequired and fingerprints cards stably', async () => {
    const a = await c.vault(sandboxRoutes.vaultTokenizeCard, card({ cardNumber: '4000000000003220' }));
    const b = await c.vault(sandboxRoutes.vaultTokenizeCard, card({ cardNumber: '4000000000003220', cvc: '999' }));
    expect(a.body.metadata.auth.scaRequired).toBe(true);
    expect(a.body.data.fingerprint).toBe(b.body.data.fingerprint);
    expect(a.body.id).not.toBe(b.body.id);
  });

  it('rejects bad cards naming each field (Luhn, expired, CVC, types)', async () => {
    const answer = await c.vault(sandboxRoutes.vaultTokenizeCard, card({ cardNumber: '4242424242424241', expiryMonth: 1, expiryYear: 2030, cvc: '12' }));
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields.map((f: { field: string; code: string }) => `${f.field}:${f.code}`).sort()).toEqual([
      'cardNumber:luhn_failed',
      'cvc:invalid_length',
      'expiryYear:expired',
    ]);
    const types = await c.vault(sandboxRoutes.vaultTokenizeCard, { cardNumber: 4242, expiryMonth: '12' });
    expect(types.body.error.fields.map((f: { field: string }) => f.field).sort()).toEqual(['cardNumber', 'cvc', 'expiryMonth', 'expiryYear']);
    expect(JSON.stringify(answer.body)).not.toContain('4242424242424241');
  });

  it('needs the public vault key and refuses the secret key', async () => {
    expect((await c.vault(sandboxRoutes.vaultTokenizeCard, card(), { 'x-tessera-vault-key': '' })).status).toBe(401);
    expect((await c.vault(sandboxRoutes.vaultTokenizeCard, card(), { 'x-tessera-vault-key': 'pk_wrong' })).status).toBe(401);
    const secret = await c.vault(sandboxRoutes.vaultTokenizeCard, card(), { authorization: `Bearer ${sandbox.apiKey}` });
    expect(secret.status).toBe(401);
    expect(secret.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers the CORS preflight of the vault', async () => {
    const preflight = await fetch(`${BASE}${sandboxRoutes.vaultTokenizeCard}`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-tessera-vault-key');
  });

  it('tokenizes Apple Pay and Google Pay tokens, and makes an Apple Pay merchant session', async () => {
    const apple = await c.vault(sandboxRoutes.vaultTokenizeApplePay, { walletToken: '{"paymentData":"x"}' });
    expect(apple.status).toBe(201);
    expect(apple.body).toMatchObject({ type: 'apple_pay', data: { last4: '1111' } });
    const google = await c.vault(sandboxRoutes.vaultTokenizeGooglePay, { walletToken: 'gpay' });
    expect(google.body.type).toBe('google_pay');
    expect((await c.vault(sandboxRoutes.vaultTokenizeGooglePay, {})).status).toBe(400);
    const session = await c.vault(sandboxRoutes.vaultApplePayMerchantSession, { validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession', domainName: 'shop.example', displayName: 'Shop' });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ domainName: 'shop.example', displayName: 'Shop' });
  });

  it('answers unknown vault paths with a JSON 404', async () => {
    const answer = await c.vault('/vault/v1/nothing', {});
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('not_found');
  });
});
