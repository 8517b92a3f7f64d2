import { decodeServiceToken, TesseraAbortError, TesseraTimeoutError, TesseraValidationError } from '@tessera/core';
import { SANDBOX_VAULT_KEY } from '@tessera/core/internal';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { btCardTokenFixture, visaCard } from '../../test/vault-fixtures.js';
import { TesseraConfigurationError, TesseraResponseValidationError, TesseraConnectionError, TesseraVaultError } from '../errors/errors.js';
import { createThreeDS } from '../threeds/threeds.js';
import { createTokenizer } from './tokenizer.js';

const vaultUrl = 'https://bt.test';
const publicKey = 'key_test_us_pub_TestKey';
const tokenId = 'c06d0789-0a38-40be-b7cc-c28a718f76f1';
const requests: { method: string; url: string; headers: Headers; body: unknown }[] = [];
const record = async (request: Request) => {
  requests.push({ method: request.method, url: request.url, headers: request.headers, body: await request.clone().json() });
};
const btWallet = (type: string, key: string) => ({
  [key]: { id: `wallet-${type}`, type, status: 'active', card: { bin: '411111', last4: '1111', brand: 'visa', funding: 'debit', expiration_month: 11, expiration_year: 2032 }, created_at: '2026-11-22T10:00:00.000Z' },
});

const server = setupServer(
  http.post(`${vaultUrl}/tokens`, async ({ request }) => {
    await record(request);
    return HttpResponse.json(btCardTokenFixture(), { status: 201 });
  }),
  http.post(`${vaultUrl}/apple-pay`, async ({ request }) => {
    await record(request);
    return HttpResponse.json(btWallet('apple_pay', 'apple_pay'), { status: 201 });
  }),
  http.post(`${vaultUrl}/google-pay`, async ({ request }) => {
    await record(request);
    return HttpResponse.json(btWallet('google_pay', 'google_pay'), { status: 201 });
  }),
  http.post(`${vaultUrl}/apple-pay/session`, async ({ request }) => {
    await record(request);
    return HttpResponse.json({ merchantSessionIdentifier: 'ms_1', signature: 'sig' });
  }),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

const tokenizer = () => createTokenizer({ environment: 'production', vaultUrl, vaultKey: publicKey });

describe('createTokenizer', () => {
  it('refuses an unknown environment at once', () => {
    expect(() => createTokenizer({ environment: 'qa' as never })).toThrow(TesseraConfigurationError);
  });

  it('exposes the environment and vault URL but not the key', () => {
    const instance = tokenizer();
    expect(instance.environment).toBe('production');
    expect(instance.vaultUrl).toBe(vaultUrl);
    expect(JSON.stringify(instance)).not.toContain(publicKey);
  });

  it('production sends to Basis Theory with the production public key (fetch stubbed, no network)', async () => {
    const fetchStub = vi.fn<typeof fetch>(() => Promise.resolve(Response.json(btCardTokenFixture(), { status: 201 })));
    await createTokenizer({ environment: 'production', fetch: fetchStub }).tokenizeCard(visaCard);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url).toBe('https://api.basistheory.com/tokens');
    expect(new Headers(init?.headers).get('BT-API-KEY')).toBe('key_prod_us_pub_PNMB2AiaECJ463K6QAPNU6');
    expect(init?.redirect).toBe('manual');
    expect(init?.credentials).toBe('omit');
  });

  it('development sends to Basis Theory with the development public key', async () => {
    const fetchStub = vi.fn<typeof fetch>(() => Promise.resolve(Response.json(btCardTokenFixture(), { status: 201 })));
    await createTokenizer({ environment: 'development', fetch: fetchStub }).tokenizeCard(visaCard);
    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url).toBe('https://api.basistheory.com/tokens');
    expect(new Headers(init?.headers).get('BT-API-KEY')).toBe('key_test_us_pub_VExdfbFQARn821iqP8zNaq');
  });
});

