import { decodeServiceToken, TesseraAbortError } from '@tessera/core';
import { SERVICE_VAULT_TENANT_IDS } from '@tessera/core/internal';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TesseraVaultError } from '../errors/errors.js';
import { createTokenizer } from '../vault/tokenizer.js';
import type { ApplePayPaymentRequest, ApplePaySessionLike } from './apple-pay.js';
import { toApplePayRequest } from './apple-pay-request.js';
import { runApplePay, startApplePay } from './apple-pay-sheet.js';
import { buildGooglePayPaymentDataRequest, googlePayEnvironment, googlePayGatewayMerchantId, startGooglePay, type GooglePayPaymentData } from './google-pay.js';

// Every way a wallet sheet fails, with the browsers' objects stubbed and the vault's answers from a stubbed fetch.
const APPLE_TOKEN = { paymentData: { version: 'EC_v1', data: 'SECRET-APPLE-DATA', signature: 'sig', header: { ephemeralPublicKey: 'k', publicKeyHash: 'h', transactionId: 't' } }, paymentMethod: { displayName: 'Visa 1111', network: 'Visa', type: 'debit' }, transactionIdentifier: 'tx_1' };
const GOOGLE_TOKEN = JSON.stringify({ signature: 'SECRET-GOOGLE-SIG', intermediateSigningKey: { signedKey: 'k', signatures: [] }, protocolVersion: 'ECv2', signedMessage: 'm' });
const request: ApplePayPaymentRequest = toApplePayRequest({ amount: 1999, currency: 'USD', country: 'US', label: 'Shop' });

type Answer = { status: number; body: unknown };
/** A tokenizer whose vault answers `answers` by path; the paths it was asked, in order. */
function vault(answers: Record<string, Answer> = {}) {
  const asked: string[] = [];
  const fetchStub = vi.fn<typeof fetch>((input) => {
    const path = new URL(input as string).pathname;
    asked.push(path);
    const answer = answers[path] ?? { status: 500, body: {} };
    return Promise.resolve(Response.json(answer.body, { status: answer.status }));
  });
  return { asked, tokenizer: createTokenizer({ environment: 'local', fetch: fetchStub }) };
}
const merchantSession = { status: 200, body: { merchantSessionIdentifier: 'ms_1', domainName: 'shop.example' } };
const applePayToken = { status: 201, body: { apple_pay: { id: 'tok_ap', type: 'apple_pay', card: { last4: '1111', brand: 'visa' } } } };
const googlePayToken = { status: 201, body: { google_pay: { id: 'tok_gp', type: 'google_pay', card: { last4: '1111', brand: 'visa' } } } };

