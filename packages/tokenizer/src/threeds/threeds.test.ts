import { TesseraValidationError } from '@tessera/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TesseraChallengeError, TesseraConfigurationError, TesseraThreeDSError } from '../errors/errors.js';
import { BASIS_THEORY_SDK_BASE_URL, createThreeDS } from './threeds.js';
import type { WebThreeds, WebThreedsConfig, WebThreedsModule } from './web-threeds.js';

const instrument = { id: 'pi_1', tokenId: 'tok_1', type: 'card' as const, card: { last4: '3220', bin: '400000', expirationMonth: 1, expirationYear: 2030 } };
const payment = { amount: 1999, currency: 'USD', customerInfo: { name: 'Ada Lovelace', email: 'ada@example.com' } };
const apiBaseUrl = 'https://api.bt.test';

/** A stand-in for @basis-theory/web-threeds that records how it was configured and called. */
function fakeWebThreeds(createSession: WebThreeds['createSession']) {
  const configured: { publicKey: string; config: WebThreedsConfig | undefined }[] = [];
  const module: WebThreedsModule = {
    BasisTheory3ds(publicKey, config) {
      configured.push({ publicKey, config });
      return { createSession, startChallenge: () => Promise.reject(new Error('not used')) };
    },
  };
  const load = vi.fn(() => Promise.resolve(module));
  return { load, configured };
}

// createSession needs a document (web-threeds reads the browser); the fake has what Tessera touches before web-threeds
// runs: getElementById, the hidden method-frame container it makes and appends to <body>, and the window's message
// listener that guards the session's method step.
beforeEach(() => {
  vi.stubGlobal('document', { getElementById: () => null, createElement: () => ({ style: {} }), body: { append: () => undefined } });
  vi.stubGlobal('window', { addEventListener: () => undefined, removeEventListener: () => undefined });
});
afterEach(() => vi.unstubAllGlobals());

