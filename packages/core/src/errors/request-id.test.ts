import { describe, expect, it } from 'vitest';
import { safeRequestId } from './request-id.js';

describe('safeRequestId', () => {
  it('keeps the first id of at most 128 characters with no run of 12 or more digits', () => {
    expect(safeRequestId('req_000001')).toBe('req_000001');
    expect(safeRequestId('f47ac10b-58cc-4372-a567-0e02b2c3d479')).toBe('f47ac10b-58cc-4372-a567-0e02b2c3d479');
    expect(safeRequestId('a'.repeat(128))).toBe('a'.repeat(128));
    expect(safeRequestId('12345678901')).toBe('12345678901');
    expect(safeRequestId(null, '', 'trace_1')).toBe('trace_1');
  });

  it('drops what could carry card data: a 12+ digit run (spaces or dashes between), an id over 128 characters, a non-string', () => {
    for (const value of ['4242424242424242', 'trace-4242 4242 4242 4242', 'x123456789012', 'a'.repeat(129), 42, {}, null, undefined, '']) {
      expect(safeRequestId(value)).toBeUndefined();
    }
    expect(safeRequestId('4242424242424242', 'req_7f3a')).toBe('req_7f3a');
  });
});
