// The published packages as a consumer compiles them, with TypeScript 5.9 and 7 (from the npm registry, into a
// throwaway folder: the repo itself stays on 6.0 for typescript-eslint) and the repo's 6.0, in every resolution
// each has, with `skipLibCheck: false`:
// - ESM (`"type": "module"`): `module: nodenext` and `node16`, and `moduleResolution: bundler`, the sandbox included;
// - CommonJS (no `"type"`): `module: nodenext` (`.ts` and `.cts`), and node10 (`module: commonjs`,
//   `moduleResolution: node`) on 5.9 and 6.0 only (TypeScript 7 removed it);
// - the tsconfig the testing guide gives for a CommonJS project ("From a CommonJS project"), with the guide's own
//   node:test test, which is then compiled by TypeScript 7 and run on this Node and on Node 22 (`npx -y node@22`):
//   `require('@tessera/server')` and `await import('@tessera/sandbox')` (ESM-only) from compiled CommonJS.
// Packs @tessera/core, server, tokenizer and sandbox with pnpm and unpacks them into the project's node_modules; their
// dependencies (zod, msw, @noble/hashes) and the types a user has (@types/react for the React entry, @types/node for
// the sandbox and node:test) are linked from the workspace. attw checks each package's own entry points; this checks
// that the declarations of one package find the entry points of another (`@tessera/server`'s import
// `@tessera/core/internal`) and that the guide's advice holds.
// Run it after the build: `node scripts/consumer-types/run.mjs` (part of `pnpm check:packages`).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packPackages, repoRoot } from '../runtime-smoke/tools.mjs';
import { runConcurrently } from './run-concurrently.mjs';
import { commonjsGuide } from './commonjs-guide.mjs';

/** The TypeScript versions a consumer may have, by the name of their check; `null` is the repo's own. */
const typescripts = { ts5: '5.9.3', ts6: null, ts7: '7.0.2' };

const started = Date.now();
const project = mkdtempSync(join(tmpdir(), 'tessera-consumer-types-'));
const packs = mkdtempSync(join(tmpdir(), 'tessera-packs-'));
const tarballs = packPackages(['core', 'server', 'tokenizer', 'sandbox'], packs);
for (const [name, tarball] of Object.entries(tarballs)) {
  const dir = join(project, 'node_modules', name);
  mkdirSync(dir, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1']);
}
rmSync(packs, { recursive: true, force: true });
const link = (from, name) => {
  mkdirSync(join(project, 'node_modules', name, '..'), { recursive: true });
  symlinkSync(realpathSync(join(repoRoot, from, 'node_modules', name)), join(project, 'node_modules', name), 'dir');
};
link('packages/core', 'zod');
link('packages/sandbox', 'msw');
link('packages/sandbox', '@noble/hashes');
// React's types, which a user of `@tessera/tokenizer/react` has (its `<CardFields>` component returns a ReactElement).
link('packages/tokenizer', '@types/react');
link('.', '@types/node');

// TypeScript 5.9 and 7 under aliases (TypeScript 7's compiler is a native binary, an optional dependency per platform).
const tools = join(project, 'typescripts');
mkdirSync(tools);
writeFileSync(join(tools, 'package.json'), JSON.stringify({ name: 'tessera-consumer-typescripts', private: true }));
const registry = Object.entries(typescripts).filter(([, version]) => version !== null);
execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...registry.map(([name, version]) => `${name}@npm:typescript@${version}`)], { cwd: tools, stdio: 'inherit' });
const tscOf = (name) => (typescripts[name] === null ? join(repoRoot, 'node_modules/typescript/bin/tsc') : join(tools, 'node_modules', name, 'bin/tsc'));

// ESM: `"type": "module"`, every entry point and the sandbox. CommonJS: no `"type"`, every entry point but the
// ESM-only sandbox (the guide's test loads that one with `import()`).
const consumer = join(import.meta.dirname, 'consumer.ts');
const esm = join(project, 'esm');
mkdirSync(esm);
writeFileSync(join(esm, 'package.json'), JSON.stringify({ name: 'tessera-consumer-esm', private: true, type: 'module' }));
cpSync(consumer, join(esm, 'consumer.ts'));
cpSync(join(import.meta.dirname, 'sandbox-consumer.ts'), join(esm, 'sandbox-consumer.ts'));
const cjs = join(project, 'cjs');
mkdirSync(cjs);
writeFileSync(join(cjs, 'package.json'), JSON.stringify({ name: 'tessera-consumer-cjs', private: true }));
for (const file of ['consumer.ts', 'consumer.cts']) cpSync(consumer, join(cjs, file));

