import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as bt from '@basis-theory/node-sdk/serialization';
import { encodeServiceToken, getPaymentAction } from '@tessera/core';
import { routes, SERVICE_VAULT_TENANT_IDS } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import { type SandboxServer, sandboxRoutes, startSandboxServer } from '../src/index.js';
import { testCardNumbers } from '../src/service/test-card-names.js';
import { purchase } from './fixtures.js';
import { type Answer, client } from './support.js';
import { type Client, useHttpSandbox } from './use-sandbox.js';

// Issue 35: the vault's Apple Pay and Google Pay routes as strict as Basis Theory's, the test wallet cards, and the
// stand-in sheets' minting of wallet tokens bound to this sandbox. Shapes follow @basis-theory/node-sdk 5.7.0's
// types (ApplePayToken, GooglePayToken, ValidationProblemDetails), Apple's ApplePayPaymentToken and Google's
// PaymentData; a real sandbox server on 127.0.0.1.

let server: SandboxServer;
let c: Client;
useHttpSandbox({ port: 0, host: '127.0.0.1', sandboxOptions: { now: new Date('2030-06-01T00:00:00Z'), clock: 'frozen' } }, (started) => ({ server, c } = started));

const TENANT = SERVICE_VAULT_TENANT_IDS.development;
const base64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** The server's clock (frozen, advanced by some tests) `ms` from now, as an ISO string. */
const at = (ms = 0): string => new Date(server.sandbox.clock.nowMs() + ms).toISOString();

/** A POST to a mint route as the sheet page sends it: no key, JSON. */
const mint = (path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> => c.send('POST', path, body, { authorization: '', ...headers });

async function merchantSession(domain = 'localhost:5173'): Promise<Record<string, unknown>> {
  const session = await c.vault(sandboxRoutes.vaultApplePayMerchantSession, { display_name: 'Tessera Shop', domain });
  expect(session.status).toBe(201);
  return session.body;
}

async function appleToken(card = 'visa_approved'): Promise<Record<string, any>> {
  const minted = await mint(sandboxRoutes.mintApplePayToken, { card, merchantSession: await merchantSession() });
  expect(minted.status, JSON.stringify(minted.body)).toBe(201);
  return minted.body;
}

async function googleToken(card = 'visa_approved', options: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const minted = await mint(sandboxRoutes.mintGooglePayToken, { card, gateway: 'basistheory', gatewayMerchantId: TENANT, allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], ...options });
  expect(minted.status, JSON.stringify(minted.body)).toBe(201);
  return JSON.parse(minted.body.paymentMethodData.tokenizationData.token);
}

/** Sends a body to a vault route and checks that no vault token was made when it is refused. */
async function refusedByVault(path: string, body: unknown, status: number): Promise<Record<string, any>> {
  const before = server.sandbox.records.vaultTokens.count;
  const answer = await c.vault(path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ type: `https://httpstatuses.io/${status}`, title: expect.any(String), status, detail: expect.any(String) });
  expect(server.sandbox.records.vaultTokens.count).toBe(before);
  return answer.body;
}

