#!/usr/bin/env node
// Exports a starter (examples/<name>) to a folder of its own, as a user who copies it gets it:
//
//   node scripts/export-starter.mjs <name> <dest> [--tarballs <dir>]
//
// Its `workspace:*` dependencies become the versions being released, or, with --tarballs, `file:` links to the
// packed packages in <dir> (`pnpm pack` of each published package), also set as npm `overrides` so that the
// packages' own dependencies on each other use the tarballs and not the registry. Monorepo-only bits are dropped
// (the `lint` script, which runs the repo's eslint config; the `@tessera/source` export condition). It fails when
// the starter still points outside its folder (`../../`, the repo's shared configs, monorepo commands).
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = fileURLToPath(new URL('..', import.meta.url));
const usage = 'Usage: node scripts/export-starter.mjs <name> <dest> [--tarballs <dir>]';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { tarballs: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help || positionals.length !== 2) fail(usage, values.help ? 0 : 2);
const [name, destArg] = positionals;
const source = join(repo, 'examples', name);
const dest = resolve(destArg);
if (!existsSync(join(source, 'package.json'))) fail(`No starter examples/${name} (with a package.json).`);
if (existsSync(dest) && readdirSync(dest).length > 0) fail(`${dest} exists and is not empty.`);
if (!relative(repo, dest).startsWith('..')) fail(`${dest} is inside the repository: export outside it, or node_modules and configs above it leak in.`);

// What a copied starter never gets: installed or built files (Next's `.next` and its generated `next-env.d.ts`
// among them), local secrets, test output.
const skipped = new Set(['node_modules', 'dist', '.next', 'next-env.d.ts', '.turbo', 'test-artifacts', '.env', '.env.local', '.vitest', 'coverage']);
cpSync(source, dest, { recursive: true, filter: (path) => !skipped.has(basename(path)) && !path.endsWith('.tsbuildinfo') });

// The published packages of the repo: name → version and directory.
const published = new Map();
for (const dir of readdirSync(join(repo, 'packages'))) {
  const file = join(repo, 'packages', dir, 'package.json');
  if (!existsSync(file)) continue;
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  published.set(manifest.name, { version: manifest.version, private: manifest.private === true });
}

// `pnpm pack` names a tarball after the package: @tessera/server@0.1.0 → tessera-server-0.1.0.tgz.
const tarballs = values.tarballs ? resolve(values.tarballs) : undefined;
function tarballOf(packageName, version) {
  const file = join(tarballs, `${packageName.replace(/^@/, '').replace('/', '-')}-${version}.tgz`);
  if (!existsSync(file)) fail(`No tarball ${file} for ${packageName}: pack the packages first (pnpm pack --pack-destination ${tarballs}).`);
  return `file:${file}`;
}
function releasedSpec(packageName) {
  const target = published.get(packageName);
  if (!target) fail(`${name} depends on ${packageName} from the workspace, which is not a package under packages/: a starter must not.`);
  if (target.private) fail(`${name} depends on the private package ${packageName}: a starter can only use published packages.`);
  return tarballs ? tarballOf(packageName, target.version) : `^${target.version}`;
}

const manifestFile = join(dest, 'package.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
  for (const [dependency, spec] of Object.entries(manifest[field] ?? {})) {
    if (String(spec).startsWith('workspace:')) manifest[field][dependency] = releasedSpec(dependency);
  }
}
if (tarballs) {
  const overrides = {};
  for (const [packageName, { version, private: isPrivate }] of published) if (!isPrivate) overrides[packageName] = tarballOf(packageName, version);
  manifest.overrides = { ...manifest.overrides, ...overrides };
}
if (manifest.scripts) delete manifest.scripts.lint;
(function dropSourceCondition(node) {
  if (typeof node !== 'object' || node === null) return;
  delete node['@tessera/source'];
  for (const value of Object.values(node)) dropSourceCondition(value);
})(manifest.exports);
writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);

// A starter that reaches outside its folder does not work once copied: refuse to export it.
const outside = [
  [/\.\.\/\.\.\//, 'a path above the starter (../../)'],
  [/workspace:/, 'a workspace: dependency'],
  [/tsconfig\.base|vitest\.shared/, "one of the repo's shared configs"],
  [/pnpm[^\n]*--filter|demo --open/, 'a monorepo-only command'],
];
const problems = [];
(function scan(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      scan(path);
      continue;
    }
    if (!/\.(?:[cm]?[jt]sx?|json|md|html|css|example)$/.test(entry)) continue;
    const text = readFileSync(path, 'utf8');
    for (const [pattern, what] of outside) if (pattern.test(text)) problems.push(`${relative(dest, path)}: ${what}`);
  }
})(dest);
if (problems.length > 0) fail(`examples/${name} reaches outside its folder:\n  ${problems.join('\n  ')}`);

console.log(`exported examples/${name} to ${dest}${tarballs ? ` (@tessera/* from ${tarballs})` : ''}`);

function fail(message, code = 1) {
  (code === 0 ? console.log : console.error)(message);
  process.exit(code);
}
