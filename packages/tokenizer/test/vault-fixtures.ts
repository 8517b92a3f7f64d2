/** A Basis Theory card token as `POST /tokens` answers it (snake_case; masked `data`, card facts under `card`). */
export function btCardTokenFixture(overrides: Record<string, unknown> = {}, card: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'c06d0789-0a38-40be-b7cc-c28a718f76f1',
    tenant_id: '77cb0024-123e-41a8-8ff8-a3d5a0fa8a08',
    type: 'card',
    data: { number: '424242XXXXXX4242', expiration_month: 12, expiration_year: 2031 },
    card: {
      bin: '424242',
      last4: '4242',
      brand: 'visa',
      funding: 'credit',
      expiration_month: 12,
      expiration_year: 2031,
      issuer: { country: 'US', name: 'TESSERA TEST BANK' },
      ...card,
    },
    fingerprint: 'AKCUFrvbGZM3kdbedm8dYC38HnoXRKjSY7FzJPs5R3Kn',
    fingerprint_expression: '{{ data.number }}',
    mask: { number: '{{ data.number | reveal: 6, 4 }}' },
    privacy: { classification: 'pci', impact_level: 'high', restriction_policy: 'mask' },
    containers: ['/pci/high/'],
    created_by: 'fb124bba-f90d-45f0-9a59-5edca27b3b4a',
    created_at: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

/** A valid test card as a customer would type it. */
export const visaCard = { cardNumber: '4242 4242 4242 4242', expiryDate: '12/31', cvc: '123', cardholderName: 'Ada Lovelace' };
