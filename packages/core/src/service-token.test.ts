import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeServiceToken, type ServiceToken } from './service-token.js';
import { encodeServiceToken, ServiceTokenError } from './service-token-encode.js';
import { TesseraError } from './errors.js';

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
    ['sensitive_data', b64({ ...token, token: '4242 4242 4242 4242' })],
    ['sensitive_data', b64({ ...token, note: ['4000000000003220'] })],
    ['not_base64', ''],
  ])('rejects %s: %s', (expected, encoded) => {
    expect(reason(encoded)).toBe(expected.replace(' ', '_'));
  });

  it('refuses a card number sent as a JSON number', () => {
    expect(reason(b64({ ...token, nonSensitiveMetadata: { ref: 4242424242424242 } }))).toBe('sensitive_data');
    expect(reason(btoa('{"type":"card","token":"t","provider":"p","note":4000000000000000006}'))).toBe('sensitive_data');
    expect(() => encodeServiceToken({ ...token, ref: 4242424242424242 })).toThrow(ServiceTokenError);
    // An ordinary number (a timestamp in ms) is not a card number.
    expect(decodeServiceToken(b64({ ...token, tokenizedAtMs: 1763826000000 }))).toMatchObject({ tokenizedAtMs: 1763826000000 });
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

  it('round-trips arbitrary valid envelopes', () => {
    const envelope = fc.record({
      type: fc.constantFrom('card', 'apple_pay', 'google_pay'),
      token: fc.string({ minLength: 1, maxLength: 60 }).filter((s) => !/^[\d\s-]{12,}$/.test(s)),
      provider: fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !/^[\d\s-]{12,}$/.test(s)),
      nonSensitiveMetadata: fc.record(
        { last4: fc.stringMatching(/^\d{4}$/), brand: fc.string(), issuer: fc.record({ name: fc.string({ unit: 'grapheme' }), country: fc.string() }) },
        { requiredKeys: [] },
      ),
    });
    fc.assert(fc.property(envelope, (value) => {
      expect(decodeServiceToken(encodeServiceToken(value))).toEqual(value);
    }), { numRuns: 500 });
  });

  it('throws only ServiceTokenError on arbitrary strings', () => {
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
