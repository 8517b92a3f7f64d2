import type { CardTokenResponse } from '@tessera/core';

/** A vault answer in the shape of docs/contracts.md. */
export function cardTokenFixture(overrides: Partial<CardTokenResponse> = {}): CardTokenResponse {
  return {
    id: 'tok_123',
    type: 'card',
    data: {
      number: '424242******4242',
      expiration_month: 12,
      expiration_year: 2031,
      last4: '4242',
      bin: '424242',
      brand: 'visa',
      funding: 'credit',
      fingerprint: 'fp_abc',
      issuer: { name: 'Tessera Test Bank', country: 'US' },
    },
    metadata: { auth: { scaRequired: false }, tokenizedAt: '2026-11-22T10:00:00.000Z' },
    ...overrides,
  };
}

/** A valid test card as a customer would type it. */
export const visaCard = { cardNumber: '4242 4242 4242 4242', expiryDate: '12/31', cvc: '123', cardholderName: 'Ada Lovelace' };
