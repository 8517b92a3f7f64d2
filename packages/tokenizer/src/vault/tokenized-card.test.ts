import { decodeServiceToken } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { tokenizedCardFrom } from './tokenized-card.js';

describe('tokenizedCardFrom', () => {
  it("names the brand as core does for the page (amex, diners), while the service token keeps the vault's spelling", () => {
    for (const [vault, page] of [['american-express', 'amex'], ['diners-club', 'diners'], ['visa', 'visa'], ['rupay', 'rupay'], ['unknown', undefined]] as const) {
      const { card, serviceToken } = tokenizedCardFrom(
        { id: 'tok_1', type: 'card', facts: { brand: vault, bin: '378282', last4: '0005', expiryMonth: 12, expiryYear: 2031 }, maskedNumber: undefined, tokenizedAt: '2030-06-01T00:00:00.000Z' },
        'basistheory',
      );
      expect(card.brand).toBe(page);
      expect(decodeServiceToken(serviceToken).nonSensitiveMetadata).toMatchObject({ brand: vault });
    }
  });
});
