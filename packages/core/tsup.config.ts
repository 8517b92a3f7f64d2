import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

/**
 * The modules that declare classes (the errors). `internal.cjs` and `schemas.cjs` take them from `index.cjs` rather
 * than carrying a copy, so each class exists once in a CommonJS process and `instanceof` holds whichever entry threw
 * the error. Each must export only what the root exports (checked here).
 */
const classModules = ['errors/error-classes', 'service-token/service-token-error'];
const classModulePaths = new Set(classModules.map((module) => fileURLToPath(new URL(`./src/${module}.ts`, import.meta.url))));
const rootSource = readFileSync(new URL('./src/index.ts', import.meta.url), 'utf8');
for (const module of classModules) {
  const source = readFileSync(new URL(`./src/${module}.ts`, import.meta.url), 'utf8');
  for (const [, name] of source.matchAll(/^export (?:declare )?(?:abstract )?(?:class|function|const|let) (\w+)/gm)) {
    if (!new RegExp(`\\b${name}\\b`).test(rootSource)) throw new Error(`${module}.ts exports ${name}, which the root does not`);
  }
}
const classesFromRoot: Plugin = {
  name: 'classes-from-root',
  setup(build) {
    // Matched by the file an import resolves to, whichever folder it is written from.
    build.onResolve({ filter: /^\.{1,2}\/.*\.js$/ }, (args) =>
      classModulePaths.has(resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'))) ? { path: './index.cjs', external: true } : undefined,
    );
  },
};

export default defineConfig([
  {
    // ESM keeps one file per module so bundlers drop the modules a page does not use ("sideEffects": false).
    entry: ['src/**/*.ts', '!src/**/*.test.ts'],
    bundle: false,
    format: ['esm'],
    dts: { entry: ['src/index.ts', 'src/internal.ts', 'src/schemas.ts'] },
    clean: true,
    sourcemap: true,
    target: 'es2022',
  },
  {
    // Node loads one file rather than one per module (the `node` condition of the exports map): about 10 ms less of
    // every cold start. Bundlers keep the per-module build above, so pages still drop what they do not use.
    // The root, `internal` and `schemas` share their modules through chunks (splitting), so an error class exists
    // once and `instanceof` holds whichever entry threw it. zod is inlined too (the parts core uses): loading its ~100 modules
    // was two thirds of `@tessera/server`'s cold import. The server and the sandbox take the zod functions they call
    // from `internal` (`z`), so Node never loads the zod package for them; the other builds keep zod external.
    entry: { 'node/index': 'src/index.ts', 'node/internal': 'src/internal.ts', 'node/schemas': 'src/schemas.ts' },
    format: ['esm'],
    splitting: true,
    noExternal: [/^zod(\/|$)/],
    sourcemap: true,
    target: 'es2022',
  },
  {
    entry: ['src/index.ts'],
    format: ['cjs'],
    dts: { entry: ['src/index.ts', 'src/internal.ts', 'src/schemas.ts'] },
    sourcemap: true,
    target: 'es2022',
  },
  {
    // esbuild splits only ESM, so `internal.cjs` and `schemas.cjs` take the error classes from `index.cjs` (see
    // `classModules`).
    entry: ['src/internal.ts', 'src/schemas.ts'],
    format: ['cjs'],
    sourcemap: true,
    target: 'es2022',
    esbuildPlugins: [classesFromRoot],
  },
]);
