import { readdirSync, readFileSync } from 'node:fs';
import type { Plugin } from 'esbuild';
import { defineConfig, type Options } from 'tsup';

/**
 * The modules of src/errors/ that declare the error classes. `internal.cjs` takes them from `index.cjs` rather than
 * carrying a copy, so each class exists once in a CommonJS process and `instanceof` holds whichever entry threw the
 * error (the ESM build shares them through a chunk). Each must export only classes the root exports (checked here).
 */
const rootSource = readFileSync(new URL('./src/index.ts', import.meta.url), 'utf8');
const classModules: string[] = [];
for (const file of readdirSync(new URL('./src/errors/', import.meta.url))) {
  if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
  const source = readFileSync(new URL(`./src/errors/${file}`, import.meta.url), 'utf8');
  if (!/^export class /m.test(source)) continue;
  for (const [, name] of source.matchAll(/^export (?:declare )?(?:abstract )?(?:class|function|const|let) (\w+)/gm)) {
    if (!new RegExp(`\\b${name}\\b`).test(rootSource)) throw new Error(`errors/${file} exports ${name}, which the root does not`);
  }
  classModules.push(file.slice(0, -'.ts'.length));
}
const classesFromRoot: Plugin = {
  name: 'classes-from-root',
  setup(build) {
    build.onResolve({ filter: new RegExp(`/errors/(${classModules.join('|')})\\.js$`) }, () => ({ path: './index.cjs', external: true }));
  },
};

const shared: Options = {
  sourcemap: true,
  target: 'es2022',
  removeNodeProtocol: false,
  // ky is ESM-only: bundled, so the CommonJS build loads on every Node 20 (no require of an ES module) and installs
  // nothing more.
  noExternal: ['ky'],
};

export default defineConfig([
  {
    // ESM: the root and `internal` share their modules through chunks (splitting), so a class exists once.
    entry: ['src/index.ts', 'src/internal.ts'],
    format: ['esm'],
    dts: true,
    clean: true,
    ...shared,
  },
  // The declarations of both CommonJS entries in one build, so they share their types (a `Page` from either is one type).
  { entry: ['src/index.ts'], format: ['cjs'], dts: { entry: ['src/index.ts', 'src/internal.ts'] }, ...shared },
  // esbuild splits only ESM, so `internal.cjs` takes the error classes from `index.cjs` (see `classModules`).
  { entry: ['src/internal.ts'], format: ['cjs'], esbuildPlugins: [classesFromRoot], ...shared },
]);
