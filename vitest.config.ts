import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (name: string): string => fileURLToPath(new URL(`./packages/${name}/src/index.ts`, import.meta.url));

// Tests run against the packages' sources, so `pnpm test` needs no build first.
export const alias = {
  '@tessera/core': source('core'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { extends: true, test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
