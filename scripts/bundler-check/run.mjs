// The bundler check (CI): installs the packed @tessera/tokenizer (and core) in a folder outside the repo with no
// optional peer, then bundles entry.mjs with esbuild, vite, webpack and wrangler. Each must succeed.
// Run it on Node 22.12+ (`pnpm exec node scripts/bundler-check/run.mjs`), after the build.
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { ensureTools, makeProject, packPackages, runChecks, toolBin } from '../runtime-smoke/tools.mjs';

process.env.PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;
const started = Date.now();
const tools = ensureTools();
const packs = mkdtempSync(join(tmpdir(), 'tessera-packs-'));
const project = makeProject('tessera-bundler-check', packPackages(['core', 'tokenizer'], packs));
for (const peer of ['@basis-theory/web-threeds', 'react']) {
  if (existsSync(join(project, 'node_modules', peer))) throw new Error(`${peer} is installed: the check needs it absent`);
}
cpSync(join(import.meta.dirname, 'entry.mjs'), join(project, 'entry.mjs'));
writeFileSync(join(project, 'vite.config.mjs'), "export default { logLevel: 'warn', build: { outDir: 'out/vite', lib: { entry: 'entry.mjs', formats: ['es'], fileName: 'entry' } } };\n");
writeFileSync(join(project, 'wrangler.json'), JSON.stringify({ name: 'tessera-bundler-check', main: 'entry.mjs', compatibility_date: '2026-11-01' }));

const bundlers = {
  esbuild: [toolBin(tools, 'esbuild'), ['entry.mjs', '--bundle', '--format=esm', '--platform=browser', '--log-level=warning', '--outfile=out/esbuild.js']],
  vite: [toolBin(tools, 'vite'), ['build', '--config', 'vite.config.mjs']],
  webpack: [toolBin(tools, 'webpack'), ['--entry', './entry.mjs', '--mode', 'production', '--no-stats', '--output-path', 'out/webpack']],
  wrangler: [toolBin(tools, 'wrangler'), ['deploy', '--dry-run', '--outdir', 'out/wrangler']],
};
const noMetrics = { ...process.env, WRANGLER_SEND_METRICS: 'false' };
const failed = runChecks(project, bundlers, (ms) => `bundled createTokenizer and createThreeDS with no optional peer installed (${ms} ms)`, noMetrics);
if (failed.length > 0) {
  console.error(`bundler check failed for ${failed.join(', ')} (project left in ${project})`);
  process.exit(1);
}
for (const dir of [project, packs]) rmSync(dir, { recursive: true, force: true });
console.log(`bundler check passed in ${Math.round((Date.now() - started) / 1000)} s`);
