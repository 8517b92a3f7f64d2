import { describe, expect, it } from 'vitest';
import { maskSecretFields } from './redact.js';

describe('maskSecretFields', () => {
  it('masks the value of every credential key, nested, in arrays and plural, and keeps the rest', () => {
    const body = { sessionId: 's_1', token: 'bst_1', data: [{ accessToken: 'a', client_secret: 'b', tokens: ['c', 'd'], tokenDigest: 'kept' }] };
    expect(maskSecretFields(body)).toEqual({ sessionId: 's_1', token: '[redacted]', data: [{ accessToken: '[redacted]', client_secret: '[redacted]', tokens: '[redacted]', tokenDigest: 'kept' }] });
  });

  it('masks the value after a credential name in a body that is text (JSON the client could not parse, a form)', () => {
    expect(maskSecretFields('{"sessionId":"s_1","token":"bst_1"}x')).toBe('{"sessionId":"s_1","token":"[redacted]"}x');
    expect(maskSecretFields('id=1&secret=whsec_2&next=3')).toBe('id=1&secret=[redacted]&next=3');
  });

  it('masks whatever lies past 64 levels whole', () => {
    let deep: unknown = { token: 'bst_1' };
    for (let level = 0; level < 70; level++) deep = { next: deep };
    expect(JSON.stringify(maskSecretFields(deep))).not.toContain('bst_1');
  });
});
