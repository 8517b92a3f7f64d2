import { readFileSync } from 'node:fs';
import { operations } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';

// The README's table of answers ("Answers, as the vendor publishes them") names operations of core's catalog only: a
// row whose route the catalog has not (renamed, removed) fails here. A row is welcome where the sandbox answers more
// than the published example shows; it is not required (CONTRIBUTING.md, "Adding an API operation").

/** A method and path with its placeholders unnamed (`GET /payments/{}`). */
const endpoint = (method: string, path: string): string => `${method} ${path.replace(/\{\w+\}/g, '{}')}`;

describe('the README table of answers', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.split(/^### /m).find((part) => part.startsWith('Answers, as the vendor publishes them\n')) ?? '';
  const rows = [...section.matchAll(/^\| `(GET|POST) (\/[^`\s]*)` \|/gm)].map(([, method, path]) => endpoint(method!, path!));
  const catalog = new Set(Object.values(operations).map((operation) => endpoint(operation.method, operation.path)));

  it('has rows', () => {
    expect(rows.length).toBeGreaterThan(20);
  });

  it.each(rows)('%s is an operation of the catalog', (row) => {
    expect(catalog.has(row), `${row}: no operation of core's catalog has this method and path`).toBe(true);
  });
});
