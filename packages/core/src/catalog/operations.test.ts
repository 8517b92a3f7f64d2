import { describe, expect, it } from 'vitest';
import type { Operation } from '../plumbing/operation.js';
import { operations } from './operations.js';

// The catalog spreads each resource module's entries into one object, where a name declared by two modules would
// silently keep only the last (an object literal of the entries themselves would not compile). This reads every
// resource module's `…Operations()` and checks that the catalog is exactly their union, each name declared once.
declare global {
  interface ImportMeta {
    /** Vite's (vitest's) import of every module a pattern matches, keyed by path. */
    glob(patterns: string[], options: { eager: true }): Record<string, Record<string, unknown>>;
  }
}

/** Each resource module's catalog entries, by module and name (`payment.ts paymentOperations`). */
function catalogMaps(): Array<[string, Record<string, Operation>]> {
  const modules = import.meta.glob(['../resources/*.ts', '!../resources/*.test.ts'], { eager: true });
  return Object.entries(modules).flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter(([name, value]) => name.endsWith('Operations') && typeof value === 'function')
      .map(([name, value]): [string, Record<string, Operation>] => [`${file} ${name}`, (value as () => Record<string, Operation>)()]),
  );
}

describe('operations', () => {
  it("is the union of the resource modules' entries, each operation declared by one module only", () => {
    const maps = catalogMaps();
    expect(maps.length).toBeGreaterThan(10);
    const declaredBy = new Map<string, string[]>();
    for (const [module, entries] of maps) for (const name of Object.keys(entries)) declaredBy.set(name, [...(declaredBy.get(name) ?? []), module]);
    expect([...declaredBy].filter(([, modules]) => modules.length > 1)).toEqual([]);
    expect([...declaredBy.keys()].sort()).toEqual(Object.keys(operations).sort());
  });
});
