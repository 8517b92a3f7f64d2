import { decodeServiceToken } from '@tessera/core';
import { describe, expect, it, vi } from 'vitest';
import { TesseraWalletError } from '../errors/errors.js';
import { buildGooglePayPaymentDataRequest, createGooglePaymentsClient, isGooglePayReady, startGooglePay } from './google-pay.js';
import { createTokenizer } from '../vault/tokenizer.js';

const options = { environment: 'local' as const, gatewayMerchantId: 'merchant_1', merchantName: 'Shop', amount: 1234, currency: 'USD', countryCode: 'US' };

describe('buildGooglePayPaymentDataRequest', () => {
  it('names the vault as the gateway and renders the amount exactly', () => {
    expect(buildGooglePayPaymentDataRequest({ ...options, merchantId: 'BCR2DN' })).toEqual({
      apiVersion: 2,
      apiVersionMinor: 0,
      allowedPaymentMethods: [
        {
          type: 'CARD',
          parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: ['AMEX', 'DISCOVER', 'JCB', 'MASTERCARD', 'VISA'] },
          tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway: 'basistheory', gatewayMerchantId: 'merchant_1' } },
        },
      ],
      merchantInfo: { merchantName: 'Shop', merchantId: 'BCR2DN' },
      transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: '12.34', currencyCode: 'USD', countryCode: 'US' },
    });
    expect(buildGooglePayPaymentDataRequest({ ...options, amount: 500, currency: 'JPY' }).transactionInfo.totalPrice).toBe('500');
  });
});

describe('Google Pay sheet helpers', () => {
  it('createGooglePaymentsClient needs the pay.js script', () => {
    expect(() => createGooglePaymentsClient('TEST')).toThrow(TesseraWalletError);
  });

  it('startGooglePay tokenizes the sheet token; cancel is typed', async () => {
    const fetchStub = vi.fn<typeof fetch>(() => Promise.resolve(Response.json({ google_pay: { id: 'tok_gp', type: 'google_pay', card: { last4: '1111', brand: 'visa' } } }, { status: 201 })));
    const tokenizer = createTokenizer({ environment: 'local', fetch: fetchStub });
    const client = {
      isReadyToPay: vi.fn(() => Promise.resolve({ result: true })),
      loadPaymentData: vi.fn(() => Promise.resolve({ paymentMethodData: { tokenizationData: { token: '{"signature":"x"}' } } })),
    };
    const request = buildGooglePayPaymentDataRequest(options);
    await expect(isGooglePayReady(client, request)).resolves.toBe(true);
    const token = decodeServiceToken(await startGooglePay(tokenizer, client, request));
    expect(token).toMatchObject({ type: 'google_pay', token: 'tok_gp' });
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(url).toBe('http://localhost:4010/google-pay');
    expect(JSON.parse(init?.body as string)).toEqual({ google_payment_data: { signature: 'x' } });

    client.loadPaymentData.mockRejectedValueOnce({ statusCode: 'CANCELED' });
    await expect(startGooglePay(tokenizer, client, request)).rejects.toMatchObject({ name: 'TesseraWalletError', reason: 'cancelled' });
    client.isReadyToPay.mockRejectedValueOnce(new Error('no'));
    await expect(isGooglePayReady(client, request)).resolves.toBe(false);
  });
});
