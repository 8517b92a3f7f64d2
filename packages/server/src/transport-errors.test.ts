import { describe, expect, it } from 'vitest';
import { isNetworkError } from './transport-errors.js';

describe('isNetworkError', () => {
  it('recognises the network failures of fetch implementations and nothing else', () => {
    for (const message of ['fetch failed', 'terminated', 'Failed to fetch', 'Failed to fetch (api.example.com)', 'error sending request for url (https://x/)']) {
      expect(isNetworkError(new TypeError(message))).toBe(true);
    }
    expect(isNetworkError(new TypeError('Invalid URL'))).toBe(false);
    expect(isNetworkError(new Error('fetch failed'))).toBe(false);
    expect(isNetworkError('fetch failed')).toBe(false);
    expect(isNetworkError(undefined)).toBe(false);
  });
});
