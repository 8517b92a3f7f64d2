import { describe, expect, it } from 'vitest';
import { createTokenizer } from './tokenizer.js';
import { pageEnvironment } from './page-environment.js';

describe('one environment per page, outside a page', () => {
  it('claims nothing during server rendering: one server renders pages of several environments', () => {
    expect(typeof document).toBe('undefined');
    expect(() => {
      createTokenizer({ environment: 'local' });
      createTokenizer({ environment: 'production' });
    }).not.toThrow();
    expect(pageEnvironment()).toBeUndefined();
  });
});
