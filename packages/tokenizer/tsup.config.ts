import { defineConfig } from 'tsup';

// ESM keeps one file per module, so a page's bundler drops every module it does not use ("sideEffects": false):
// the card path never carries the 3DS modal or the wallet helpers. CJS stays one bundled file per entry.
// The React entry imports the main entry by name, so both entries share one copy (one open-challenge guard).
// `basis-theory` is the only module that names the optional peer @basis-theory/web-threeds (a dynamic import).
const external = ['@tessera/tokenizer', '@tessera/core', '@tessera/core/internal', 'zod', '@basis-theory/web-threeds', 'react'];

export default defineConfig([
  {
    entry: ['src/**/*.ts', '!src/**/*.test.ts', '!src/**/*.test.tsx'],
    bundle: false,
    format: ['esm'],
    dts: { entry: { index: 'src/index.ts', react: 'src/react/index.ts', 'basis-theory': 'src/basis-theory.ts' } },
    clean: true,
    sourcemap: true,
    target: 'es2022',
    platform: 'browser',
    external,
  },
  {
    entry: { index: 'src/index.ts', react: 'src/react/index.ts', 'basis-theory': 'src/basis-theory.ts' },
    format: ['cjs'],
    dts: true,
    sourcemap: true,
    target: 'es2022',
    platform: 'browser',
    external,
  },
]);
