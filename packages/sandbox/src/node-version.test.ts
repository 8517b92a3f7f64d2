import { TesseraError } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { assertSupportedNode, MINIMUM_NODE_VERSION } from './node-version.js';

describe('assertSupportedNode', () => {
  it('fails at once on Node 20 and 22.11, naming the version needed', () => {
    for (const version of ['20.20.2', '22.11.0', '18.0.0']) {
      const error = (() => {
        try {
          assertSupportedNode(version);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(TesseraError);
      expect(error).toMatchObject({ code: 'unsupported_runtime' });
      expect((error as Error).message).toContain(`needs Node.js ${MINIMUM_NODE_VERSION} or later`);
      expect((error as Error).message).toContain(`this is Node.js ${version}`);
    }
  });

  it('accepts 22.12 and later, and runtimes that are not Node', () => {
    expect(MINIMUM_NODE_VERSION).toBe('22.12.0');
    for (const version of ['22.12.0', '22.23.3', '23.0.0', '24.21.0', undefined]) expect(() => assertSupportedNode(version)).not.toThrow();
  });
});
