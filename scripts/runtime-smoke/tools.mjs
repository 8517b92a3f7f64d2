// What the runtime smoke and the bundler check share: the tools they need from the npm registry, installed once in
// a folder outside the repo, and throwaway projects that install the packed @tessera packages as a user would.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Runtimes and bundlers, pinned. Bun and Deno come from their npm packages (a platform binary each). */
export const toolVersions = {
  bun: '1.4.5',
  deno: '2.9.6',
  wrangler: '4.164.0',
  webpack: '5.112.2',
  'webpack-cli': '7.3.1',
  esbuild: '0.28.2',
  vite: '8.3.8',
};

const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];

/** Installs the pinned tools into `$TESSERA_TOOLS_DIR` (default a folder in the temp dir) once; returns its path. */
export function ensureTools() {
  const dir = process.env.TESSERA_TOOLS_DIR ?? join(tmpdir(), 'tessera-ci-tools');
  const stamp = join(dir, `.installed-${Object.values(toolVersions).join('-')}`);
  if (existsSync(stamp)) return dir;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'tessera-ci-tools', private: true }));
  const specs = Object.entries(toolVersions).map(([name, version]) => `${name}@${version}`);
  execFileSync('npm', ['install', ...quiet, ...specs], { cwd: dir, stdio: 'inherit' });
  writeFileSync(stamp, '');
  return dir;
}

/** `node_modules/.bin/<name>` of the tools folder. */
export const toolBin = (toolsDir, name) => join(toolsDir, 'node_modules', '.bin', name);

/** Packs the named workspace packages (`core`, `tokenizer`, …) into `dir` with pnpm; returns name → tarball path. */
export function packPackages(names, dir) {
  /** @type {Record<string, string>} */
  const tarballs = {};
  for (const name of names) {
    const before = new Set(readdirSync(dir));
    execFileSync('npx', ['-y', 'pnpm@12', 'pack', '--pack-destination', dir], { cwd: join(repoRoot, 'packages', name), stdio: ['ignore', 'ignore', 'inherit'] });
    const tarball = readdirSync(dir).find((file) => file.endsWith('.tgz') && !before.has(file));
    if (!tarball) throw new Error(`pnpm pack wrote no tarball for ${name}`);
    tarballs[`@tessera/${name}`] = join(dir, tarball);
  }
  return tarballs;
}

/**
 * A new folder outside the repo with a package.json depending on the given tarballs (and registry packages), then
 * `npm install`. `overrides` points every @tessera dependency at its tarball, so nothing comes from the registry.
 */
export function makeProject(prefix, tarballs, registryDependencies = {}) {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const local = Object.fromEntries(Object.entries(tarballs).map(([name, path]) => [name, `file:${path}`]));
  const manifest = { name: prefix, private: true, type: 'module', dependencies: { ...local, ...registryDependencies }, overrides: local };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  execFileSync('npm', ['install', ...quiet], { cwd: dir, stdio: 'inherit' });
  return dir;
}

/**
 * Runs each named check (`[command, args]`) in `cwd`, one after the other, and prints `<name>: <passed(ms)>` or
 * `<name>: FAILED` with the command's output; returns the names of the checks that failed.
 */
export function runChecks(cwd, checks, passed, env = process.env) {
  const failed = [];
  for (const [name, [command, args]] of Object.entries(checks)) {
    const begin = Date.now();
    try {
      execFileSync(command, args, { cwd, encoding: 'utf8', timeout: 120_000, env, stdio: ['ignore', 'pipe', 'pipe'] });
      console.log(`${name}: ${passed(Date.now() - begin)}`);
    } catch (error) {
      failed.push(name);
      console.error(`${name}: FAILED\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    }
  }
  return failed;
}