// One program per resolution holds the ESM and the CommonJS files (each file's format is its folder's `"type"`).
// `esModuleInterop`, as `tsc --init` writes it (on by default from TypeScript 6): zod's CommonJS declarations need it.
const strict = { target: 'es2022', lib: ['es2023', 'dom'], strict: true, esModuleInterop: true, skipLibCheck: false, noEmit: true, types: [] };
const esmFiles = ['esm/consumer.ts', 'esm/sandbox-consumer.ts'];
const cjsFiles = ['cjs/consumer.ts', 'cjs/consumer.cts'];
const setups = {
  nodenext: { options: { module: 'nodenext' }, files: [...esmFiles, ...cjsFiles] },
  node16: { options: { module: 'node16' }, files: [...esmFiles, ...cjsFiles], only: ['ts6', 'ts7'] },
  bundler: { options: { module: 'preserve', moduleResolution: 'bundler' }, files: esmFiles },
  // node10 on 5.9 and 6.0 (6.0 deprecates it: `ignoreDeprecations: '6.0'`, an error on 5.9); 7 removed it.
  node10: { options: { module: 'commonjs', moduleResolution: 'node10' }, files: ['cjs/consumer.ts'], only: ['ts5', 'ts6'] },
};
/** name → [command, args], run two at a time. */
const checks = {};
for (const name of Object.keys(typescripts)) {
  for (const [setup, { options, files, only = [name] }] of Object.entries(setups)) {
    if (!only.includes(name)) continue;
    const config = `tsconfig.${name}.${setup}.json`;
    const deprecated = name === 'ts6' && setup === 'node10' ? { ignoreDeprecations: '6.0' } : {};
    writeFileSync(join(project, config), JSON.stringify({ compilerOptions: { ...strict, ...options, ...deprecated }, files }));
    checks[`${name} ${setup}`] = [process.execPath, [tscOf(name), '-p', config]];
  }
}

// The guide's CommonJS project: its tsconfig and its test, type-checked by each TypeScript, then compiled by 7.
const guide = commonjsGuide();
const guided = join(project, 'cjs-guide');
mkdirSync(guided);
writeFileSync(join(guided, 'package.json'), JSON.stringify({ name: 'tessera-consumer-cjs-guide', private: true }));
writeFileSync(join(guided, 'tsconfig.json'), guide.tsconfig);
writeFileSync(join(guided, 'sandbox.test.ts'), guide.test);
for (const name of ['ts5', 'ts6']) checks[`${name} the guide's CommonJS tsconfig`] = [process.execPath, [tscOf(name), '-p', 'cjs-guide/tsconfig.json', '--noEmit']];
const failed = await runConcurrently(project, checks, 2);
const compile = "ts7 the guide's CommonJS tsconfig, compiled";
failed.push(...(await runConcurrently(project, { [compile]: [process.execPath, [tscOf('ts7'), '-p', 'cjs-guide/tsconfig.json']] }, 1)));

if (!failed.includes(compile)) {
  const outDir = join(guided, JSON.parse(guide.tsconfig).compilerOptions.outDir);
  const compiled = readdirSync(outDir).filter((file) => file.endsWith('.js')).map((file) => join(outDir, file));
  const code = compiled.map((file) => readFileSync(file, 'utf8')).join('\n');
  // CommonJS as the guide says: the server required, the sandbox imported at run time.
  for (const pattern of [/require\(["']@tessera\/server["']\)/, /import\(["']@tessera\/sandbox["']\)/]) {
    if (pattern.test(code)) continue;
    failed.push(`the compiled guide test matches ${pattern}`);
    console.error(`the compiled guide test does not match ${pattern}:\n${code}`);
  }
  // On Node 22 (the sandbox's floor is 22.12), and on this Node when it is 22.12 or later (24 under pnpm).
  const runs = { "the guide's CommonJS test on Node 22": ['npx', ['-y', 'node@22', '--test', ...compiled]] };
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 12)) runs[`the guide's CommonJS test on Node ${process.versions.node}`] = [process.execPath, ['--test', ...compiled]];
  failed.push(...(await runConcurrently(guided, runs, 2)));
}
if (failed.length > 0) {
  console.error(`consumer types failed for ${failed.join(', ')} (project left in ${project})`);
  process.exit(1);
}
rmSync(project, { recursive: true, force: true });
console.log(`consumer types passed in ${Math.round((Date.now() - started) / 1000)} s`);