describe('createThreeDS', () => {
  it('refuses an unknown environment and a non-https sdkBaseUrl', () => {
    expect(() => createThreeDS({ environment: 'prod' as never })).toThrow(TesseraConfigurationError);
    expect(() => createThreeDS({ environment: 'local', sdkBaseUrl: 'http://3ds.example.com' })).toThrow(TesseraConfigurationError);
  });

  it('createSession runs web-threeds with the environment (API origin, public key, telemetry off) and returns the body for POST /threeds/create-session', async () => {
    const createSession = vi.fn(() => Promise.resolve({ id: '3ds_1', cardBrand: 'Visa', additionalCardBrands: ['Cartes Bancaires'] }));
    const { load, configured } = fakeWebThreeds(createSession);
    const threeds = createThreeDS({ environment: 'development', vaultUrl: apiBaseUrl, vaultKey: 'key_test_public', loadWebThreeds: load });
    expect(load).not.toHaveBeenCalled();
    const body = await threeds.createSession({ instrument, payment, storeId: 'store_1' });
    expect(configured).toEqual([{ publicKey: 'key_test_public', config: { apiBaseUrl, sdkBaseUrl: BASIS_THEORY_SDK_BASE_URL, disableTelemetry: true } }]);
    expect(createSession).toHaveBeenCalledWith({ tokenId: 'tok_1' });
    expect(body).toEqual({
      provider: 'basis_theory',
      storeId: 'store_1',
      paymentInstrumentId: 'pi_1',
      // Basis Theory's session as web-threeds returns it (the published sessionData), with the document's sessionId and metadata.
      sessionData: { id: '3ds_1', sessionId: '3ds_1', cardBrand: 'Visa', additionalCardBrands: ['Cartes Bancaires'], metadata: { cardBrand: 'Visa', additionalCardBrands: ['Cartes Bancaires'] } },
    });
  });

  it('in local, web-threeds loads its pages from the sandbox; telemetry can be turned on', async () => {
    const { load, configured } = fakeWebThreeds(() => Promise.resolve({ id: '3ds_2' }));
    const threeds = createThreeDS({ environment: 'local', vaultUrl: 'http://localhost:4010/', vaultKey: 'key_test_local', loadWebThreeds: load, disableTelemetry: false });
    await expect(threeds.createSession({ instrument, payment })).resolves.toEqual({ provider: 'basis_theory', paymentInstrumentId: 'pi_1', sessionData: { id: '3ds_2', sessionId: '3ds_2', metadata: {} } });
    expect(configured[0]?.config).toEqual({ apiBaseUrl: 'http://localhost:4010', sdkBaseUrl: 'http://localhost:4010', disableTelemetry: false });
  });

  it('validates the input first, naming every bad field, and loads nothing', async () => {
    const { load } = fakeWebThreeds(() => Promise.resolve({ id: 'x' }));
    const threeds = createThreeDS({ environment: 'development', vaultUrl: apiBaseUrl, vaultKey: 'key_test_public', loadWebThreeds: load });
    const error = await threeds
      .createSession({ instrument: { ...instrument, id: '../x', card: { ...instrument.card, last4: '42' } }, payment: { amount: 19.99, currency: 'usd' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TesseraValidationError);
    expect((error as TesseraValidationError).fields.map((field) => field.field).sort()).toEqual(['instrument.card.last4', 'instrument.id', 'payment.amount', 'payment.currency']);
    // A decimal amount says, as every request of the SDK does, which integer to send.
    expect((error as TesseraValidationError).fields.find((field) => field.field === 'payment.amount')?.message).toContain('send 1999 for 19.99 in a 2-decimal currency');
    expect(load).not.toHaveBeenCalled();
  });

  it("turns web-threeds' rejection (a string) into a TesseraThreeDSError", async () => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- web-threeds rejects with the message text
    const { load } = fakeWebThreeds(() => Promise.reject('3DS is not supported for the provided card'));
    const threeds = createThreeDS({ environment: 'development', vaultUrl: apiBaseUrl, vaultKey: 'key_test_public', loadWebThreeds: load });
    const error = await threeds.createSession({ instrument, payment }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TesseraThreeDSError);
    expect(error).toMatchObject({ code: 'threeds_session_failed', message: 'Basis Theory could not create the 3DS session: 3DS is not supported for the provided card' });
  });

  it('production sends the preset public key and Basis Theory origins when none are given', async () => {
    const { load, configured } = fakeWebThreeds(() => Promise.resolve({ id: '3ds_prod' }));
    await createThreeDS({ environment: 'production', loadWebThreeds: load }).createSession({ instrument, payment });
    expect(configured[0]).toMatchObject({
      publicKey: 'key_prod_us_pub_PNMB2AiaECJ463K6QAPNU6',
      config: { apiBaseUrl: 'https://api.basistheory.com', sdkBaseUrl: BASIS_THEORY_SDK_BASE_URL, disableTelemetry: true },
    });
  });

  it('without a loader (and no web-threeds <script>), or with one that fails, it is a configuration error', async () => {
    const bare = createThreeDS({ environment: 'development', vaultUrl: apiBaseUrl, vaultKey: 'key_test_public' });
    await expect(bare.createSession({ instrument, payment })).rejects.toMatchObject({ name: 'TesseraConfigurationError', message: expect.stringContaining('@tessera/tokenizer/basis-theory') });
    const missing = createThreeDS({ environment: 'development', vaultUrl: apiBaseUrl, vaultKey: 'key_test_public', loadWebThreeds: () => Promise.reject(new Error('Cannot find module')) });
    await expect(missing.createSession({ instrument, payment })).rejects.toMatchObject({ name: 'TesseraConfigurationError', message: expect.stringContaining('install it') });
  });

  it('uses the global of web-threeds’ browser bundle when there is no loader', async () => {
    const { load, configured } = fakeWebThreeds(() => Promise.resolve({ id: '3ds_3' }));
    vi.stubGlobal('BasisTheory3ds', (await load()).BasisTheory3ds);
    const threeds = createThreeDS({ environment: 'development', vaultUrl: apiBaseUrl, vaultKey: 'key_test_public' });
    await expect(threeds.createSession({ instrument, payment })).resolves.toMatchObject({ sessionData: { sessionId: '3ds_3' } });
    expect(configured).toHaveLength(1);
  });

  it('startChallenge checks the challenge before loading web-threeds or touching the DOM', async () => {
    const { load } = fakeWebThreeds(() => Promise.resolve({ id: 'x' }));
    const createElement = vi.fn();
    vi.stubGlobal('document', { getElementById: () => null, createElement });
    vi.stubGlobal('window', {});
    const threeds = createThreeDS({ environment: 'local', loadWebThreeds: load });
    const bad = { sessionId: 's', acsChallengeUrl: 'https://acs.example.com/challenge', acsTransactionId: 'a'.repeat(10_000), threeDSVersion: '2.2.0<script>' };
    await expect(threeds.startChallenge(bad)).rejects.toMatchObject({ name: 'TesseraValidationError', fields: [{ field: 'acsTransactionId' }, { field: 'threeDSVersion' }] });
    expect(load).not.toHaveBeenCalled();
    expect(createElement).not.toHaveBeenCalled();
  });

  it('startChallenge and createSession refuse to run without a DOM (server-side rendering)', async () => {
    vi.unstubAllGlobals();
    const { load } = fakeWebThreeds(() => Promise.resolve({ id: 'x' }));
    const threeds = createThreeDS({ environment: 'local', loadWebThreeds: load });
    const challenge = { sessionId: 's', acsChallengeUrl: 'https://acs.example.com/challenge', acsTransactionId: 'a', threeDSVersion: '2.2.0' };
    await expect(threeds.startChallenge(challenge)).rejects.toBeInstanceOf(TesseraChallengeError);
    await expect(threeds.startChallenge(challenge)).rejects.toMatchObject({ reason: 'no_dom' });
    await expect(threeds.createSession({ instrument, payment })).rejects.toMatchObject({ reason: 'no_dom' });
    expect(load).not.toHaveBeenCalled();
  });
});
