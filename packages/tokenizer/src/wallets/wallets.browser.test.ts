import { decodeServiceToken } from '@tessera/core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { isApplePayAvailable, startApplePay, type ApplePayPaymentRequest, type ApplePaySessionLike } from './apple-pay.js';
import { buildGooglePayPaymentDataRequest, createGooglePaymentsClient, isGooglePayReady, startGooglePay, type GooglePayPaymentDataRequest } from './google-pay.js';
import { createTokenizer } from '../vault/tokenizer.js';

const sandboxUrl = inject('sandboxUrl');
const tokenizer = () => createTokenizer({ environment: 'local', vaultUrl: sandboxUrl });
const applePayRequest: ApplePayPaymentRequest = {
  countryCode: 'US',
  currencyCode: 'USD',
  supportedNetworks: ['visa', 'masterCard'],
  merchantCapabilities: ['supports3DS'],
  total: { label: 'Shop', amount: '19.99' },
};

type Stubbed = typeof globalThis & { ApplePaySession?: unknown; google?: unknown };

afterEach(() => {
  delete (globalThis as Stubbed).ApplePaySession;
  delete (globalThis as Stubbed).google;
});

/** A stand-in for Safari's ApplePaySession that plays the sheet: validate merchant, then authorize or cancel. */
function stubApplePay(behaviour: { canMakePayments: boolean; cancel?: boolean }) {
  const sessions: FakeApplePaySession[] = [];
  class FakeApplePaySession implements ApplePaySessionLike {
    static STATUS_SUCCESS = 0;
    static STATUS_FAILURE = 1;
    static canMakePayments = (): boolean => behaviour.canMakePayments;
    onvalidatemerchant: ApplePaySessionLike['onvalidatemerchant'] = null;
    onpaymentauthorized: ApplePaySessionLike['onpaymentauthorized'] = null;
    oncancel: ApplePaySessionLike['oncancel'] = null;
    merchantSession: unknown;
    completedWith: number | undefined;
    aborted = false;
    constructor(
      readonly version: number,
      readonly request: ApplePayPaymentRequest,
    ) {
      sessions.push(this);
    }
    begin(): void {
      queueMicrotask(() => this.onvalidatemerchant?.({ validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' }));
    }
    completeMerchantValidation(merchantSession: unknown): void {
      this.merchantSession = merchantSession;
      if (behaviour.cancel) this.oncancel?.({});
      else this.onpaymentauthorized?.({ payment: { token: { paymentData: { version: 'EC_v1', data: 'encrypted' }, transactionIdentifier: 'tx_1' } } });
    }
    completePayment(result: { status: number }): void {
      this.completedWith = result.status;
    }
    abort(): void {
      this.aborted = true;
    }
  }
  (globalThis as Stubbed).ApplePaySession = FakeApplePaySession;
  return sessions;
}

describe('cards through the sandbox BT emulation (CORS, from the page)', () => {
  it('tokenizeCard returns a service token core decodes, without card data', async () => {
    const serviceToken = await tokenizer().tokenizeCard({ cardNumber: '4000 0000 0000 3220', expiryDate: '12/35', cvc: '123' });
    expect(atob(serviceToken)).not.toMatch(/4000000000003220|"123"/);
    expect(decodeServiceToken(serviceToken)).toMatchObject({
      type: 'card',
      provider: 'basistheory',
      nonSensitiveMetadata: { last4: '3220', bin: '400000', authentication: 'sca_required', expiryMonth: 12, expiryYear: 2035 },
    });
    const raw = await tokenizer().tokenizeCardToResponse({ cardNumber: '4242424242424242', expiryDate: '12/35', cvc: '123' });
    expect(raw.metadata?.auth?.scaRequired).toBe(false);
    expect(raw.data?.number).not.toBe('4242424242424242');
  });

  it('a wrong vault key is a typed vault error', async () => {
    const wrong = createTokenizer({ environment: 'local', vaultUrl: sandboxUrl, vaultKey: 'key_test_us_pub_wrong' });
    await expect(wrong.tokenizeCard({ cardNumber: '4242424242424242', expiryDate: '12/35', cvc: '123' })).rejects.toMatchObject({ name: 'TesseraVaultError', status: 401 });
  });
});

describe('Apple Pay (stubbed ApplePaySession, real sandbox vault)', () => {
  it('is unavailable without ApplePaySession or when it says no', () => {
    expect(isApplePayAvailable()).toBe(false);
    stubApplePay({ canMakePayments: false });
    expect(isApplePayAvailable()).toBe(false);
    stubApplePay({ canMakePayments: true });
    expect(isApplePayAvailable()).toBe(true);
  });

  it('validates the merchant through the vault, tokenizes the payment token and completes the sheet', async () => {
    const sessions = stubApplePay({ canMakePayments: true });
    const serviceToken = await startApplePay(tokenizer(), applePayRequest, { displayName: 'Shop', domainName: 'shop.example' });
    const [session] = sessions;
    expect(session?.version).toBe(3);
    expect(session?.request).toEqual(applePayRequest);
    expect(session?.merchantSession).toMatchObject({ domainName: 'shop.example', displayName: 'Shop', signature: 'sandbox' });
    expect(session?.completedWith).toBe(0);
    expect(decodeServiceToken(serviceToken)).toMatchObject({ type: 'apple_pay', provider: 'basistheory', nonSensitiveMetadata: { last4: '1111' } });
  });

  it('uses the page domain by default, and a cancelled sheet is a typed error', async () => {
    const sessions = stubApplePay({ canMakePayments: true, cancel: true });
    await expect(startApplePay(tokenizer(), applePayRequest, { displayName: 'Shop' })).rejects.toMatchObject({ name: 'TesseraWalletError', reason: 'cancelled' });
    expect(sessions[0]?.merchantSession).toMatchObject({ domainName: location.hostname });
  });

  it('refuses when Apple Pay is unavailable', async () => {
    await expect(startApplePay(tokenizer(), applePayRequest, { displayName: 'Shop' })).rejects.toMatchObject({ reason: 'unavailable' });
  });
});

describe('Google Pay (stubbed google.payments.api, real sandbox vault)', () => {
  it('builds the request with the vault as gateway, loads payment data and tokenizes it', async () => {
    const seen: { environment?: string; request?: GooglePayPaymentDataRequest } = {};
    (globalThis as Stubbed).google = {
      payments: {
        api: {
          PaymentsClient: class {
            constructor(options: { environment: string }) {
              seen.environment = options.environment;
            }
            isReadyToPay(): Promise<{ result: boolean }> {
              return Promise.resolve({ result: true });
            }
            loadPaymentData(request: GooglePayPaymentDataRequest) {
              seen.request = request;
              return Promise.resolve({ paymentMethodData: { tokenizationData: { type: 'PAYMENT_GATEWAY', token: '{"protocolVersion":"ECv2","signature":"sig"}' } } });
            }
          },
        },
      },
    };
    const client = createGooglePaymentsClient('TEST');
    const request = buildGooglePayPaymentDataRequest({ gatewayMerchantId: 'merchant_1', merchantName: 'Shop', amount: 1999, currency: 'USD', countryCode: 'US' });
    await expect(isGooglePayReady(client, request)).resolves.toBe(true);
    const serviceToken = await startGooglePay(tokenizer(), client, request);
    expect(seen.environment).toBe('TEST');
    expect(seen.request?.allowedPaymentMethods[0]?.tokenizationSpecification.parameters).toEqual({ gateway: 'basistheory', gatewayMerchantId: 'merchant_1' });
    expect(seen.request?.transactionInfo.totalPrice).toBe('19.99');
    expect(decodeServiceToken(serviceToken)).toMatchObject({ type: 'google_pay', provider: 'basistheory' });
  });

  it('without pay.js the client is unavailable', () => {
    expect(() => createGooglePaymentsClient('TEST')).toThrow(expect.objectContaining({ reason: 'unavailable' }) as Error);
  });
});
