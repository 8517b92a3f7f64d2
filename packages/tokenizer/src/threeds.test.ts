import { TesseraValidationError } from '@tessera/core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TesseraChallengeError, TesseraConfigurationError } from './errors.js';
import { createThreeDS } from './threeds.js';
import { basisTheoryThreeDSProvider, type BasisTheoryModule } from './threeds-basis-theory-provider.js';

const vaultUrl = 'https://vault.test';
const sent: { url: string; key: string | null; body: unknown }[] = [];
const server = setupServer(
  http.post(`${vaultUrl}/vault/v1/threeds/sessions`, async ({ request }) => {
    sent.push({ url: request.url, key: request.headers.get('bt-api-key'), body: await request.json() });
    return HttpResponse.json({ sessionId: 'sess_1', provider: 'tessera-sandbox', metadata: { methodUrl: null } }, { status: 201 });
  }),
);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
});
afterAll(() => server.close());

const instrument = { id: 'pi_1', tokenId: 'tok_1', type: 'card' as const, card: { last4: '3220', bin: '400000', expirationMonth: 1, expirationYear: 2030 } };
const payment = { amount: 1999, currency: 'USD', customerInfo: { name: 'Ada Lovelace', email: 'ada@example.com' } };

describe('createThreeDS', () => {
  it('refuses an unknown environment and malformed allowed origins', () => {
    expect(() => createThreeDS({ environment: 'prod' as never })).toThrow(TesseraConfigurationError);
    expect(() => createThreeDS({ environment: 'local', allowedOrigins: ['https://acs.example.com/path'] })).toThrow(TesseraConfigurationError);
  });

  it('createSession goes through the vault provider and returns the body for POST /threeds/create-session', async () => {
    const threeds = createThreeDS({ environment: 'development', vaultUrl, vaultKey: 'pk_test_key' });
    const body = await threeds.createSession({ instrument, payment, storeId: 'store_1' });
    expect(sent).toEqual([
      {
        url: `${vaultUrl}/vault/v1/threeds/sessions`,
        key: 'pk_test_key',
        body: { tokenId: 'tok_1', paymentInstrumentId: 'pi_1', amount: 1999, currency: 'USD', customer: { name: 'Ada Lovelace', email: 'ada@example.com' } },
      },
    ]);
    expect(body).toEqual({ provider: 'tessera-sandbox', storeId: 'store_1', paymentInstrumentId: 'pi_1', sessionData: { sessionId: 'sess_1', metadata: { methodUrl: null } } });
  });

  it('validates the input first, naming every bad field, and sends nothing', async () => {
    const threeds = createThreeDS({ environment: 'development', vaultUrl, vaultKey: 'pk_test_key' });
    const error = await threeds
      .createSession({ instrument: { ...instrument, id: '../x', card: { ...instrument.card, last4: '42' } }, payment: { amount: 19.99, currency: 'usd' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TesseraValidationError);
    expect((error as TesseraValidationError).fields.map((field) => field.field).sort()).toEqual(['instrument.card.last4', 'instrument.id', 'payment.amount', 'payment.currency']);
    expect(sent).toHaveLength(0);
  });

  it('the default provider sends the preset public key when none is given', async () => {
    const threeds = createThreeDS({ environment: 'production', vaultUrl });
    await threeds.createSession({ instrument, payment });
    expect(sent[0]?.key).toBe('key_prod_us_pub_PNMB2AiaECJ463K6QAPNU6');
  });

  it('uses a custom provider through the interface', async () => {
    const createSession = vi.fn(() => Promise.resolve({ sessionId: 'ext_9', metadata: { a: 1 } }));
    const threeds = createThreeDS({ environment: 'production', provider: { name: 'acme', createSession } });
    await expect(threeds.createSession({ instrument, payment })).resolves.toEqual({ provider: 'acme', paymentInstrumentId: 'pi_1', sessionData: { sessionId: 'ext_9', metadata: { a: 1 } } });
    expect(createSession).toHaveBeenCalledWith({ instrument, payment }, {});
  });

  it('startChallenge refuses to run without a DOM (server-side rendering)', async () => {
    const threeds = createThreeDS({ environment: 'local' });
    const challenge = { sessionId: 's', acsChallengeUrl: 'https://acs.example.com/challenge', acsTransactionId: 'a', threeDSVersion: '2.2.0' };
    await expect(threeds.startChallenge(challenge)).rejects.toBeInstanceOf(TesseraChallengeError);
    await expect(threeds.startChallenge(challenge)).rejects.toMatchObject({ reason: 'no_dom' });
  });
});

describe('basisTheoryThreeDSProvider', () => {
  it('loads the library only when a session is created, once, and maps its session', async () => {
    const btCreateSession = vi.fn(() => Promise.resolve({ id: 'bt_sess', cardBrand: 'Visa' }));
    const BasisTheory3ds = vi.fn(() => ({ createSession: btCreateSession }));
    const load = vi.fn(() => Promise.resolve({ BasisTheory3ds } as BasisTheoryModule));
    const provider = basisTheoryThreeDSProvider({ publicKey: 'key_public_test', apiBaseUrl: 'https://api.bt.test', load });
    expect(load).not.toHaveBeenCalled();

    const threeds = createThreeDS({ environment: 'production', provider });
    const body = await threeds.createSession({ instrument, payment });
    await threeds.createSession({ instrument, payment });

    expect(load).toHaveBeenCalledTimes(1);
    expect(BasisTheory3ds).toHaveBeenCalledWith('key_public_test', { apiBaseUrl: 'https://api.bt.test' });
    expect(btCreateSession).toHaveBeenCalledWith({ tokenId: 'tok_1' });
    expect(body).toEqual({ provider: 'basis_theory', paymentInstrumentId: 'pi_1', sessionData: { sessionId: 'bt_sess', metadata: { cardBrand: 'Visa' } } });
  });
});
