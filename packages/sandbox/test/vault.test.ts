import { describe, expect, it } from 'vitest';
import { type Sandbox, sandboxRoutes } from '../src/index.js';
import { type Client, useMswSandbox } from './use-sandbox.js';

const BASE = 'https://vault.sandbox.test';
let sandbox: Sandbox;
let c: Client;
useMswSandbox(BASE, { now: new Date('2030-06-01T00:00:00Z'), clock: 'frozen' }, (next) => ({ sandbox, c } = next));

const card = (data: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  type: 'card',
  data: { number: '4242424242424242', expiration_month: 12, expiration_year: 2031, cvc: '123', ...data },
  ...extra,
});

describe('vault (Basis Theory emulation)', () => {
  it('creates a card token as BT answers it: masked data, facts under card, CORS, CVC never returned or stored', async () => {
    const answer = await c.vault(sandboxRoutes.vaultTokenizeCard, card({}, { metadata: { cardholder_name: 'Ada Lovelace' } }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      type: 'card',
      tenant_id: expect.any(String),
      data: { number: '424242XXXXXX4242', expiration_month: 12, expiration_year: 2031 },
      card: { bin: '424242', last4: '4242', brand: 'visa', funding: 'credit', expiration_month: 12, expiration_year: 2031, issuer: { country: 'US' } },
      metadata: { cardholder_name: 'Ada Lovelace' },
      created_at: '2030-06-01T00:00:00.000Z',
    });
    expect(answer.body.card.authentication).toBeUndefined();
    expect(answer.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(JSON.stringify(answer.body)).not.toMatch(/"123"|4242424242424242|cvc/);
    expect(JSON.stringify(sandbox.records.vaultTokens.list())).not.toMatch(/"123"|4242424242424242/);
  });

  it('also answers on /tokens/ (where basis-theory-js posts)', async () => {
    const answer = await c.vault(`${sandboxRoutes.vaultTokenizeCard}/`, card());
    expect(answer.status).toBe(201);
    expect(sandbox.records.vaultTokens.get(answer.body.id)).toMatchObject({ last4: '4242', brand: 'visa' });
  });

  it('marks the 3DS test card sca_required and fingerprints cards stably', async () => {
    const a = await c.vault(sandboxRoutes.vaultTokenizeCard, card({ number: '4000000000003220' }));
    const b = await c.vault(sandboxRoutes.vaultTokenizeCard, card({ number: '4000000000003220', cvc: '999' }));
    expect(a.body.card.authentication).toBe('sca_required');
    expect(a.body.fingerprint).toBe(b.body.fingerprint);
    expect(a.body.id).not.toBe(b.body.id);
  });

  it('rejects bad cards with BT problem details naming each JSON path, without echoing the card', async () => {
    const answer = await c.vault(sandboxRoutes.vaultTokenizeCard, card({ number: '4242424242424241', expiration_month: 1, expiration_year: 2030, cvc: '12' }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 400, title: expect.any(String) });
    expect(Object.keys(answer.body.errors).sort()).toEqual(['data.cvc', 'data.expiration_year', 'data.number']);
    expect(JSON.stringify(answer.body)).not.toContain('4242424242424241');
    const types = await c.vault(sandboxRoutes.vaultTokenizeCard, { type: 'card', data: { number: true, expiration_month: '12' } });
    expect(types.status).toBe(400);
    expect(Object.keys(types.body.errors).sort()).toEqual(['data.cvc', 'data.expiration_month', 'data.expiration_year', 'data.number']);
  });

  it('takes data.number as a JSON number, as the service library @tagadapay/core-js sends it (Number(cardNumber))', async () => {
    const answer = await c.vault(sandboxRoutes.vaultTokenizeCard, card({ number: 4000000000003220 }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ data: { number: '400000XXXXXX3220' }, card: { bin: '400000', last4: '3220', brand: 'visa', authentication: 'sca_required' } });
    // A number that is too short, not Luhn-valid, or not exactly representable is refused under data.number.
    for (const number of [4242, 4242424242424241, 2 ** 60, 424242424242.5, -4242424242424242]) {
      const refused = await c.vault(sandboxRoutes.vaultTokenizeCard, card({ number }));
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.errors)).toEqual(['data.number']);
    }
  });

  it('needs the test public key in BT-API-KEY and refuses the secret key (403)', async () => {
    const missing = await c.vault(sandboxRoutes.vaultTokenizeCard, card(), { 'bt-api-key': '' });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ status: 401 });
    expect((await c.vault(sandboxRoutes.vaultTokenizeCard, card(), { 'bt-api-key': 'key_test_us_pub_wrong' })).status).toBe(401);
    const secret = await c.vault(sandboxRoutes.vaultTokenizeCard, card(), { 'bt-api-key': sandbox.apiKey });
    expect(secret.status).toBe(403);
    const bearer = await c.vault(sandboxRoutes.vaultTokenizeCard, card(), { authorization: `Bearer ${sandbox.apiKey}` });
    expect(bearer.status).toBe(403);
    expect(bearer.headers.get('access-control-allow-origin')).toBe('*');
    expect(JSON.stringify(bearer.body)).not.toContain(sandbox.apiKey);
  });

  it('answers the CORS preflight of every vault route', async () => {
    for (const path of [sandboxRoutes.vaultTokenizeCard, `${sandboxRoutes.vaultTokenizeCard}/`, sandboxRoutes.vaultTokenizeApplePay, sandboxRoutes.vaultTokenizeGooglePay, sandboxRoutes.vaultApplePayMerchantSession]) {
      const preflight = await fetch(`${BASE}${path}`, { method: 'OPTIONS' });
      expect(preflight.status, path).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toContain('bt-api-key');
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('refuses wallet payment data the sandbox did not mint, and makes an Apple Pay merchant session (wallet-vault.test.ts has the rest)', async () => {
    const apple = await c.vault(sandboxRoutes.vaultTokenizeApplePay, { apple_payment_data: { data: 'x', header: {}, signature: 's', version: 'EC_v1' } });
    expect(apple.status).toBe(400);
    expect(apple.body.errors).toHaveProperty(['apple_payment_data.paymentData']);
    const google = await c.vault(sandboxRoutes.vaultTokenizeGooglePay, { google_payment_data: { signature: 'cw==', protocolVersion: 'ECv2', signedMessage: '{}', intermediateSigningKey: { signedKey: '{}', signatures: ['cw=='] } } });
    expect(google.status).toBe(422);
    expect(sandbox.records.vaultTokens.count).toBe(0);
    expect((await c.vault(sandboxRoutes.vaultTokenizeGooglePay, {})).status).toBe(400);
    const session = await c.vault(sandboxRoutes.vaultApplePayMerchantSession, { display_name: 'Shop', domain: 'shop.example' });
    expect(session.status).toBe(201);
    expect(session.body).toMatchObject({ domainName: 'shop.example', displayName: 'Shop' });
    expect((await c.vault(sandboxRoutes.vaultApplePayMerchantSession, { display_name: 'Shop', domain: 'shop.example:8443' })).status).toBe(201);
    expect((await c.vault(sandboxRoutes.vaultApplePayMerchantSession, { display_name: 'Shop', domain: 'https://shop.example' })).status).toBe(400);
  });

  it('answers unknown vault paths with a problem-details 404', async () => {
    const answer = await c.vault('/tokens/nothing/here', {});
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ status: 404, title: 'not_found' });
  });

  it('gives an instrument created from a BT token envelope the card facts of its record', async () => {
    const { serviceToken, raw } = await c.tokenize('4000000000003220');
    expect(sandbox.records.vaultTokens.get(raw.id)?.outcome).toBe('challenge');
    const { routes } = await import('@tessera/core/internal');
    const created = await c.api(routes.createPaymentInstrumentFromToken, { body: { serviceToken, storeId: sandbox.defaults.gateway.storeId, customerData: { email: 'ada@example.com' } } });
    expect(created.status).toBe(200);
    expect(created.body.paymentInstrument).toMatchObject({ card: { last4: '3220', brand: 'visa' } });
  });
});