/** Safari's ApplePaySession, played by hand: `script` runs after `begin()`. */
function appleSession(options: { construct?: () => void; begin?: () => void; completeMerchantValidation?: () => void; script?: (session: ApplePaySessionLike) => void } = {}) {
  const sessions: FakeSession[] = [];
  class FakeSession implements ApplePaySessionLike {
    static STATUS_SUCCESS = 0;
    static STATUS_FAILURE = 1;
    static canMakePayments = (): boolean => true;
    onvalidatemerchant: ApplePaySessionLike['onvalidatemerchant'] = null;
    onpaymentauthorized: ApplePaySessionLike['onpaymentauthorized'] = null;
    oncancel: ApplePaySessionLike['oncancel'] = null;
    onshippingcontactselected: NonNullable<ApplePaySessionLike['onshippingcontactselected']> | null = null;
    onshippingmethodselected: NonNullable<ApplePaySessionLike['onshippingmethodselected']> | null = null;
    aborted = false;
    completed: number[] = [];
    merchantSession: unknown;
    updates: Record<string, unknown>[] = [];
    constructor() {
      options.construct?.();
      sessions.push(this);
    }
    begin(): void {
      options.begin?.();
      queueMicrotask(() => (options.script ?? ((session) => session.onvalidatemerchant?.({ validationURL: 'https://apple.example/start' })))(this));
    }
    abort(): void {
      this.aborted = true;
    }
    completeMerchantValidation(session: unknown): void {
      options.completeMerchantValidation?.();
      this.merchantSession = session;
    }
    completePayment(result: { status: number }): void {
      this.completed.push(result.status);
    }
    completeShippingContactSelection(update: Record<string, unknown>): void {
      this.updates.push(update);
    }
  }
  vi.stubGlobal('ApplePaySession', FakeSession);
  return sessions;
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 20));
const authorize = (session: ApplePaySessionLike) => session.onpaymentauthorized?.({ payment: { token: APPLE_TOKEN, shippingContact: { emailAddress: 'ada@example.com' } } });
const secretFree = (error: unknown) => {
  const seen = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack ?? ''}`;
  expect(seen).not.toContain('SECRET-');
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Apple Pay sheet failures, each typed', () => {
  it('not_available without ApplePaySession', async () => {
    await expect(startApplePay(vault().tokenizer, request, { displayName: 'Shop' })).rejects.toMatchObject({ name: 'TesseraWalletError', code: 'wallet_not_available', reason: 'not_available' });
  });

  it('session_refused when Safari throws on new ApplePaySession or begin() (a second sheet, no user gesture), the DOMException as cause', async () => {
    const refusal = new DOMException('Must create a new ApplePaySession from a user gesture handler.', 'InvalidAccessError');
    appleSession({ construct: () => { throw refusal; } });
    const error = await startApplePay(vault().tokenizer, request, { displayName: 'Shop' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'TesseraWalletError', reason: 'session_refused', cause: refusal });
    expect((error as Error).message).toMatch(/click handler/);
    appleSession({ begin: () => { throw new DOMException('Page already has an active payment session.', 'InvalidAccessError'); } });
    await expect(startApplePay(vault().tokenizer, request, { displayName: 'Shop' })).rejects.toMatchObject({ reason: 'session_refused' });
  });

  it('the vault or Apple refusing the merchant validation is merchant_validation_failed (the vault error as cause), and the sheet is closed', async () => {
    const sessions = appleSession();
    const refused = vault({ '/apple-pay/session': { status: 400, body: { title: 'Bad Request' } } });
    const error = await startApplePay(refused.tokenizer, request, { displayName: 'Shop', domainName: 'shop.example' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'TesseraWalletError', reason: 'merchant_validation_failed', message: expect.stringContaining('HTTP 400') as string });
    expect((error as Error).cause).toBeInstanceOf(TesseraVaultError);
    expect(sessions[0]?.aborted).toBe(true);
    expect(refused.asked).toEqual(['/apple-pay/session']);

    const appleRefuses = appleSession({ completeMerchantValidation: () => { throw new DOMException('invalid merchant session', 'InvalidAccessError'); } });
    await expect(startApplePay(vault({ '/apple-pay/session': merchantSession }).tokenizer, request, { displayName: 'Shop', domainName: 'shop.example' })).rejects.toMatchObject({ reason: 'merchant_validation_failed' });
    expect(appleRefuses[0]?.aborted).toBe(true);
  });

  it('cancelled when the customer closes the sheet, and nothing is sent after it', async () => {
    const sessions = appleSession({
      script: (session) => {
        session.oncancel?.({});
        authorize(session);
      },
    });
    const { asked, tokenizer } = vault({ '/apple-pay': applePayToken });
    await expect(startApplePay(tokenizer, request, { displayName: 'Shop' })).rejects.toMatchObject({ reason: 'cancelled' });
    await flush();
    expect(asked).toEqual([]);
    expect(sessions[0]?.completed).toEqual([]);
  });

  it('the vault refusing the token is its typed error and the sheet shows failure; a tokenizer that throws otherwise is token_failed; no token in either', async () => {
    const sessions = appleSession({ script: authorize });
    const error = await startApplePay(vault({ '/apple-pay': { status: 400, body: { title: 'Bad Request' } } }).tokenizer, request, { displayName: 'Shop' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TesseraVaultError);
    expect(sessions[0]?.completed).toEqual([1]);
    secretFree(error);

    const Session = (globalThis as unknown as { ApplePaySession: Parameters<typeof runApplePay>[0] }).ApplePaySession;
    const failed = await runApplePay(Session, { request, merchant: { displayName: 'Shop' }, validate: () => Promise.resolve({}), tokenize: () => Promise.reject(new Error('SECRET-APPLE-DATA rejected')) }).catch((caught: unknown) => caught);
    expect(failed).toMatchObject({ name: 'TesseraWalletError', reason: 'token_failed' });
    expect((failed as Error).message).not.toContain('SECRET-');
  });

  it('resolves the service token of the whole ApplePayPaymentToken and completes the sheet with success', async () => {
    const sessions = appleSession({ script: authorize });
    const fetchStub = vi.fn<typeof fetch>(() => Promise.resolve(Response.json(applePayToken.body, { status: 201 })));
    const serviceToken = await startApplePay(createTokenizer({ environment: 'local', fetch: fetchStub }), request, { displayName: 'Shop' });
    expect(decodeServiceToken(serviceToken)).toMatchObject({ type: 'apple_pay', token: 'tok_ap' });
    expect(JSON.parse(fetchStub.mock.calls[0]?.[1]?.body as string)).toEqual({ apple_payment_data: APPLE_TOKEN });
    expect(sessions[0]?.completed).toEqual([0]);
  });

  it('a signal aborts the sheet (session.abort()), rejects with TesseraAbortError, and nothing is sent after it', async () => {
    const controller = new AbortController();
    const sessions = appleSession({
      script: (session) => {
        controller.abort();
        session.onvalidatemerchant?.({ validationURL: 'https://apple.example/start' });
        authorize(session);
      },
    });
    const { asked, tokenizer } = vault({ '/apple-pay/session': merchantSession, '/apple-pay': applePayToken });
    await expect(startApplePay(tokenizer, request, { displayName: 'Shop', signal: controller.signal })).rejects.toBeInstanceOf(TesseraAbortError);
    await flush();
    expect(sessions[0]?.aborted).toBe(true);
    expect(asked).toEqual([]);
    await expect(startApplePay(tokenizer, request, { displayName: 'Shop', signal: controller.signal })).rejects.toBeInstanceOf(TesseraAbortError);
    expect(sessions).toHaveLength(1);
  });

  it("runs the merchant's shipping callback with the address and answers Apple's update in decimals; a callback that throws closes the sheet (shipping_update_failed)", async () => {
    const sessions = appleSession({ script: (session) => session.onshippingcontactselected?.({ shippingContact: { locality: 'Paris', postalCode: '75001', countryCode: 'FR' } }) });
    const Session = (globalThis as unknown as { ApplePaySession: Parameters<typeof runApplePay>[0] }).ApplePaySession;
    const onShippingContactChange = vi.fn(() => ({ amount: 2598, lineItems: [{ label: 'Shipping', amount: 599 }], error: 'No shipping to Paris' }));
    const walletRequest = { amount: 1999, currency: 'USD', country: 'US', label: 'Shop' };
    void runApplePay(Session, { request, walletRequest, merchant: { displayName: 'Shop' }, validate: () => Promise.resolve({}), tokenize: () => Promise.resolve('x'), onShippingContactChange }).catch(() => undefined);
    await flush();
    expect(onShippingContactChange).toHaveBeenCalledWith({ city: 'Paris', postalCode: '75001', country: 'FR' });
    expect(sessions[0]?.updates[0]).toEqual({
      newTotal: { label: 'Shop', amount: '25.98', type: 'final' },
      newLineItems: [{ label: 'Shipping', amount: '5.99', type: 'final' }],
      errors: [{ code: 'addressUnserviceable', message: 'No shipping to Paris' }],
    });

    appleSession({ script: (session) => session.onshippingcontactselected?.({ shippingContact: {} }) });
    const throwing = (globalThis as unknown as { ApplePaySession: Parameters<typeof runApplePay>[0] }).ApplePaySession;
    const failure = runApplePay(throwing, { request, walletRequest, merchant: { displayName: 'Shop' }, validate: () => Promise.resolve({}), tokenize: () => Promise.resolve('x'), onShippingContactChange: () => { throw new Error('no rates'); } });
    await expect(failure).rejects.toMatchObject({ reason: 'shipping_update_failed' });

    // An answer the sheet cannot show (an amount not in minor units) closes it the same way, never an unhandled throw.
    const bad = appleSession({ script: (session) => session.onshippingcontactselected?.({ shippingContact: {} }) });
    const badSession = (globalThis as unknown as { ApplePaySession: Parameters<typeof runApplePay>[0] }).ApplePaySession;
    const badAnswer = runApplePay(badSession, { request, walletRequest, merchant: { displayName: 'Shop' }, validate: () => Promise.resolve({}), tokenize: () => Promise.resolve('x'), onShippingContactChange: () => ({ amount: 12.5 }) });
    await expect(badAnswer).rejects.toMatchObject({ name: 'TesseraWalletError', reason: 'shipping_update_failed' });
    expect(bad[0]?.aborted).toBe(true);
  });

  it('a sheet that ended while the vault tokenized (completePayment throws) still settles: the token, or the typed error', async () => {
    const ended = (sessions: { completePayment(result: { status: number }): void }[]) => {
      for (const session of sessions) {
        session.completePayment = () => {
          throw new DOMException('The session is no longer active', 'InvalidAccessError');
        };
      }
    };
    const sessions = appleSession({ script: (session) => {
      ended([session]);
      authorize(session);
    } });
    const fetchStub = vi.fn<typeof fetch>(() => Promise.resolve(Response.json(applePayToken.body, { status: 201 })));
    const serviceToken = await startApplePay(createTokenizer({ environment: 'local', fetch: fetchStub }), request, { displayName: 'Shop' });
    expect(decodeServiceToken(serviceToken)).toMatchObject({ type: 'apple_pay' });
    expect(sessions).toHaveLength(1);

    appleSession({ script: (session) => {
      ended([session]);
      authorize(session);
    } });
    const refusing = vi.fn<typeof fetch>(() => Promise.resolve(Response.json({ title: 'Invalid Apple Pay payment data', status: 422 }, { status: 422 })));
    await expect(startApplePay(createTokenizer({ environment: 'local', fetch: refusing }), request, { displayName: 'Shop' })).rejects.toBeInstanceOf(TesseraVaultError);
  });
});

describe('Google Pay sheet failures, each typed', () => {
  const googleRequest = buildGooglePayPaymentDataRequest({ environment: 'local', merchantName: 'Shop', amount: 1999, currency: 'USD', countryCode: 'US' });
  const paymentData: GooglePayPaymentData = { paymentMethodData: { tokenizationData: { token: GOOGLE_TOKEN } } };
  const client = (loadPaymentData: () => Promise<GooglePayPaymentData>) => ({ isReadyToPay: () => Promise.resolve({ result: true }), loadPaymentData: vi.fn(loadPaymentData) });

  it("gatewayMerchantId is the service's tenant of the environment, and Google's environment TEST unless production", () => {
    const gateway = (environment: 'production' | 'development' | 'local') => buildGooglePayPaymentDataRequest({ environment, merchantName: 'Shop', amount: 1, currency: 'USD', countryCode: 'US' }).allowedPaymentMethods[0]?.tokenizationSpecification.parameters;
    expect(gateway('production')).toEqual({ gateway: 'basistheory', gatewayMerchantId: SERVICE_VAULT_TENANT_IDS.production });
    expect(gateway('development')).toEqual({ gateway: 'basistheory', gatewayMerchantId: SERVICE_VAULT_TENANT_IDS.development });
    expect(gateway('local')?.gatewayMerchantId).toBe(SERVICE_VAULT_TENANT_IDS.development);
    expect(googlePayGatewayMerchantId('production')).toBe('b1636929-db11-4b01-b2c2-6a97b3444061');
    expect([googlePayEnvironment('production'), googlePayEnvironment('development'), googlePayEnvironment('local')]).toEqual(['PRODUCTION', 'TEST', 'TEST']);
  });

  it('cancelled (CANCELED), session_refused (a throw, or another status code), token_failed (no token), the vault error as itself', async () => {
    const { asked, tokenizer } = vault({ '/google-pay': { status: 400, body: { title: 'Bad Request' } } });
    // Google rejects with a plain object, not an Error: that is what pay.js does.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- pay.js rejects with a plain object
    const googleRejects = (value: object) => () => Promise.reject(value);
    await expect(startGooglePay(tokenizer, client(googleRejects({ statusCode: 'CANCELED' })), googleRequest)).rejects.toMatchObject({ reason: 'cancelled' });
    await expect(startGooglePay(tokenizer, client(googleRejects({ statusCode: 'DEVELOPER_ERROR', statusMessage: 'bad merchant' })), googleRequest)).rejects.toMatchObject({ reason: 'session_refused', message: expect.stringContaining('DEVELOPER_ERROR') as string });
    await expect(startGooglePay(tokenizer, client(() => { throw new Error('no gesture'); }), googleRequest)).rejects.toMatchObject({ reason: 'session_refused' });
    await expect(startGooglePay(tokenizer, client(() => Promise.resolve({ paymentMethodData: {} } as GooglePayPaymentData)), googleRequest)).rejects.toMatchObject({ reason: 'token_failed' });
    expect(asked).toEqual([]);
    const error = await startGooglePay(tokenizer, client(() => Promise.resolve(paymentData)), googleRequest).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TesseraVaultError);
    secretFree(error);
  });

  it('a signal rejects at once (Google cannot close its sheet) and the late answer is never sent', async () => {
    let answer: (data: GooglePayPaymentData) => void = () => undefined;
    const late = client(() => new Promise((resolve) => (answer = resolve)));
    const { asked, tokenizer } = vault({ '/google-pay': googlePayToken });
    const controller = new AbortController();
    const run = startGooglePay(tokenizer, late, googleRequest, { signal: controller.signal });
    controller.abort();
    await expect(run).rejects.toBeInstanceOf(TesseraAbortError);
    answer(paymentData);
    await flush();
    expect(asked).toEqual([]);
    const tokenized = await startGooglePay(tokenizer, client(() => Promise.resolve(paymentData)), googleRequest);
    expect(decodeServiceToken(tokenized)).toMatchObject({ type: 'google_pay', token: 'tok_gp' });
    expect(asked).toEqual(['/google-pay']);
  });
});
