import { describe, expect, it } from 'vitest';
import { cardCollectionFor } from '../src/card-collection.js';

// The page's own card inputs (`?card=raw`) put the page in PCI SAQ A-EP scope: a visitor's link must not switch a
// production page to them. Only the sandbox (`local`) offers them; everywhere else the card stays in the iframes.
describe('cardCollectionFor', () => {
  it('keeps the card in Basis Theory’s fields outside the sandbox, whatever the URL says', () => {
    expect(cardCollectionFor('?card=raw', 'production')).toBe('fields');
    expect(cardCollectionFor('?card=raw', 'development')).toBe('fields');
    expect(cardCollectionFor('', 'production')).toBe('fields');
    expect(cardCollectionFor(undefined, 'production')).toBe('fields');
  });

  it('offers the raw inputs against the sandbox only when asked (?card=raw)', () => {
    expect(cardCollectionFor('?card=raw', 'local')).toBe('raw');
    expect(cardCollectionFor('?card=fields', 'local')).toBe('fields');
    expect(cardCollectionFor('', 'local')).toBe('fields');
  });
});