describe('tokenizeCard', () => {
  it('creates a BT card token (number a string) with the public key and returns a basistheory service token', async () => {
    const serviceToken = await tokenizer().tokenizeCard(visaCard);

    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe(`${vaultUrl}/tokens`);
    expect(sent?.headers.get('bt-api-key')).toBe(publicKey);
    expect(sent?.headers.get('content-type')).toBe('application/json');
    expect(sent?.headers.get('authorization')).toBeNull();
    expect(sent?.body).toEqual({
      type: 'card',
      data: { number: '4242424242424242', expiration_month: 12, expiration_year: 2031, cvc: '123' },
      metadata: { cardholder_name: 'Ada Lovelace' },
    });

    expect(decodeServiceToken(serviceToken)).toEqual({
      type: 'card',
      token: tokenId,
      provider: 'basistheory',
      // Every fact comes from the vault's answer (btCardTokenFixture), none from what was typed.
      nonSensitiveMetadata: {
        last4: '4242', brand: 'visa', bin: '424242', expiryMonth: 12, expiryYear: 2031, funding: 'credit', authentication: 'optional',
        fingerprint: 'AKCUFrvbGZM3kdbedm8dYC38HnoXRKjSY7FzJPs5R3Kn',
        issuer: { name: 'TESSERA TEST BANK', country: 'US' },
      },
    });
  });

  it('tokenizeCardWithFacts: the service token and the card facts, spelled as createSession takes its instrument', async () => {
    const { serviceToken, card } = await tokenizer().tokenizeCardWithFacts(visaCard);
    expect(requests).toHaveLength(1);
    expect(decodeServiceToken(serviceToken)).toMatchObject({ type: 'card', token: tokenId });
    expect(card).toEqual({ tokenId, type: 'card', card: { bin: '424242', last4: '4242', expirationMonth: 12, expirationYear: 2031 }, brand: 'visa', scaRequired: false });
    // As is: `{ id, ...card }` passes createSession's checks (no DOM needed to get that far in node: it fails on no_dom after them).
    const threeds = createThreeDS({ environment: 'local' });
    await expect(threeds.createSession({ instrument: { id: 'pi_1', ...card }, payment: { amount: 1999, currency: 'USD' } })).rejects.toMatchObject({ code: 'no_dom' });
  });

  it('tokenizeCardWithFacts: scaRequired when the vault says the issuer requires SCA', async () => {
    server.use(http.post(`${vaultUrl}/tokens`, () => HttpResponse.json(btCardTokenFixture({}, { authentication: 'sca_required' }), { status: 201 })));
    const { card } = await tokenizer().tokenizeCardWithFacts(visaCard);
    expect(card.scaRequired).toBe(true);
  });

  it('keeps a 19-digit number exact (never a JS number)', async () => {
    await tokenizer().tokenizeCard({ cardNumber: '4000 0000 0000 0000 006', expiryDate: '12/31', cvc: '123' });
    expect((requests[0]?.body as { data: { number: unknown } }).data.number).toBe('4000000000000000006');
  });

  it('the encoded token never contains the PAN or the CVC', async () => {
    const serviceToken = await tokenizer().tokenizeCard({ ...visaCard, cvc: '987' });
    const json = atob(serviceToken);
    expect(json).not.toContain('4242424242424242');
    expect(json).not.toContain('987');
    expect(json).not.toMatch(/cvc|cvv|cardNumber/i);
    expect(json).not.toContain('424242XXXXXX4242');
  });

  it('takes sca_required from BT card.authentication, and card facts from the answer only', async () => {
    server.use(
      http.post(`${vaultUrl}/tokens`, () =>
        HttpResponse.json(
          btCardTokenFixture({ id: 'tok-3ds', fingerprint: undefined }, { bin: '400000', last4: '3220', funding: undefined, issuer: undefined, expiration_month: undefined, expiration_year: undefined, authentication: 'sca_required' }),
          { status: 201 },
        ),
      ),
    );
    const token = decodeServiceToken(await tokenizer().tokenizeCard({ cardNumber: '4000000000003220', expiryDate: '01/30', cvc: '123' }));
    // Expiry from BT's `data` (masked token data) when `card` lacks it.
    expect(token.nonSensitiveMetadata).toEqual({ last4: '3220', bin: '400000', brand: 'visa', expiryMonth: 12, expiryYear: 2031, authentication: 'sca_required' });
  });

  it('validates first: every field error at once, typed, and nothing sent', async () => {
    const error = await tokenizer()
      .tokenizeCard({ cardNumber: '4242 4242 4242 4241', expiryDate: '13/20', cvc: '1' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TesseraValidationError);
    expect((error as TesseraValidationError).fields.map((field) => field.field)).toEqual(['cardNumber', 'expiryDate', 'cvc']);
    // The message itself lists every field, for a log line or a console that shows only the message.
    expect((error as Error).message).toMatch(/^The card is not valid: cardNumber .+; expiryDate .+; cvc .+$/);
    expect((error as Error).message).not.toContain('4241');
    expect(JSON.stringify(error)).not.toContain('4241');
    expect(requests).toHaveLength(0);
  });

  it('maps BT problem details (400, per-field errors) to TesseraVaultError with the caller field names', async () => {
    server.use(
      http.post(`${vaultUrl}/tokens`, () =>
        HttpResponse.json(
          {
            type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1',
            title: 'One or more validation errors occurred.',
            status: 400,
            errors: { 'data.number': ['Card number is invalid'], 'data.expiration_year': ['Expiration year is in the past'], 'data.cvc': ['Cvc is invalid'] },
          },
          { status: 400, headers: { 'bt-trace-id': 'trace_1' } },
        ),
      ),
    );
    const error = await tokenizer().tokenizeCard(visaCard).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TesseraVaultError);
    expect(error).toMatchObject({
      code: 'vault_error',
      status: 400,
      vaultCode: 'One or more validation errors occurred.',
      requestId: 'trace_1',
      fields: [
        { field: 'cardNumber', code: 'invalid', message: 'Card number is invalid' },
        { field: 'expiryDate', code: 'invalid', message: 'Expiration year is in the past' },
        { field: 'cvc', code: 'invalid', message: 'Cvc is invalid' },
      ],
    });
  });

  it('keeps no request id that could hold card data (a vault echoing the card in bt-trace-id or x-request-id)', async () => {
    const answers = [
      { 'bt-trace-id': '4242424242424242' },
      { 'x-request-id': 'trace-4242-4242-4242-4242' },
      { 'bt-trace-id': `t${'a'.repeat(200)}`, 'x-request-id': 'req 4242424242424242' },
    ];
    for (const headers of answers) {
      server.use(http.post(`${vaultUrl}/tokens`, () => HttpResponse.json({ title: 'Bad Request', status: 400 }, { status: 400, headers }), { once: true }));
      const error = await tokenizer().tokenizeCard(visaCard).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TesseraVaultError);
      expect((error as TesseraVaultError).requestId).toBeUndefined();
      expect(JSON.stringify(error)).not.toMatch(/4242|aaaa/);
    }
    // An ordinary trace id is kept; a bad bt-trace-id does not hide a good x-request-id.
    server.use(
      http.post(`${vaultUrl}/tokens`, () => HttpResponse.json({ title: 'Bad Request', status: 400 }, { status: 400, headers: { 'bt-trace-id': '4242424242424242', 'x-request-id': 'req_7f3a' } }), {
        once: true,
      }),
    );
    await expect(tokenizer().tokenizeCard(visaCard)).rejects.toMatchObject({ requestId: 'req_7f3a' });
  });

  it('drops field codes and messages that echo the card number or the CVC, and keeps only field, code, message', async () => {
    server.use(
      http.post(`${vaultUrl}/tokens`, () =>
        HttpResponse.json(
          {
            title: 'Bad 4242 4242 4242 4242',
            errors: { 'data.number': ['4242424242424242 is not accepted', 'fine'], 'data.cvc': ['cvc 987 is wrong'] },
            error: undefined,
          },
          { status: 400 },
        ),
      ),
    );
    const error = await tokenizer().tokenizeCard({ ...visaCard, cvc: '987' }).catch((caught: unknown) => caught);
    expect((error as TesseraVaultError).fields).toEqual([
      { field: 'cardNumber', code: 'invalid', message: 'is invalid' },
      { field: 'cardNumber', code: 'invalid', message: 'fine' },
      { field: 'cvc', code: 'invalid', message: 'is invalid' },
    ]);
    expect(JSON.stringify(error)).not.toMatch(/4242|987/);

    server.use(
      http.post(`${vaultUrl}/tokens`, () =>
        HttpResponse.json(
          { error: { code: 'card_4242-4242-4242-4242', fields: [{ field: 'cvc', code: 'x987x', message: 'ok', echo: '4242424242424242', input: '987' }] } },
          { status: 400 },
        ),
      ),
    );
    const array = await tokenizer().tokenizeCard({ ...visaCard, cvc: '987' }).catch((caught: unknown) => caught);
    expect((array as TesseraVaultError).fields).toEqual([{ field: 'cvc', code: 'invalid', message: 'ok' }]);
    expect(JSON.stringify(array)).not.toMatch(/4242|987/);
  });

  it('maps a 401 and a 403 from BT, and a 503 without a JSON body', async () => {
    server.use(http.post(`${vaultUrl}/tokens`, () => HttpResponse.json({ title: 'Unauthorized', status: 401 }, { status: 401 })));
    await expect(tokenizer().tokenizeCard(visaCard)).rejects.toMatchObject({ status: 401, vaultCode: 'Unauthorized' });
    server.use(http.post(`${vaultUrl}/tokens`, () => HttpResponse.json({ title: 'Forbidden', status: 403 }, { status: 403 })));
    await expect(tokenizer().tokenizeCard(visaCard)).rejects.toMatchObject({ name: 'TesseraVaultError', status: 403 });
    server.use(http.post(`${vaultUrl}/tokens`, () => new HttpResponse('down', { status: 503 })));
    await expect(tokenizer().tokenizeCard(visaCard)).rejects.toMatchObject({ name: 'TesseraVaultError', status: 503, vaultCode: undefined });
  });

  it('never follows a redirect with card data (a 307 is an error, nothing re-posted)', async () => {
    let reposted = 0;
    server.use(
      http.post(`${vaultUrl}/tokens`, () => new HttpResponse(null, { status: 307, headers: { location: 'https://evil.test/steal' } })),
      http.post('https://evil.test/steal', () => {
        reposted += 1;
        return HttpResponse.json(btCardTokenFixture(), { status: 201 });
      }),
    );
    const error = await tokenizer().tokenizeCard(visaCard).catch((caught: unknown) => caught);
    expect(reposted).toBe(0);
    expect(error).toMatchObject({ name: 'TesseraVaultError', status: 307 });
    // A fetch that hands the 3xx back (any runtime with `redirect: 'manual'`) is still an error, never an answer.
    const manual = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 307, headers: { location: 'https://evil.test/steal' } })));
    await expect(createTokenizer({ environment: 'production', vaultUrl, vaultKey: publicKey, fetch: manual }).tokenizeCard(visaCard)).rejects.toMatchObject({ status: 307 });
  });

  it('maps a dropped connection to TesseraConnectionError', async () => {
    server.use(http.post(`${vaultUrl}/tokens`, () => HttpResponse.error()));
    const error = await tokenizer().tokenizeCard(visaCard).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TesseraConnectionError);
    expect(JSON.stringify(error)).not.toContain('4242');
  });

  it('maps a vault that does not answer in time to TesseraTimeoutError', async () => {
    server.use(http.post(`${vaultUrl}/tokens`, async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }));
    const slow = createTokenizer({ environment: 'production', vaultUrl, vaultKey: publicKey, timeoutMs: 30 });
    await expect(slow.tokenizeCard(visaCard)).rejects.toBeInstanceOf(TesseraTimeoutError);
  });

  it('is abortable with a signal', async () => {
    server.use(http.post(`${vaultUrl}/tokens`, async () => {
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
    server.use(http.post(`${vaultUrl}/tokens`, () => HttpResponse.json({ type: 'card' }, { status: 201 })));
    await expect(tokenizer().tokenizeCard(visaCard)).rejects.toBeInstanceOf(TesseraResponseValidationError);
    server.use(http.post(`${vaultUrl}/tokens`, () => new HttpResponse('<html>', { status: 201 })));
    await expect(tokenizer().tokenizeCard(visaCard)).rejects.toBeInstanceOf(TesseraResponseValidationError);
    server.use(http.post(`${vaultUrl}/tokens`, () => HttpResponse.json(btCardTokenFixture({ id: '4242424242424242' }), { status: 201 })));
    const error = await tokenizer().tokenizeCard(visaCard).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TesseraResponseValidationError);
    expect(JSON.stringify(error)).not.toContain('4242424242424242');
  });
});

