import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './digest.js';

describe('sha256Hex', () => {
  it('gives node:crypto’s SHA-256 for every padding case and for text beyond ASCII', () => {
    const texts = ['', 'abc', '{"type":"card"}', 'é€𝄞', ...[55, 56, 63, 64, 65, 119, 120, 1000, 100_000].map((length) => 'x'.repeat(length))];
    for (const text of texts) expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});
