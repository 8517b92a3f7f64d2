// The published types as a consumer compiles them, in every resolution TypeScript has: node10 (`module: commonjs`,
// `moduleResolution: node`: what older setups still use), node16 from CommonJS and from ESM, and bundler, each with
// `skipLibCheck: false`. Packs @tessera/core, server and tokenizer with pnpm, unpacks them into a throwaway
// project's node_modules (zod, their one dependency with types, and @types/react for the React entry, linked from the
// workspace: nothing from a registry; not the optional peer @basis-theory/web-elements, whose types ours never name),
// and runs tsc once per resolution. attw checks each package's own entry points; this checks that the declarations of
// one package find the entry points of another (`@tessera/server`'s import `@tessera/core/internal`).
// Run it after the build: `node scripts/consumer-types/run.mjs` (part of `pnpm check:packages`).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packPackages, repoRoot, runChecks } from '../runtime-smoke/tools.mjs';

const started = Date.now();
const project = mkdtempSync(join(tmpdir(), 'tessera-consumer-types-'));
const packs = mkdtempSync(join(tmpdir(), 'tessera-packs-'));
const tarballs = packPackages(['core', 'server', 'tokenizer'], packs);
for (const [name, tarball] of Object.entries(tarballs)) {
  const dir = join(project, 'node_modules', name);
  mkdirSync(dir, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1']);
}
rmSync(packs, { recursive: true, force: true });
symlinkSync(realpathSync(join(repoRoot, 'packages/core/node_modules/zod')), join(project, 'node_modules/zod'), 'dir');
// React's types, which a user of `@tessera/tokenizer/react` has (its `<CardFields>` component returns a ReactElement).
mkdirSync(join(project, 'node_modules/@types'), { recursive: true });
symlinkSync(realpathSync(join(repoRoot, 'packages/tokenizer/node_modules/@types/react')), join(project, 'node_modules/@types/react'), 'dir');
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'tessera-consumer-types', private: true }));
for (const file of ['consumer.ts', 'consumer.cts', 'consumer.mts']) cpSync(join(import.meta.dirname, 'consumer.ts'), join(project, file));

const strict = { target: 'es2022', lib: ['es2023', 'dom'], strict: true, skipLibCheck: false, noEmit: true, types: [] };
const resolutions = {
  // TypeScript 6 deprecates node10; a consumer on TypeScript 5 uses it without this.
  node10: { module: 'commonjs', moduleResolution: 'node10', ignoreDeprecations: '6.0', files: ['consumer.ts'] },
  node16: { module: 'node16', moduleResolution: 'node16', files: ['consumer.cts', 'consumer.mts'] },
  bundler: { module: 'preserve', moduleResolution: 'bundler', files: ['consumer.ts'] },
};
const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
const checks = {};
for (const [name, { files, ...options }] of Object.entries(resolutions)) {
  writeFileSync(join(project, `tsconfig.${name}.json`), JSON.stringify({ compilerOptions: { ...strict, ...options }, files }));
  checks[name] = [process.execPath, [tsc, '-p', `tsconfig.${name}.json`]];
}
const failed = runChecks(project, checks, () => 'the packed types compile (skipLibCheck: false)');
if (failed.length > 0) {
  console.error(`consumer types failed for ${failed.join(', ')} (project left in ${project})`);
  process.exit(1);
}
rmSync(project, { recursive: true, force: true });
console.log(`consumer types passed in ${Math.round((Date.now() - started) / 1000)} s`);
