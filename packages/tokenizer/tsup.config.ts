import type { Plugin } from 'esbuild';
import { defineConfig, type Options } from 'tsup';

// ESM keeps one file per module, so a page's bundler drops every module it does not use ("sideEffects": false):
// the card path never carries the 3DS modal or the wallet helpers. CJS stays one bundled file per entry.
// The React entry imports the main entry by name, so both entries share one copy (one open-challenge guard).
// `basis-theory` is the only module that names the optional peer @basis-theory/web-threeds, and
// `fields/create-card-fields` the only one that names @basis-theory/web-elements (each a dynamic import).
const external = ['@tessera/tokenizer', '@tessera/core', '@tessera/core/internal', 'zod', '@basis-theory/web-threeds', '@basis-theory/web-elements', 'react'];
// What every build of the package shares: browser code for ES2022, with source maps, the externals left out.
const browserBuild = { sourcemap: true, target: 'es2022', platform: 'browser', external } satisfies Options;
const entries = { index: 'src/index.ts', react: 'src/react/index.ts', 'basis-theory': 'src/basis-theory.ts', fields: 'src/fields.ts', client: 'src/client.ts', testing: 'src/testing.ts', wallets: 'src/wallets.ts', store: 'src/store.ts' };

// The CJS build bundles each entry with its own copy of the modules it imports. The fields (wallets, client, store) entries reuse internal
// modules (the vault request, the environment) whose errors come from `errors/errors.js`: this points them at the main
// entry, so a `TesseraVaultError` thrown by the fields is `instanceof` the one users import from '@tessera/tokenizer'.
const sharedErrors: Plugin = {
  name: 'shared-errors',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\/errors\/errors\.js$/ }, () => ({ path: '@tessera/tokenizer', external: true }));
  },
};

// `dist` is emptied by the build script, not by tsup's `clean`: the configs build in parallel, and a clean in one
// would remove what another already wrote.
export default defineConfig([
  {
    entry: ['src/**/*.ts', '!src/**/*.test.ts', '!src/**/*.test.tsx'],
    bundle: false,
    format: ['esm'],
    dts: { entry: entries },
    ...browserBuild,
  },
  {
    entry: { index: entries.index, react: entries.react, 'basis-theory': entries['basis-theory'] },
    format: ['cjs'],
    dts: true,
    ...browserBuild,
  },
  {
    entry: { fields: entries.fields, client: entries.client, testing: entries.testing, wallets: entries.wallets, store: entries.store },
    format: ['cjs'],
    dts: true,
    ...browserBuild,
    esbuildPlugins: [sharedErrors],
  },
]);