describe('tokenizeCardToResponse', () => {
  it('returns the CardTokenResponse (2.2): masked number, expiry, scaRequired, tokenizedAt, BT facts', async () => {
    const raw = await tokenizer().tokenizeCardToResponse(visaCard);
    expect(raw).toEqual({
      id: tokenId,
      type: 'card',
      data: {
        number: '424242XXXXXX4242',
        expiration_month: 12,
        expiration_year: 2031,
        last4: '4242',
        bin: '424242',
        brand: 'visa',
        funding: 'credit',
        fingerprint: 'AKCUFrvbGZM3kdbedm8dYC38HnoXRKjSY7FzJPs5R3Kn',
        issuer: { name: 'TESSERA TEST BANK', country: 'US' },
      },
      metadata: { auth: { scaRequired: false }, tokenizedAt: '2026-11-22T10:00:00.000Z' },
    });
  });

  it('keeps tokenizeCardRaw, deprecated, as the same function', () => {
    const client = tokenizer();
    expect(client.tokenizeCardRaw).toBe(client.tokenizeCardToResponse);
  });
});

describe('wallets', () => {
  it.each([
    ['tokenizeApplePay', 'apple_pay', 'apple-pay', 'apple_payment_data'],
    ['tokenizeGooglePay', 'google_pay', 'google-pay', 'google_payment_data'],
  ] as const)('%s posts the payment data to BT and takes the card facts from its answer', async (method, type, path, field) => {
    const serviceToken = await tokenizer()[method]('{"paymentData":{"data":"encrypted"}}');
    expect(requests[0]?.url).toBe(`${vaultUrl}/${path}`);
    expect(requests[0]?.headers.get('bt-api-key')).toBe(publicKey);
    expect(requests[0]?.body).toEqual({ [field]: { paymentData: { data: 'encrypted' } } });
    expect(decodeServiceToken(serviceToken)).toEqual({
      type,
      token: `wallet-${type}`,
      provider: 'basistheory',
      nonSensitiveMetadata: { last4: '1111', bin: '411111', brand: 'visa', funding: 'debit', expiryMonth: 11, expiryYear: 2032, authentication: 'optional' },
    });
  });

  it('reads a Google Pay answer that comes back as a token_intent', async () => {
    server.use(http.post(`${vaultUrl}/google-pay`, () => HttpResponse.json(btWallet('card', 'token_intent'), { status: 201 })));
    const token = decodeServiceToken(await tokenizer().tokenizeGooglePay({ signedMessage: '{}' }));
    expect(token).toMatchObject({ type: 'google_pay', token: 'wallet-card', nonSensitiveMetadata: { last4: '1111', expiryYear: 2032 } });
  });

  it('refuses an empty or non-JSON wallet token without sending it', async () => {
    await expect(tokenizer().tokenizeGooglePay('')).rejects.toBeInstanceOf(TesseraValidationError);
    await expect(tokenizer().tokenizeApplePay('not json')).rejects.toBeInstanceOf(TesseraValidationError);
    expect(requests).toHaveLength(0);
  });

  it('asks BT for the Apple Pay merchant session with display_name and a port-less domain', async () => {
    const session = await tokenizer().validateApplePayMerchant({ validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession', domainName: 'shop.example:8443', displayName: 'Shop' });
    expect(session).toEqual({ merchantSessionIdentifier: 'ms_1', signature: 'sig' });
    expect(requests[0]?.url).toBe(`${vaultUrl}/apple-pay/session`);
    expect(requests[0]?.body).toEqual({ display_name: 'Shop', domain: 'shop.example' });
  });

  it('needs a domain name where there is no location (server side)', async () => {
    await expect(tokenizer().validateApplePayMerchant({ validationURL: 'https://apple.example/x', displayName: 'Shop' })).rejects.toMatchObject({
      fields: [{ field: 'domainName', code: 'required' }],
    });
  });
});

describe('local environment', () => {
  it('talks BT to the sandbox on localhost with the sandbox test public key', async () => {
    server.use(
      http.post('http://localhost:4010/tokens', async ({ request }) => {
        await record(request);
        return HttpResponse.json(btCardTokenFixture(), { status: 201 });
      }),
    );
    const token = decodeServiceToken(await createTokenizer({ environment: 'local' }).tokenizeCard(visaCard));
    expect(requests[0]?.headers.get('bt-api-key')).toBe(SANDBOX_VAULT_KEY);
    expect(SANDBOX_VAULT_KEY).toMatch(/^key_test_us_pub_/);
    expect(token.provider).toBe('basistheory');
  });
});
