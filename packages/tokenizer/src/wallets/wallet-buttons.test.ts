import { TesseraValidationError } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { createWalletButtons } from './wallet-buttons.js';

const request = { amount: 1999, currency: 'USD', country: 'US', label: 'Shop' };
const create = (changes: Record<string, unknown>) => () => createWalletButtons({ environment: 'local', request: { ...request, ...changes }, onToken: () => undefined });

describe('createWalletButtons checks the request before anything loads', () => {
  it('names each bad field of the request', () => {
    expect(create({})).not.toThrow();
    const error = (() => {
      try {
        create({ label: ' ', currency: 'usd', country: 'USA' })();
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(TesseraValidationError);
    expect((error as TesseraValidationError).fields.map((field) => field.field)).toEqual(['request.label', 'request.currency', 'request.country']);
  });

  it('refuses an amount that is not in minor units (the total, a line, a shipping method)', () => {
    expect(create({ amount: 19.99 })).toThrow(expect.objectContaining({ name: 'TesseraValidationError', message: expect.stringContaining('1999') as string }) as Error);
    const field = (changes: Record<string, unknown>) => () => {
      try {
        create(changes)();
      } catch (caught) {
        expect(caught).toBeInstanceOf(TesseraValidationError);
        return (caught as TesseraValidationError).fields.map((error) => [error.field, error.code]);
      }
      return undefined;
    };
    expect(field({ amount: 19.99 })()).toEqual([['request.amount', 'invalid_amount']]);
    expect(field({ lineItems: [{ label: 'Subtotal', amount: 1000 }, { label: 'Tax', amount: 1.5 }] })()).toEqual([['request.lineItems.1.amount', 'invalid_amount']]);
    expect(field({ shippingMethods: [{ id: 'x', label: 'X', amount: -1 }] })()).toEqual([['request.shippingMethods.0.amount', 'invalid_amount']]);
    // The exponent of the currency: JPY has none, BHD three.
    expect(field({ amount: 500, currency: 'JPY' })()).toBeUndefined();
  });

  it('refuses a wrong vault connection as createTokenizer does', () => {
    expect(() => createWalletButtons({ environment: 'staging' as never, request, onToken: () => undefined })).toThrow(expect.objectContaining({ name: 'TesseraConfigurationError', reason: 'unknown_environment' }) as Error);
  });

  it("refuses production without Google's merchant id, unless Google Pay is left out", () => {
    const production = (extra: Record<string, unknown>) => () => createWalletButtons({ environment: 'production', request, onToken: () => undefined, ...extra });
    expect(production({})).toThrow(expect.objectContaining({ name: 'TesseraConfigurationError', reason: 'invalid_option', message: expect.stringContaining('googlePay.merchantId') as string }) as Error);
    expect(production({ googlePay: { merchantId: 'BCR2DN4TEXAMPLE' } })).not.toThrow();
    expect(production({ wallets: ['apple_pay'] })).not.toThrow();
  });
});
