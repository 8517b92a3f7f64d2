import { describe, expect, it } from 'vitest';
import { fieldsRefusedBy } from '../../test/fields-refused-by.js';
import { checkChallengeInput } from './challenge-input.js';

const challenge = {
  sessionId: '3b0d0f4e-8a34-4c1b-9a52-6f0a0d1e2c33',
  acsChallengeUrl: 'https://acs.example.com/challenge',
  acsTransactionId: 'acs_000001',
  threeDSVersion: '2.2.0',
};

/** The fields a refused challenge names. */
function refusedFields(input: unknown, options: Record<string, unknown> = {}): string[] {
  return fieldsRefusedBy(() => checkChallengeInput(input as typeof challenge, options));
}

describe('checkChallengeInput', () => {
  it('takes the four values of a challenge, with the EMV 3DS versions 2.1.0, 2.2.0 and 2.3.x', () => {
    for (const threeDSVersion of ['2.1.0', '2.2.0', '2.3.0', '2.3.1']) expect(refusedFields({ ...challenge, threeDSVersion })).toEqual([]);
    expect(refusedFields({ ...challenge, acsChallengeUrl: 'http://localhost:4010/acs/challenge' })).toEqual([]);
    expect(refusedFields({ ...challenge, acsTransactionId: 'b7a1c0de-0000-4000-8000-000000000001', sessionId: 'sess.1:a_b-c' })).toEqual([]);
    expect(checkChallengeInput(challenge, {})).toEqual(challenge);
  });

  it('refuses a version the EMV 3DS specification does not define', () => {
    for (const threeDSVersion of ['9.9.9', '1.0.2', '2.2.0<script>', 'latest', '2.2', '2.4.0', ' 2.2.0', '2.3.', '']) {
      expect(refusedFields({ ...challenge, threeDSVersion }), threeDSVersion).toEqual(['threeDSVersion']);
    }
  });

  it('refuses ids that are too long or hold other characters', () => {
    expect(refusedFields({ ...challenge, acsTransactionId: 'a'.repeat(10_000) })).toEqual(['acsTransactionId']);
    expect(refusedFields({ ...challenge, acsTransactionId: 'a'.repeat(129) })).toEqual(['acsTransactionId']);
    expect(refusedFields({ ...challenge, acsTransactionId: 'a'.repeat(128) })).toEqual([]);
    expect(refusedFields({ ...challenge, sessionId: 's'.repeat(129) })).toEqual(['sessionId']);
    for (const id of ['a b', 'a"b', '<x>', 'a/b', 'ä', 'a\nb']) {
      expect(refusedFields({ ...challenge, sessionId: id, acsTransactionId: id }), id).toEqual(['sessionId', 'acsTransactionId']);
    }
  });

  it('refuses an ACS URL that is not https (plain http only on loopback), or too long', () => {
    for (const acsChallengeUrl of ['http://acs.example.com/c', 'javascript:alert(1)', 'data:text/html,x', 'ftp://acs.example.com', 'not a url', `https://acs.example.com/${'a'.repeat(2048)}`]) {
      expect(refusedFields({ ...challenge, acsChallengeUrl }), acsChallengeUrl.slice(0, 40)).toEqual(['acsChallengeUrl']);
    }
  });

  it('names every missing or mistyped field, and the bad options', () => {
    expect(refusedFields(undefined)).toEqual(['sessionId', 'acsTransactionId', 'threeDSVersion', 'acsChallengeUrl']);
    expect(refusedFields({ ...challenge, sessionId: 7 }, { windowSize: '06', timeoutMs: 0 })).toEqual(['sessionId', 'windowSize', 'timeoutMs']);
  });

  it('takes an element or a function as returnFocus, and refuses anything else (a selector string)', () => {
    for (const returnFocus of [{ focus: () => undefined }, () => null]) expect(refusedFields(challenge, { returnFocus })).toEqual([]);
    for (const returnFocus of ['#pay', null, 7, {}]) expect(refusedFields(challenge, { returnFocus }), JSON.stringify(returnFocus)).toEqual(['returnFocus']);
  });
});