/** One request to the server with the Host header given (fetch cannot set Host). */
function sendWithHost(path: string, host: string, body: string) {
  return new Promise<number>((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port: server.port, method: 'POST', path, headers: { host, 'content-type': 'application/json' } }, (incoming) => {
      incoming.resume();
      incoming.on('end', () => resolve(incoming.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('GET /sandbox/wallet-cards', () => {
  it('lists the test wallet cards: one that approves, one that declines, one that asks for a 3DS challenge (Google Pay)', async () => {
    const answer = await c.send('GET', sandboxRoutes.listWalletCards, undefined, { authorization: '' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    for (const card of answer.body) expect(Object.keys(card).sort()).toEqual(['description', 'id', 'label', 'network', 'wallet']);
    expect(answer.body).toEqual(
      expect.arrayContaining([
        { id: 'visa_approved', wallet: 'both', label: 'Visa •••• 4242', network: 'visa', description: expect.stringMatching(/^Approves/) },
        { id: 'visa_declined', wallet: 'both', label: 'Visa •••• 9995', network: 'visa', description: expect.stringMatching(/^Declines/) },
        { id: 'visa_3ds', wallet: 'google_pay', label: 'Visa •••• 3220', network: 'visa', description: expect.stringMatching(/3DS challenge/) },
      ]),
    );
    expect(JSON.stringify(answer.body)).not.toMatch(/\d{13,}/);
  });
});

describe('POST /apple-pay/session', () => {
  it('takes the domain as window.location.host gives it (with a port, or a bare host) and signs the session', async () => {
    for (const domain of ['localhost:5173', 'shop.example.com', 'localhost', '127.0.0.1:4010']) {
      const session = await merchantSession(domain);
      expect(session).toMatchObject({ domainName: domain, displayName: 'Tessera Shop', merchantSessionIdentifier: expect.any(String), epochTimestamp: server.sandbox.clock.nowMs() });
      expect(session.signature).toMatch(base64);
    }
  });

  it('refuses junk domains and a missing display name with BT validation problem details', async () => {
    for (const domain of ['', 'http://shop.example', 'shop example', 'shop.example/path', '-shop.example', 'shop.example:99999', 'shop.example:', 'a..b']) {
      const refused = await refusedByVault(sandboxRoutes.vaultApplePayMerchantSession, { display_name: 'Shop', domain }, 400);
      expect(Object.keys(refused.errors), domain).toEqual(['domain']);
    }
    const refused = await refusedByVault(sandboxRoutes.vaultApplePayMerchantSession, { domain: 'shop.example' }, 400);
    expect(refused.title).toBe('One or more validation errors occurred.');
    expect(Object.keys(refused.errors)).toEqual(['display_name']);
  });
});

describe('the wallet sheets\' mint routes', () => {
  it('mints an Apple ApplePayPaymentToken for a session this vault issued', async () => {
    const token = await appleToken();
    expect(token).toEqual({
      paymentData: {
        version: 'EC_v1',
        data: expect.stringMatching(base64),
        signature: expect.stringMatching(base64),
        header: { ephemeralPublicKey: expect.stringMatching(base64), publicKeyHash: expect.stringMatching(base64), transactionId: expect.stringMatching(/^[0-9a-f]{64}$/) },
      },
      paymentMethod: { displayName: 'Visa 4242', network: 'Visa', type: 'credit' },
      transactionIdentifier: token.paymentData.header.transactionId.toUpperCase(),
    });
    expect(JSON.stringify(token)).not.toMatch(/4242424242424242/);
  });

  it('refuses a merchant session not issued here, changed, or expired (422, problem details), and an unknown card (400)', async () => {
    const session = await merchantSession();
    const forged = { ...session, signature: Buffer.from('forged').toString('base64') };
    for (const merchant of [forged, { ...session, domainName: 'evil.example' }, { merchantSessionIdentifier: 'x' }]) {
      const refused = await mint(sandboxRoutes.mintApplePayToken, { card: 'visa_approved', merchantSession: merchant });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ status: 422, title: 'Invalid merchant session', detail: expect.stringContaining('POST /apple-pay/session') });
    }
    const unknown = await mint(sandboxRoutes.mintApplePayToken, { card: 'visa_3ds', merchantSession: session });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ card: [expect.stringContaining('visa_approved')] });
    server.sandbox.clock.advance(5 * 60_000);
    const expired = await mint(sandboxRoutes.mintApplePayToken, { card: 'visa_approved', merchantSession: session });
    expect(expired.status).toBe(422);
    expect(expired.body.title).toBe('Expired merchant session');
  });

  it("mints Google's PaymentData with an ECv2 token, refusing a card whose auth method is not allowed", async () => {
    const minted = await mint(sandboxRoutes.mintGooglePayToken, {
      card: 'visa_3ds',
      gateway: 'basistheory',
      gatewayMerchantId: TENANT,
      allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
      assuranceDetailsRequired: true,
    });
    expect(minted.status).toBe(201);
    expect(minted.body).toEqual({
      apiVersion: 2,
      apiVersionMinor: 0,
      paymentMethodData: {
        type: 'CARD',
        description: 'Visa •••• 3220',
        info: { cardNetwork: 'VISA', cardDetails: '3220', assuranceDetails: { accountVerified: true, cardHolderAuthenticated: false } },
        tokenizationData: { type: 'PAYMENT_GATEWAY', token: expect.any(String) },
      },
    });
    const token = JSON.parse(minted.body.paymentMethodData.tokenizationData.token);
    expect(token).toEqual({
      signature: expect.stringMatching(base64),
      intermediateSigningKey: { signedKey: expect.any(String), signatures: [expect.stringMatching(base64)] },
      protocolVersion: 'ECv2',
      signedMessage: expect.any(String),
    });
    expect(Object.keys(JSON.parse(token.signedMessage)).sort()).toEqual(['encryptedMessage', 'ephemeralPublicKey', 'tag']);
    expect(JSON.stringify(minted.body)).not.toMatch(/4000000000003220/);
    const notAllowed = await mint(sandboxRoutes.mintGooglePayToken, { card: 'visa_3ds', gateway: 'basistheory', gatewayMerchantId: TENANT, allowedAuthMethods: ['CRYPTOGRAM_3DS'] });
    expect(notAllowed.status).toBe(400);
    expect(Object.keys(notAllowed.body.errors)).toEqual(['allowedAuthMethods']);
    const junk = await mint(sandboxRoutes.mintGooglePayToken, { card: 'visa_approved', gateway: 'basistheory', gatewayMerchantId: TENANT, allowedAuthMethods: ['ANY'] });
    expect(junk.status).toBe(400);
  });

  it('answers the sandbox\'s own origin only: no CORS, a page on another origin or a foreign Host is refused', async () => {
    const body = { card: 'visa_approved', merchantSession: await merchantSession() };
    const same = await mint(sandboxRoutes.mintApplePayToken, body, { origin: server.url, 'sec-fetch-site': 'same-origin' });
    expect(same.status).toBe(201);
    expect(same.headers.get('access-control-allow-origin')).toBeNull();
    for (const headers of [{ origin: 'http://localhost:5173' }, { 'sec-fetch-site': 'cross-site' }, { origin: server.url, 'sec-fetch-site': 'same-site' }]) {
      const refused = await mint(sandboxRoutes.mintApplePayToken, body, headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.body).toMatchObject({ status: 403, detail: expect.stringContaining('own origin') });
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    }
    const preflight = await fetch(`${server.url}${sandboxRoutes.mintGooglePayToken}`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    for (const path of [sandboxRoutes.mintApplePayToken, sandboxRoutes.mintGooglePayToken]) {
      expect(await sendWithHost(path, `rebound.example:${server.port}`, JSON.stringify(body))).toBe(403);
    }
  });
});

describe('POST /apple-pay', () => {
  it('tokenizes a minted token once, as BT answers: a device token with its cryptogram, DPAN facts, no PAN kept', async () => {
    const token = await appleToken();
    const answer = await c.vault(sandboxRoutes.vaultTokenizeApplePay, { apple_payment_data: token });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.body).toEqual({
      apple_pay: {
        id: expect.stringMatching(/^[0-9a-f]{8}-/),
        type: 'dpan',
        tenant_id: TENANT,
        status: 'active',
        // Until the card's expiry (Apple's payment data), unless expires_at says otherwise.
        expires_at: `${new Date(at()).getUTCFullYear() + 3}-12-31T00:00:00.000Z`,
        created_by: TENANT,
        created_at: at(),
        transaction_id: token.paymentData.header.transactionId,
        payment_data_type: '3DSecure',
        device_manufacturer_identifier: expect.stringMatching(/^[0-9A-F]{12}$/),
        card: {
          bin: '489537',
          last4: '8412',
          brand: 'visa',
          funding: 'credit',
          expiration_month: 12,
          expiration_year: new Date(at()).getUTCFullYear() + 3,
          issuer: expect.any(Object),
          issuer_country: expect.any(Object),
        },
        authentication: { threeds_cryptogram: expect.stringMatching(base64), eci_indicator: '7' },
        fingerprint: expect.any(String),
      },
    });
    expect(server.sandbox.records.vaultTokens.get(answer.body.apple_pay.id)).toMatchObject({ type: 'apple_pay', bin: '489537', last4: '8412', outcome: 'approve' });
    const reused = await refusedByVault(sandboxRoutes.vaultTokenizeApplePay, { apple_payment_data: token }, 422);
    expect(reused.detail).toContain('already tokenized');
  });

  it('refuses a bare paymentData or any other shape with BT validation problem details naming the fields (400)', async () => {
    const token = await appleToken();
    const bare = await refusedByVault(sandboxRoutes.vaultTokenizeApplePay, { apple_payment_data: token.paymentData }, 400);
    expect(Object.keys(bare.errors).sort()).toEqual(['apple_payment_data.paymentData', 'apple_payment_data.paymentMethod', 'apple_payment_data.transactionIdentifier']);
    const rsa = await refusedByVault(sandboxRoutes.vaultTokenizeApplePay, { apple_payment_data: { ...token, paymentData: { ...token.paymentData, version: 'RSA_v1' } } }, 400);
    expect(Object.keys(rsa.errors)).toEqual(['apple_payment_data.paymentData.version']);
    const header = await refusedByVault(sandboxRoutes.vaultTokenizeApplePay, { apple_payment_data: { ...token, paymentData: { ...token.paymentData, header: {} } } }, 400);
    expect(Object.keys(header.errors).sort()).toEqual([
      'apple_payment_data.paymentData.header.ephemeralPublicKey',
      'apple_payment_data.paymentData.header.publicKeyHash',
      'apple_payment_data.paymentData.header.transactionId',
    ]);
    for (const body of [{}, { apple_payment_data: 'x' }, { apple_payment_data: {} }, { apple_payment_data: JSON.stringify(token) }]) await refusedByVault(sandboxRoutes.vaultTokenizeApplePay, body, 400);
  });

  it('refuses a token not minted by this sandbox or changed (422), making no token', async () => {
    const token = await appleToken();
    const other = await appleToken('visa_declined');
    const changed = [
      { ...token, paymentData: { ...token.paymentData, data: other.paymentData.data } },
      { ...token, paymentData: { ...token.paymentData, signature: other.paymentData.signature } },
      { ...token, transactionIdentifier: other.transactionIdentifier },
      { ...token, paymentData: { ...token.paymentData, data: Buffer.from(JSON.stringify({ card: 'visa_approved' })).toString('base64') } },
    ];
    for (const changedToken of changed) await refusedByVault(sandboxRoutes.vaultTokenizeApplePay, { apple_payment_data: changedToken }, 422);
    // Each still verifies unchanged.
    expect((await c.vault(sandboxRoutes.vaultTokenizeApplePay, { apple_payment_data: token })).status).toBe(201);
  });
});

describe('POST /google-pay', () => {
  it('answers PAN_ONLY with a token_intent (the card: 3DS may follow) and CRYPTOGRAM_3DS with a google_pay device token', async () => {
    const panOnly = await c.vault(sandboxRoutes.vaultTokenizeGooglePay, { google_payment_data: await googleToken('visa_3ds') });
    expect(panOnly.status).toBe(201);
    expect(panOnly.body).toEqual({
      token_intent: {
        id: expect.any(String),
        type: 'card',
        tenant_id: TENANT,
        expires_at: at(24 * 60 * 60_000),
        created_by: TENANT,
        created_at: at(),
        card: expect.objectContaining({ bin: '400000', last4: '3220', brand: 'visa', authentication: 'sca_required' }),
        fingerprint: expect.any(String),
        _extras: {
          tsp_details: { tsp: 'Google', auth_method: 'PAN_ONLY', message_id: expect.any(String), eci_indicator: '', assurance_details: { account_verified: true, card_holder_authenticated: false } },
        },
      },
    });
    const device = await c.vault(sandboxRoutes.vaultTokenizeGooglePay, { google_payment_data: await googleToken('visa_approved'), expires_at: '2040-12-25' });
    expect(device.body).toEqual({
      google_pay: {
        id: expect.any(String),
        tenant_id: TENANT,
        status: 'active',
        expires_at: '2040-12-25T00:00:00.000Z',
        created_by: TENANT,
        created_at: at(),
        card: expect.objectContaining({ bin: '489537', last4: '8412', brand: 'visa' }),
        authentication: { threeds_cryptogram: expect.stringMatching(base64), eci_indicator: '7' },
        details: { tsp: 'Google', auth_method: 'CRYPTOGRAM_3DS', message_id: expect.any(String), eci_indicator: '7', assurance_details: { account_verified: true, card_holder_authenticated: true } },
        fingerprint: expect.any(String),
      },
    });
    expect(device.body.google_pay.card.authentication).toBeUndefined();
    // Google's token as the JSON text tokenizationData.token holds (BT's Google Pay guide sends it so) is read too.
    const asText = await c.vault(sandboxRoutes.vaultTokenizeGooglePay, { google_payment_data: JSON.stringify(await googleToken('mastercard_approved')) });
    expect(asText.body.token_intent).toMatchObject({ card: { last4: '4444', brand: 'mastercard' } });
    // Kept: the first six and last four, the brand and the outcome; never a card number.
    expect(JSON.stringify(server.sandbox.records.vaultTokens.list())).not.toMatch(/\d{13,}/);
  });

  it('refuses a token for another gateway or gatewayMerchantId, reused, changed or forged (422), making no token', async () => {
    const otherGateway = await googleToken('visa_approved', { gateway: 'stripe' });
    expect((await refusedByVault(sandboxRoutes.vaultTokenizeGooglePay, { google_payment_data: otherGateway }, 422)).detail).toContain('gateway "stripe"');
    const otherMerchant = await googleToken('visa_approved', { gatewayMerchantId: SERVICE_VAULT_TENANT_IDS.production });
    expect((await refusedByVault(sandboxRoutes.vaultTokenizeGooglePay, { google_payment_data: otherMerchant }, 422)).detail).toContain(`not this vault's tenant "${TENANT}"`);
    const token = await googleToken();
    const other = await googleToken('visa_declined');
    const changed = [
      { ...token, signedMessage: other.signedMessage },
      { ...token, signature: other.signature },
      { ...token, intermediateSigningKey: { ...token.intermediateSigningKey, signedKey: other.intermediateSigningKey.signedKey } },
      { ...token, signedMessage: JSON.stringify({ ...JSON.parse(token.signedMessage), encryptedMessage: Buffer.from('{"card":"visa_approved"}').toString('base64') }) },
    ];
    for (const changedToken of changed) await refusedByVault(sandboxRoutes.vaultTokenizeGooglePay, { google_payment_data: changedToken }, 422);
    expect((await c.vault(sandboxRoutes.vaultTokenizeGooglePay, { google_payment_data: token })).status).toBe(201);
    expect((await refusedByVault(sandboxRoutes.vaultTokenizeGooglePay, { google_payment_data: token }, 422)).detail).toContain('already tokenized');
    const late = await googleToken();
    server.sandbox.clock.advance(60 * 60_000);
    expect((await refusedByVault(sandboxRoutes.vaultTokenizeGooglePay, { google_payment_data: late }, 422)).detail).toContain('expired');
  });

  it("refuses what is not Google's ECv2 token with BT validation problem details (400)", async () => {
    const token = await googleToken();
    const ecv1 = await refusedByVault(sandboxRoutes.vaultTokenizeGooglePay, { google_payment_data: { ...token, protocolVersion: 'ECv1' } }, 400);
    expect(Object.keys(ecv1.errors)).toEqual(['google_payment_data.protocolVersion']);
    const past = await refusedByVault(sandboxRoutes.vaultTokenizeGooglePay, { google_payment_data: token, expires_at: '2001-01-01' }, 400);
    expect(Object.keys(past.errors)).toEqual(['expires_at']);
    const noKey = await refusedByVault(sandboxRoutes.vaultTokenizeGooglePay, { google_payment_data: { ...token, intermediateSigningKey: undefined } }, 400);
    expect(Object.keys(noKey.errors)).toEqual(['google_payment_data.intermediateSigningKey']);
    for (const body of [{}, { google_payment_data: 'not json' }, { google_payment_data: JSON.stringify({ ...token, protocolVersion: 'ECv1' }) }, { google_payment_data: { signature: 's', protocolVersion: 'ECv2', signedMessage: '{}' } }]) {
      await refusedByVault(sandboxRoutes.vaultTokenizeGooglePay, body, 400);
    }
    // None of the refusals spent the token.
    expect((await c.vault(sandboxRoutes.vaultTokenizeGooglePay, { google_payment_data: token })).status).toBe(201);
  });
});

describe('a payment from a wallet token', () => {
  /** A wallet vault token → service token → instrument → customer purchase on the gateway store. */
  async function pay(wallet: 'apple_pay' | 'google_pay', card: string): Promise<Record<string, any>> {
    const tokenized =
      wallet === 'apple_pay'
        ? await c.vault(sandboxRoutes.vaultTokenizeApplePay, { apple_payment_data: await appleToken(card) })
        : await c.vault(sandboxRoutes.vaultTokenizeGooglePay, { google_payment_data: await googleToken(card) });
    expect(tokenized.status).toBe(201);
    const vaultToken = tokenized.body[wallet] ?? tokenized.body.token_intent;
    // As the tokenizer wraps a wallet token: the type, BT's id, and the facts the wallet gives (none for a wallet).
    const serviceToken = encodeServiceToken({ type: wallet, token: vaultToken.id, provider: 'basistheory', nonSensitiveMetadata: { last4: '', brand: '', bin: '', expiryMonth: 0, expiryYear: 0 } });
    const { storeId } = server.sandbox.defaults.gateway;
    const created = await c.api(routes.createPaymentInstrumentFromToken, { body: { serviceToken, storeId, customerData: { email: 'ada@example.com' } } });
    expect(created.status).toBe(200);
    expect(created.body.paymentInstrument.card).toMatchObject({ last4: vaultToken.card.last4, brand: vaultToken.card.brand });
    const processed = await c.api(routes.processPayment, { body: purchase(storeId, created.body.paymentInstrument.id) });
    expect(processed.status).toBe(200);
    return processed.body.payment;
  }

  it('approves with the approving card, on Apple Pay and Google Pay', async () => {
    expect(await pay('apple_pay', 'visa_approved')).toMatchObject({ status: 'succeeded' });
    expect(await pay('google_pay', 'visa_approved')).toMatchObject({ status: 'succeeded' });
    expect(await pay('google_pay', 'mastercard_approved')).toMatchObject({ status: 'succeeded' });
  });

  it('is declined with the declining card, as card 4000 0000 0000 9995 is', async () => {
    for (const wallet of ['apple_pay', 'google_pay'] as const) {
      const payment = await pay(wallet, 'visa_declined');
      expect(payment).toMatchObject({ status: 'declined', requireActionData: { type: 'error', errorCode: 'insufficient_funds' } });
    }
  });

  it('asks for a 3DS challenge with the Google Pay PAN_ONLY challenge card, through the BT 3DS emulation', async () => {
    const payment = await pay('google_pay', 'visa_3ds');
    expect(payment).toMatchObject({ status: 'pending', requireAction: 'threeds_auth' });
    const action = getPaymentAction(payment);
    expect(action).toMatchObject({ type: 'threeds_auth', challenge: { acsChallengeUrl: `${server.url}/acs/challenge` } });
  });
});

describe("the answers against Basis Theory's published types (@basis-theory/node-sdk 5.7.0's serializers)", () => {
  // `fail`: a field BT's type does not declare, or a field of the wrong type, throws.
  const strict = { unrecognizedObjectKeys: 'fail', skipValidation: false } as const;

  it('POST /apple-pay: the request as BT reads it, the answer an ApplePayCreateResponse with nothing BT does not declare', async () => {
    const token = await appleToken();
    const request = { apple_payment_data: token };
    // BT's ApplePayMethodToken declares paymentData and transactionIdentifier: Apple's paymentMethod is read past.
    const read = bt.ApplePayCreateRequest.parseOrThrow(request, { unrecognizedObjectKeys: 'strip', skipValidation: false });
    expect(read.applePaymentData).toEqual({ paymentData: token.paymentData, transactionIdentifier: token.transactionIdentifier });
    const answer = await c.vault(sandboxRoutes.vaultTokenizeApplePay, request);
    const parsed = bt.ApplePayCreateResponse.parseOrThrow(answer.body, strict);
    expect(parsed.applePay).toMatchObject({ type: 'dpan', tenantId: TENANT, status: 'active', card: { last4: '8412', expirationMonth: 12 }, authentication: { eciIndicator: '7' } });
    expect(parsed.applePay?.expiresAt).toBeInstanceOf(Date);
  });

  it('POST /google-pay: the request a GooglePayCreateRequest exactly, the answer a GooglePayCreateResponse', async () => {
    for (const card of ['visa_approved', 'visa_3ds']) {
      const request = { google_payment_data: await googleToken(card) };
      expect(bt.GooglePayCreateRequest.parseOrThrow(request, strict).googlePaymentData?.protocolVersion).toBe('ECv2');
      const answer = await c.vault(sandboxRoutes.vaultTokenizeGooglePay, request);
      const parsed = bt.GooglePayCreateResponse.parseOrThrow(answer.body, strict);
      const authMethod = card === 'visa_3ds' ? parsed.tokenIntent?.extras?.tspDetails?.authMethod : parsed.googlePay?.details?.authMethod;
      expect(authMethod).toBe(card === 'visa_3ds' ? 'PAN_ONLY' : 'CRYPTOGRAM_3DS');
    }
  });

  it('POST /apple-pay/session: the request an ApplePaySessionRequest; refusals ValidationProblemDetails (400) and ProblemDetails (422)', async () => {
    const request = { display_name: 'Tessera Shop', domain: 'localhost:5173' };
    expect(bt.applePay.ApplePaySessionRequest.parseOrThrow(request, strict)).toEqual({ displayName: 'Tessera Shop', domain: 'localhost:5173' });
    const invalid = await c.vault(sandboxRoutes.vaultApplePayMerchantSession, { ...request, domain: 'not a host' });
    expect(bt.ValidationProblemDetails.parseOrThrow(invalid.body, strict)).toMatchObject({ status: 400, errors: { domain: [expect.any(String)] } });
    const token = await googleToken('visa_approved', { gateway: 'stripe' });
    const refused = await c.vault(sandboxRoutes.vaultTokenizeGooglePay, { google_payment_data: token });
    expect(bt.ProblemDetails.parseOrThrow(refused.body, strict)).toMatchObject({ status: 422, title: 'Invalid Google Pay payment data' });
  });
});

describe('wallet tokens at rest', () => {
  it('keeps no card number in the data file (or its WAL) after every wallet card is minted, tokenized and paid', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-wallet-data-'));
    try {
      const file = join(dir, 'sandbox.db');
      const started = await startSandboxServer({ port: 0, host: '127.0.0.1', sandboxOptions: { dataFile: file } });
      const http = client(started.url, started.sandbox);
      const cards = (await http.send('GET', sandboxRoutes.listWalletCards)).body as { id: string; wallet: string }[];
      let key = 0;
      for (const card of cards) {
        for (const wallet of ['apple_pay', 'google_pay'] as const) {
          if (card.wallet !== 'both' && card.wallet !== wallet) continue;
          const headers = { 'idempotency-key': `k-${++key}` };
          let tokenized: Answer;
          if (wallet === 'apple_pay') {
            const session = await http.vault(sandboxRoutes.vaultApplePayMerchantSession, { display_name: 'Shop', domain: 'localhost:5173' });
            const token = await http.send('POST', sandboxRoutes.mintApplePayToken, { card: card.id, merchantSession: session.body }, { authorization: '' });
            tokenized = await http.vault(sandboxRoutes.vaultTokenizeApplePay, { apple_payment_data: token.body }, headers);
          } else {
            const data = await http.send('POST', sandboxRoutes.mintGooglePayToken, { card: card.id, gateway: 'basistheory', gatewayMerchantId: TENANT, allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'] }, { authorization: '' });
            tokenized = await http.vault(sandboxRoutes.vaultTokenizeGooglePay, { google_payment_data: data.body.paymentMethodData.tokenizationData.token }, headers);
          }
          expect(tokenized.status, `${wallet} ${card.id}`).toBe(201);
          const id = (tokenized.body[wallet] ?? tokenized.body.token_intent).id as string;
          const serviceToken = encodeServiceToken({ type: wallet, token: id, provider: 'basistheory' });
          const { storeId } = started.sandbox.defaults.gateway;
          const created = await http.api(routes.createPaymentInstrumentFromToken, { body: { serviceToken, storeId, customerData: { email: 'ada@example.com' } } });
          expect((await http.api(routes.processPayment, { body: purchase(storeId, created.body.paymentInstrument.id), headers: { 'idempotency-key': `k-${++key}` } })).status).toBe(200);
        }
      }
      expect(existsSync(`${file}-wal`)).toBe(true);
      const scan = (): string[] =>
        [file, `${file}-wal`].filter((path) => existsSync(path)).flatMap((path) => Object.values(testCardNumbers).filter((number) => readFileSync(path).toString('latin1').includes(number)).map((number) => `${path}: ${number}`));
      expect(scan()).toEqual([]);
      await started.close();
      expect(scan()).toEqual([]);
      // The file did keep the wallet tokens (the scan read a real file).
      expect(readFileSync(file).toString('latin1')).toContain('"type":"google_pay"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
