import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeServiceToken, type ServiceToken } from './service-token.js';
import { encodeServiceToken } from './service-token-encode.js';
import { ServiceTokenError } from './service-token-error.js';
import { TesseraError } from '../errors/error-classes.js';

const token: ServiceToken = {
  type: 'card',
  token: 'tok_123',
  provider: 'basistheory',
  nonSensitiveMetadata: {
    last4: '4242',
    brand: 'visa',
    bin: '424242',
    expiryMonth: 12,
    expiryYear: 2028,
    funding: 'credit',
    fingerprint: 'fp_abc',
    authentication: 'optional',
    issuer: { name: 'Société Générale', country: 'FR' },
  },
};

function reason(encoded: string): string | undefined {
  try {
    decodeServiceToken(encoded);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceTokenError);
    return (error as ServiceTokenError).reason;
  }
}

const b64 = (value: unknown): string => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))));

describe('service token codec', () => {
  it('round-trips non-Latin-1 issuer names', () => {
    for (const name of ['Société Générale', '銀行', 'Bank 🏦', 'Ünïcödé']) {
      const value = { ...token, nonSensitiveMetadata: { issuer: { name, country: 'XX' } } };
      expect(decodeServiceToken(encodeServiceToken(value))).toEqual(value);
    }
  });

  it('encodes as standard base64 of UTF-8 JSON', () => {
    const encoded = encodeServiceToken(token);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const json = new TextDecoder().decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)));
    expect(JSON.parse(json)).toEqual(token);
  });

  it('accepts URL-safe and unpadded base64', () => {
    const encoded = encodeServiceToken(token).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodeServiceToken(encoded)).toEqual(token);
  });

  it('lets unknown envelope fields pass through', () => {
    expect(decodeServiceToken(b64({ ...token, extra: { a: 1 } }))).toMatchObject({ extra: { a: 1 } });
  });

  it.each<[string, string]>([
    ['not base64', '%%%'],
    ['not base64', 'a'],
    ['not_json', btoa('not json')],
    ['invalid_shape', b64({ type: 'card' })],
    ['invalid_shape', b64({ ...token, type: 'paypal' })],
    ['invalid_shape', b64([1, 2])],
    ['invalid_shape', b64(null)],
    ['sensitive_data', b64({ ...token, cardNumber: 'x' })],
    ['sensitive_data', b64({ ...token, nonSensitiveMetadata: { cvc: '123' } })],
    ['sensitive_data', b64({ ...token, nonSensitiveMetadata: { CVV: '123' } })],
    ['sensitive_data', b64({ ...token, nonSensitiveMetadata: { extra: { card_number: '1' } } })],
    ['sensitive_data', b64({ ...token, pan: 'x' })],
    ['sensitive_data', b64({ ...token, nonSensitiveMetadata: { issuer: { card: { securityCode: '' } } } })],
    ['sensitive_data', b64({ ...token, list: [{ primary_account_number: null }] })],
    ['not_base64', ''],
  ])('rejects %s: %s', (expected, encoded) => {
    expect(reason(encoded)).toBe(expected.replace(' ', '_'));
  });

  it('judges fields by name, never values by their digits: Luhn-valid numbers elsewhere are not card data', () => {
    // An issuer's phone number, a reference or a provider token that happen to be 12-19 Luhn-valid digits.
    const value = { ...token, token: '4242 4242 4242 4242', nonSensitiveMetadata: { issuer: { name: 'Bank', phone: '4000000000003220' }, ref: 4242424242424242 } };
    expect(decodeServiceToken(b64(value))).toEqual(value);
    expect(decodeServiceToken(encodeServiceToken(value))).toEqual(value);
  });

  it('refuses a card number under a name that suggests one (number), as a string or a JSON number, when it is 12-19 Luhn-valid digits', () => {
    for (const number of ['4242424242424242', '4242 4242 4242 4242', '4000-0000-0000-3220', 4242424242424242, '378282246310005', '6011111111111117']) {
      expect(reason(b64({ ...token, nonSensitiveMetadata: { number } })), String(number)).toBe('sensitive_data');
      expect(reason(b64({ ...token, nonSensitiveMetadata: { card: { Number: number } } })), String(number)).toBe('sensitive_data');
      expect(() => encodeServiceToken({ ...token, nonSensitiveMetadata: { number } })).toThrow(ServiceTokenError);
    }
    // An order number, a phone number, a Luhn-invalid or too short or too long run under `number` stay allowed.
    for (const number of ['A-10023', 10023, '+1 415 555 2671', '4155552671', '4242424242424241', '42424242424', '42424242424242424242', '']) {
      const value = { ...token, nonSensitiveMetadata: { number, order: { number } } };
      expect(decodeServiceToken(b64(value)), String(number)).toEqual(value);
    }
  });

  it("accepts the envelopes the vendor's own library (@tagadapay/core-js 3.1.0, tagada-token.js) makes", () => {
    // createTagadaToken: a BT card token with enrichments; a two-digit year as typed; a 9-digit BIN; extra fields.
    const card = {
      type: 'card', token: '7b1c1e3a-6f0e-4b7e-9d53-1b9c3c1f2a10', provider: 'basistheory',
      nonSensitiveMetadata: {
        cardType: 'card', expiryMonth: 12, expiryYear: 30, authentication: 'optional', last4: '4242', bin: '424242424', brand: 'visa',
        funding: 'credit', issuer: { name: null, cleanName: 'Bank', phone: '1-800-432-1000', url: 'bank.example' },
        country: { code: 'US', name: 'United States', numeric: '840' }, segment: 'consumer', product: { code: 'F', name: 'Visa Classic' },
        binDetails: { prepaid: false, reloadable: false, panOrToken: 'pan', binLength: 9 }, createdAt: '2026-01-01T00:00:00.000Z',
      },
    };
    // createTagadaDigitalWalletToken: empty strings and zeros where the wallet gave nothing.
    const wallet = {
      type: 'google_pay', token: 'tok_wallet', provider: 'basistheory',
      nonSensitiveMetadata: { cardType: 'google_pay', paymentMethod: 'google_pay', last4: '', brand: '', bin: '', expiryMonth: 0, expiryYear: 0, createdAt: '2026-01-01T00:00:00.000Z' },
    };
    expect(decodeServiceToken(b64(card))).toEqual(card);
    expect(decodeServiceToken(b64(wallet))).toEqual(wallet);
    expect(decodeServiceToken(b64({ type: 'card', token: 't', provider: 'p' }))).toEqual({ type: 'card', token: 't', provider: 'p' });
  });

  it('encodes only plain envelopes, with its typed error for anything else', () => {
    for (const bad of [null, undefined, 'x', 42, { ...token, extra: 10n }, { type: 'card' }]) {
      expect(() => encodeServiceToken(bad as never)).toThrow(ServiceTokenError);
    }
  });

  it('refuses to encode an envelope carrying a PAN', () => {
    expect(() => encodeServiceToken({ ...token, pan: '4242424242424242' })).toThrow(ServiceTokenError);
  });

  it('never puts the token text in its error message', () => {
    expect.assertions(3);
    const secret = b64({ ...token, token: 'secret-token-value', cvc: '987' });
    try {
      decodeServiceToken(secret);
    } catch (error) {
      expect(TesseraError.isInstance(error)).toBe(true);
      expect(JSON.stringify(error)).not.toContain('987');
      expect((error as Error).message).not.toContain('secret-token-value');
    }
  });

  // Digit strings of card-number length, Luhn-valid or not, anywhere in a value: never a reason to refuse.
  const digits = fc.stringMatching(/^\d{12,19}$/);
  const text = fc.oneof(fc.string(), digits);
  const metadata = fc.record(
    {
      last4: fc.oneof(fc.constant(''), fc.stringMatching(/^\d{4}$/)),
      bin: fc.oneof(fc.constant(''), fc.stringMatching(/^\d{6,9}$/)),
      brand: fc.string(),
      expiryYear: fc.oneof(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 2000, max: 2100 })),
      issuer: fc.record({ name: fc.string({ unit: 'grapheme' }), country: fc.string(), phone: digits }, { requiredKeys: [] }),
      extra: fc.dictionary(fc.constantFrom('note', 'ref', 'segment'), text),
    },
    { requiredKeys: [] },
  );
  const envelope = fc.record({ type: fc.constantFrom('card', 'apple_pay', 'google_pay'), token: text.filter((s) => s.length > 0), provider: fc.string({ minLength: 1, maxLength: 30 }), nonSensitiveMetadata: metadata });

  it('round-trips arbitrary envelopes without card-data fields, whatever digits they hold', () => {
    fc.assert(fc.property(envelope, (value) => {
      expect(decodeServiceToken(encodeServiceToken(value))).toEqual(value);
    }), { numRuns: 500 });
  });

  it('refuses any envelope with a card-number or CVC field, at any depth, whatever its value', () => {
    const field = fc.constantFrom('cardNumber', 'card_number', 'PAN', 'primaryAccountNumber', 'cvc', 'CVV', 'cvv2', 'card-cvc', 'securityCode');
    fc.assert(fc.property(envelope, field, fc.oneof(text, fc.constant(null), fc.integer()), fc.nat(2), (value, name, secret, depth) => {
      const holder: Record<string, unknown> = { [name]: secret };
      const placed = depth === 0 ? { ...value, ...holder } : depth === 1 ? { ...value, nonSensitiveMetadata: { ...value.nonSensitiveMetadata, ...holder } } : { ...value, nested: [{ deeper: holder }] };
      expect(reason(b64(placed))).toBe('sensitive_data');
      expect(() => encodeServiceToken(placed)).toThrow(ServiceTokenError);
    }), { numRuns: 300 });
  });

  // 2,000 runs take about a second on a quiet machine; the limit leaves room for a loaded one.
  it('throws only ServiceTokenError on arbitrary strings', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.base64String(), fc.string({ unit: 'binary' })), (text) => {
        try {
          decodeServiceToken(text);
        } catch (error) {
          return error instanceof ServiceTokenError;
        }
        return true;
      }),
      { numRuns: 2000 },
    );
  });
});
