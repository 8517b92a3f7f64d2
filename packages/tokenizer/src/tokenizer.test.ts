import { decodeServiceToken, TesseraAbortError, TesseraTimeoutError, TesseraValidationError } from '@tessera/core';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cardTokenFixture, visaCard } from '../test/vault-fixtures.js';
import { TesseraConfigurationError, TesseraInvalidResponseError, TesseraNetworkError, TesseraVaultError } from './errors.js';
import { createTokenizer } from './tokenizer.js';

const vaultUrl = 'https://vault.test';
const requests: { method: string; url: string; headers: Headers; body: unknown }[] = [];

const server = setupServer(
  http.post(`${vaultUrl}/vault/v1/cards`, async ({ request }) => {
    requests.push({ method: request.method, url: request.url, headers: request.headers, body: await request.clone().json() });
    return HttpResponse.json(cardTokenFixture(), { status: 201 });
  }),
  http.post(`${vaultUrl}/vault/v1/wallets/:wallet`, async ({ request, params }) => {
    requests.push({ method: request.method, url: request.url, headers: request.headers, body: await request.clone().json() });
    return HttpResponse.json(cardTokenFixture({ id: `tok_${String(params.wallet)}`, type: String(params.wallet) }), { status: 201 });
  }),
  http.post(`${vaultUrl}/vault/v1/apple-pay/merchant-session`, async ({ request }) => {
    requests.push({ method: request.method, url: request.url, headers: request.headers, body: await request.clone().json() });
    return HttpResponse.json({ merchantSessionIdentifier: 'ms_1', signature: 'sig' });
  }),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

const tokenizer = () => createTokenizer({ environment: 'production', vaultUrl, vaultKey: 'pk_test_key' });

describe('createTokenizer', () => {
  it('refuses an unknown environment at once', () => {
    expect(() => createTokenizer({ environment: 'qa' as never })).toThrow(TesseraConfigurationError);
  });

  it('a production tokenizer without a key rejects before sending anything', async () => {
    await expect(createTokenizer({ environment: 'production', vaultUrl }).tokenizeCard(visaCard)).rejects.toMatchObject({
      name: 'TesseraConfigurationError',
      reason: 'missing_vault_key',
    });
    expect(requests).toHaveLength(0);
  });

  it('exposes the environment and vault URL but not the key', () => {
    const instance = tokenizer();
    expect(instance.environment).toBe('production');
    expect(instance.vaultUrl).toBe(vaultUrl);
    expect(JSON.stringify(instance)).not.toContain('pk_test_key');
  });
});

describe('tokenizeCard', () => {
  it('sends the normalised card to the vault with the public key and returns a service token', async () => {
    const serviceToken = await tokenizer().tokenizeCard(visaCard);

    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe(`${vaultUrl}/vault/v1/cards`);
    expect(sent?.headers.get('x-tessera-vault-key')).toBe('pk_test_key');
    expect(sent?.headers.get('content-type')).toBe('application/json');
    expect(sent?.headers.get('authorization')).toBeNull();
    expect(sent?.body).toEqual({ cardNumber: '4242424242424242', expiryMonth: 12, expiryYear: 2031, cvc: '123', cardholderName: 'Ada Lovelace' });
    expect(typeof (sent?.body as { cardNumber: unknown }).cardNumber).toBe('string');

    expect(decodeServiceToken(serviceToken)).toEqual({
      type: 'card',
      token: 'tok_123',
      provider: 'tessera-vault',
      nonSensitiveMetadata: {
        last4: '4242',
        brand: 'visa',
        bin: '424242',
        expiryMonth: 12,
        expiryYear: 2031,
        funding: 'credit',
        fingerprint: 'fp_abc',
        authentication: 'optional',
        issuer: { name: 'Tessera Test Bank', country: 'US' },
      },
    });
  });

  it('the encoded token never contains the PAN or the CVC', async () => {
    const serviceToken = await tokenizer().tokenizeCard({ ...visaCard, cvc: '987' });
    const json = atob(serviceToken);
    expect(serviceToken).not.toContain('4242424242424242');
    expect(json).not.toContain('4242424242424242');
    expect(json).not.toContain('4242 4242');
    expect(json).not.toContain('987');
    expect(json).not.toMatch(/cvc|cvv|cardNumber/i);
    expect(json).not.toContain('424242******4242');
  });

  it('marks sca_required when the vault says 3DS will be required, taking metadata from the vault only', async () => {
    server.use(
      http.post(`${vaultUrl}/vault/v1/cards`, () =>
        HttpResponse.json(
          cardTokenFixture({ id: 'tok_3ds', data: { last4: '3220', bin: '400000', brand: 'visa' }, metadata: { auth: { scaRequired: true } } }),
          { status: 201 },
        ),
      ),
    );
    const token = decodeServiceToken(await tokenizer().tokenizeCard({ cardNumber: '4000000000003220', expiryDate: '01/30', cvc: '123' }));
    expect(token.nonSensitiveMetadata).toEqual({ last4: '3220', bin: '400000', brand: 'visa', authentication: 'sca_required' });
  });

  it('validates first: every field error at once, typed, and nothing sent', async () => {
    const error = await tokenizer()
      .tokenizeCard({ cardNumber: '4242 4242 4242 4241', expiryDate: '13/20', cvc: '1' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TesseraValidationError);
    expect((error as TesseraValidationError).fields.map((field) => field.field)).toEqual(['cardNumber', 'expiryDate', 'cvc']);
    expect(JSON.stringify(error)).not.toContain('4241');
    expect((error as Error).message).not.toContain('4241');
    expect(requests).toHaveLength(0);
  });

  it('maps a vault HTTP error to TesseraVaultError without card data in the message', async () => {
    server.use(
      http.post(`${vaultUrl}/vault/v1/cards`, () =>
        HttpResponse.json(
          { error: { code: 'validation_error', message: 'bad card 4242424242424242', fields: [{ field: 'cvc', code: 'invalid', message: 'is invalid' }], requestId: 'req_1' } },
          { status: 400, headers: { 'x-request-id': 'req_1' } },
        ),
      ),
    );
    const error = await tokenizer().tokenizeCard(visaCard).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TesseraVaultError);
    expect(error).toMatchObject({ code: 'vault_error', status: 400, vaultCode: 'validation_error', requestId: 'req_1', fields: [{ field: 'cvc', code: 'invalid' }] });
    expect(JSON.stringify(error)).not.toMatch(/4242424242424242|123/);
    expect((error as Error).message).not.toContain('4242');
  });

  it('maps a 401 and a 503 without a JSON body', async () => {
    server.use(http.post(`${vaultUrl}/vault/v1/cards`, () => HttpResponse.json({ error: { code: 'unauthorized', message: 'no' } }, { status: 401 })));
    await expect(tokenizer().tokenizeCard(visaCard)).rejects.toMatchObject({ status: 401, vaultCode: 'unauthorized' });
    server.use(http.post(`${vaultUrl}/vault/v1/cards`, () => new HttpResponse('down', { status: 503 })));
    await expect(tokenizer().tokenizeCard(visaCard)).rejects.toMatchObject({ name: 'TesseraVaultError', status: 503, vaultCode: undefined });
  });

  it('maps a dropped connection to TesseraNetworkError', async () => {
    server.use(http.post(`${vaultUrl}/vault/v1/cards`, () => HttpResponse.error()));
    const error = await tokenizer().tokenizeCard(visaCard).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TesseraNetworkError);
    expect(error).toMatchObject({ code: 'network_error' });
    expect(JSON.stringify(error)).not.toContain('4242');
  });

  it('maps a vault that does not answer in time to TesseraTimeoutError', async () => {
    server.use(http.post(`${vaultUrl}/vault/v1/cards`, async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }));
    const slow = createTokenizer({ environment: 'production', vaultUrl, vaultKey: 'pk_test_key', timeoutMs: 30 });
    await expect(slow.tokenizeCard(visaCard)).rejects.toBeInstanceOf(TesseraTimeoutError);
  });

  it('is abortable with a signal', async () => {
    server.use(http.post(`${vaultUrl}/vault/v1/cards`, async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }));
    const controller = new AbortController();
    const pending = tokenizer().tokenizeCard(visaCard, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(TesseraAbortError);
    await expect(tokenizer().tokenizeCard(visaCard, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(TesseraAbortError);
  });

  it('refuses a malformed vault answer, and one that would put card data into the token', async () => {
    server.use(http.post(`${vaultUrl}/vault/v1/cards`, () => HttpResponse.json({ type: 'card' }, { status: 201 })));
    await expect(tokenizer().tokenizeCard(visaCard)).rejects.toBeInstanceOf(TesseraInvalidResponseError);
    server.use(http.post(`${vaultUrl}/vault/v1/cards`, () => new HttpResponse('<html>', { status: 201 })));
    await expect(tokenizer().tokenizeCard(visaCard)).rejects.toBeInstanceOf(TesseraInvalidResponseError);
    server.use(http.post(`${vaultUrl}/vault/v1/cards`, () => HttpResponse.json(cardTokenFixture({ id: '4242424242424242' }), { status: 201 })));
    const error = await tokenizer().tokenizeCard(visaCard).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TesseraInvalidResponseError);
    expect(JSON.stringify(error)).not.toContain('4242424242424242');
  });
});

