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
      // What to install, on which Node: msw 3 only installs right on 22.12+ (on Node 20 npm picks msw 2 under the ^3 peer).
      expect((error as Error).message).toContain('install Node.js 22.12 or later (e.g. `nvm install 22`), then `npm install --save-dev @tessera/sandbox msw@^3`');
      expect((error as Error).message).toContain('msw 2');
      // How to run on Node 22 once, without changing the system Node.
      expect((error as Error).message).toContain('prefix the command with `npx -y -p node@22`');
    }
  });

  it('accepts 22.12 and later, and runtimes that are not Node', () => {
    expect(MINIMUM_NODE_VERSION).toBe('22.12.0');
    for (const version of ['22.12.0', '22.23.3', '23.0.0', '24.21.0', undefined]) expect(() => assertSupportedNode(version)).not.toThrow();
  });
});
