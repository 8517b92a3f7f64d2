import { decodeServiceToken } from '@tessera/core';
import { API_PREFIX, encodeChallengeRequest, SANDBOX_VAULT_KEY, SERVICE_VAULT_TENANT_IDS } from '@tessera/core/internal';
import { createSandbox, sandboxRoutes } from '@tessera/sandbox';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TesseraVaultError } from '../errors/errors.js';
import { createTokenizer } from './tokenizer.js';

// The tokenizer against the sandbox's own msw handlers: the vault contract, and the merchant server accepting the
// service token the tokenizer made (create-from-token decodes it with core).
const sandbox = createSandbox();
const server = setupServer(...sandbox.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

const base = 'http://localhost:4010';
const api = (path: string, body: unknown): Promise<Response> =>
  fetch(`${base}${API_PREFIX}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk_test_tessera_sandbox', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(body),
  });

describe('tokenizer ⇄ sandbox (msw)', () => {
  const tokenizer = createTokenizer({ environment: 'local' });

  it('tokenizes a 3DS test card, the server turns the token into an instrument, and the payment asks for a challenge', async () => {
    const raw = await tokenizer.tokenizeCardToResponse({ cardNumber: '4000 0000 0000 3220', expiryDate: '12/35', cvc: '123' });
    expect(raw).toMatchObject({ type: 'card', metadata: { auth: { scaRequired: true } }, data: { number: '400000XXXXXX3220', last4: '3220' } });
    expect(JSON.stringify(raw)).not.toContain('4000000000003220');

    const serviceToken = await tokenizer.tokenizeCard({ cardNumber: '4000 0000 0000 3220', expiryDate: '12/35', cvc: '123' });
    expect(decodeServiceToken(serviceToken).nonSensitiveMetadata?.authentication).toBe('sca_required');

    const created = await api('/payment-instruments/create-from-token', { serviceToken, storeId: sandbox.defaults.gateway.storeId, customerData: { email: 'ada@example.com' } });
    expect(created.ok).toBe(true);
    const { paymentInstrument } = (await created.json()) as { paymentInstrument: { id: string; card: { last4: string } } };
    expect(paymentInstrument.card.last4).toBe('3220');

    // The BT 3DS session web-threeds creates in the page (the browser tests run the real library; this is its request).
    const token = decodeServiceToken(serviceToken);
    const btSession = await fetch(`${base}/3ds/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'bt-api-key': SANDBOX_VAULT_KEY },
      body: JSON.stringify({ token_id: token.token, device: 'browser', device_info: { browser_language: 'en-US' }, web_challenge_mode: 'iframe' }),
    });
    expect(btSession.status).toBe(201);
    const { id: sessionId } = (await btSession.json()) as { id: string };
    const body = { provider: 'basis_theory', storeId: sandbox.defaults.gateway.storeId, paymentInstrumentId: paymentInstrument.id, sessionData: { sessionId, metadata: {} } };
    const session = await api('/threeds/create-session', body);
    expect(session.status).toBeLessThan(300);
    const persisted = (await session.json()) as { id: string; externalSessionId: string; status: string };
    expect(persisted).toMatchObject({ externalSessionId: body.sessionData.sessionId, status: 'created' });

    const processed = await api('/payments/process', {
      amount: 1999,
      currency: 'USD',
      storeId: sandbox.defaults.gateway.storeId,
      paymentInstrumentId: paymentInstrument.id,
      threedsSessionId: persisted.id,
      initiatedBy: 'customer',
      mode: 'purchase',
    });
    const { payment } = (await processed.json()) as { payment: { status: string; requireActionData: { metadata: { threedsSession: Record<string, string> } } } };
    expect(payment.status).toBe('pending');
    const challenge = payment.requireActionData.metadata.threedsSession;
    expect(challenge.externalSessionId).toBe(sessionId);

    // The CReq web-threeds posts is one the sandbox ACS accepts.
    const creq = encodeChallengeRequest({
      threeDSServerTransID: challenge.externalSessionId ?? '',
      acsTransID: challenge.acsTransID ?? '',
      messageType: 'CReq',
      messageVersion: challenge.messageVersion ?? '',
      challengeWindowSize: '03',
    });
    const page = await fetch(challenge.acsChallengeUrl ?? '', { method: 'POST', body: new URLSearchParams({ creq }) });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="approve"');
  });

  it('wallet tokens the sandbox minted, and the Apple Pay merchant session, go through the sandbox vault', async () => {
    // What the sandbox's wallet sheets make (same origin as the sandbox: no Origin from Node), tokenized as a page would.
    const mint = async (path: string, body: unknown): Promise<Record<string, any>> => {
      const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(response.status).toBe(201);
      return (await response.json()) as Record<string, any>;
    };
    const merchantSession = await tokenizer.validateApplePayMerchant({ validationURL: 'https://apple-pay-gateway.apple.com/x', domainName: 'shop.example', displayName: 'Shop' });
    expect(merchantSession).toMatchObject({ domainName: 'shop.example' });
    const applePayToken = await mint(sandboxRoutes.mintApplePayToken, { card: 'visa_approved', merchantSession });
    expect(decodeServiceToken(await tokenizer.tokenizeApplePay(applePayToken))).toMatchObject({ type: 'apple_pay' });
    const paymentData = await mint(sandboxRoutes.mintGooglePayToken, {
      card: 'visa_approved',
      gateway: 'basistheory',
      gatewayMerchantId: SERVICE_VAULT_TENANT_IDS.development,
      allowedAuthMethods: ['CRYPTOGRAM_3DS'],
    });
    expect(decodeServiceToken(await tokenizer.tokenizeGooglePay(paymentData.paymentMethodData.tokenizationData.token as string))).toMatchObject({ type: 'google_pay' });
    // Made-up wallet data is refused by the vault, as Basis Theory refuses what no wallet made.
    await expect(tokenizer.tokenizeApplePay({ paymentData: { data: 'x' } })).rejects.toBeInstanceOf(TesseraVaultError);
  });

  it('the vault refuses the secret key and a wrong public key with typed errors', async () => {
    const tokens = await fetch(`${base}/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'bt-api-key': 'sk_test_tessera_sandbox' },
      body: JSON.stringify({ type: 'card', data: { number: '4242424242424242', expiration_month: 12, expiration_year: 2035, cvc: '123' } }),
    });
    expect(tokens.status).toBe(403);
    await expect(createTokenizer({ environment: 'local', vaultKey: 'key_test_us_pub_wrong' }).tokenizeCard({ cardNumber: '4242424242424242', expiryDate: '12/35', cvc: '123' })).rejects.toMatchObject({
      name: 'TesseraVaultError',
      status: 401,
    });
  });
});