describe('tokenizeCardRaw', () => {
  it('returns the CardTokenResponse with scaRequired and tokenizedAt', async () => {
    const raw = await tokenizer().tokenizeCardRaw(visaCard);
    expect(raw).toEqual(cardTokenFixture());
    expect(raw.metadata?.auth?.scaRequired).toBe(false);
    expect(raw.metadata?.tokenizedAt).toBe('2026-11-22T10:00:00.000Z');
  });
});

describe('wallets', () => {
  it.each([
    ['tokenizeApplePay', 'apple_pay'],
    ['tokenizeGooglePay', 'google_pay'],
  ] as const)('%s posts the wallet token and returns a %s service token', async (method, type) => {
    const serviceToken = await tokenizer()[method]({ paymentData: { data: 'encrypted' } });
    expect(requests[0]?.url).toBe(`${vaultUrl}/vault/v1/wallets/${type}`);
    expect(requests[0]?.headers.get('x-tessera-vault-key')).toBe('pk_test_key');
    expect(requests[0]?.body).toEqual({ walletToken: '{"paymentData":{"data":"encrypted"}}' });
    expect(decodeServiceToken(serviceToken)).toMatchObject({ type, token: `tok_${type}`, provider: 'tessera-vault' });
  });

  it('refuses an empty wallet token without sending it', async () => {
    await expect(tokenizer().tokenizeGooglePay('')).rejects.toBeInstanceOf(TesseraValidationError);
    expect(requests).toHaveLength(0);
  });

  it('asks the vault for the Apple Pay merchant session', async () => {
    const session = await tokenizer().validateApplePayMerchant({ validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession', domainName: 'shop.example', displayName: 'Shop' });
    expect(session).toEqual({ merchantSessionIdentifier: 'ms_1', signature: 'sig' });
    expect(requests[0]?.url).toBe(`${vaultUrl}/vault/v1/apple-pay/merchant-session`);
    expect(requests[0]?.body).toEqual({ validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession', domainName: 'shop.example', displayName: 'Shop' });
  });

  it('needs a domain name where there is no location (server side)', async () => {
    await expect(tokenizer().validateApplePayMerchant({ validationURL: 'https://apple.example/x', displayName: 'Shop' })).rejects.toMatchObject({
      fields: [{ field: 'domainName', code: 'required' }],
    });
  });
});

describe('local environment', () => {
  it('talks to the sandbox vault with the sandbox key and names it as provider', async () => {
    server.use(
      http.post('http://127.0.0.1:4010/vault/v1/cards', ({ request }) => {
        requests.push({ method: request.method, url: request.url, headers: request.headers, body: undefined });
        return HttpResponse.json(cardTokenFixture(), { status: 201 });
      }),
    );
    const token = decodeServiceToken(await createTokenizer({ environment: 'local' }).tokenizeCard(visaCard));
    expect(requests[0]?.headers.get('x-tessera-vault-key')).toBe('pk_test_tessera_sandbox');
    expect(token.provider).toBe('tessera-sandbox-vault');
  });
});
