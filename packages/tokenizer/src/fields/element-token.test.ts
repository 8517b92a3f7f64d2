import { describe, expect, it } from 'vitest';
import { btCardTokenFixture } from '../../test/vault-fixtures.js';
import { readBasisTheoryToken, toCardTokenResponse } from '../vault/basis-theory-token.js';
import { tokenizedCardFrom } from '../vault/tokenized-card.js';
import { withCardFacts } from './element-token.js';

// What an element's `tokens.create` resolves with: BT's JS SDK answers in camelCase, with `enrichments`, and no `card`.
const elementToken = {
  id: 'c06d0789-0a38-40be-b7cc-c28a718f76f1',
  type: 'card',
  tenantId: '77cb0024-123e-41a8-8ff8-a3d5a0fa8a08',
  data: { number: '424242XXXXXX4242', expiration_month: 12, expiration_year: 2031 },
  enrichments: { cardDetails: { bin: '42424242', last4: '4242' }, binDetails: { cardBrand: 'VISA', type: 'CREDIT', bank: { name: 'TESSERA TEST BANK' }, country: { alpha2: 'US' } } },
  createdAt: '2026-11-22T10:00:00.000Z',
};

describe('withCardFacts, then readBasisTheoryToken (a card element\'s token)', () => {
  it("reads BT's enrichments where the answer has no card facts", () => {
    expect(toCardTokenResponse(readBasisTheoryToken(withCardFacts(elementToken, {}), 'card')).data).toEqual({
      number: '424242XXXXXX4242',
      expiration_month: 12,
      expiration_year: 2031,
      bin: '42424242',
      last4: '4242',
      brand: 'visa',
      funding: 'credit',
      issuer: { name: 'TESSERA TEST BANK', country: 'US' },
    });
    expect(toCardTokenResponse(readBasisTheoryToken(withCardFacts(elementToken, {}), 'card')).metadata).toMatchObject({ tokenizedAt: '2026-11-22T10:00:00.000Z' });
  });

  it("takes a card element's metadata only where BT's answer lacks a fact", () => {
    const bare = { id: elementToken.id, data: { number: '424242XXXXXX4242', expiration_month: 12, expiration_year: 2031 } };
    expect(toCardTokenResponse(readBasisTheoryToken(withCardFacts(bare, { bin: '424242', last4: '4242', brand: 'visa' }), 'card')).data).toMatchObject({ bin: '424242', last4: '4242', brand: 'visa' });
    expect(toCardTokenResponse(readBasisTheoryToken(withCardFacts(elementToken, { bin: '555555', last4: '4444', brand: 'mastercard' }), 'card')).data).toMatchObject({ bin: '42424242', last4: '4242', brand: 'visa' });
  });

  it('gives the raw path and the fields path the same service token for the same vault answer', () => {
    const raw = tokenizedCardFrom(readBasisTheoryToken(btCardTokenFixture(), 'card'), 'basistheory');
    // The same answer as BT's JS SDK camel-cases it (data and metadata keep their keys).
    const camel = (value: unknown, keep = false): unknown =>
      typeof value !== 'object' || value === null || Array.isArray(value) || keep
        ? value
        : Object.fromEntries(Object.entries(value).map(([key, inner]) => [key.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase()), camel(inner, key === 'data')]));
    const fromElement = tokenizedCardFrom(readBasisTheoryToken(withCardFacts(camel(btCardTokenFixture()) as Record<string, unknown>, {}), 'card'), 'basistheory');
    expect(fromElement).toEqual(raw);
    expect(raw.card).toEqual({ tokenId: elementToken.id, type: 'card', card: { bin: '424242', last4: '4242', expirationMonth: 12, expirationYear: 2031 }, brand: 'visa', scaRequired: false });
  });
});
