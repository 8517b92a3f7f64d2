// The runtime smoke (CI): packs @tessera/core, server, tokenizer and sandbox, installs them with npm in a folder
// outside the repo, checks that their types compile there (node16, skipLibCheck off, ESM and CommonJS), starts the
// sandbox with its CLI on 127.0.0.1, and runs flow.mjs on Node 22, Node 24, Bun, Deno and workerd (`wrangler dev`).
// In workerd one request also goes through the merchant-server starter's Hono app.
// Run it on Node 22.12+ (`pnpm exec node scripts/runtime-smoke/run.mjs`), after the build.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
import { STAFF_TOKEN } from './staff-token.mjs';
import { ensureTools, makeProject, packPackages, repoRoot, toolBin } from './tools.mjs';

const STEP_TIMEOUT_MS = 120_000;
// Children (wrangler's `#!/usr/bin/env node`, npx) run on the Node that runs this script.
process.env.PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;

/** Resolves with the match once a child's output matches `pattern`; rejects when it exits first or after `ms`. */
function waitForOutput(child, pattern, ms) {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no ${pattern} after ${ms} ms: ${output}`)), ms);
    const onData = (chunk) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}: ${output}`));
    });
  });
}

/** A port free on loopback right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
const started = Date.now();
const tools = ensureTools();
const merchantManifest = JSON.parse(readFileSync(join(repoRoot, 'examples/merchant-server/package.json'), 'utf8'));
const sandboxManifest = JSON.parse(readFileSync(join(repoRoot, 'packages/sandbox/package.json'), 'utf8'));
const packs = mkdtempSync(join(tmpdir(), 'tessera-packs-'));
const tarballs = packPackages(['core', 'server', 'tokenizer', 'sandbox'], packs);
const project = makeProject('tessera-runtime-smoke', tarballs, {
  msw: sandboxManifest.peerDependencies.msw,
  hono: merchantManifest.dependencies.hono,
});
for (const file of ['flow.mjs', 'approve-challenge.mjs', 'main.mjs', 'worker.mjs', 'staff-token.mjs', 'types-esm.mts', 'types-cjs.cts']) cpSync(join(import.meta.dirname, file), join(project, file));
cpSync(join(repoRoot, 'examples/merchant-server/src'), join(project, 'merchant-server'), { recursive: true, filter: (source) => !source.endsWith('.test.ts') });
console.log(`runtime smoke: project installed in ${project} (${Math.round((Date.now() - started) / 1000)} s)`);

// The sandbox, as a user starts it.
const sandbox = spawn(process.execPath, [join(project, 'node_modules/@tessera/sandbox/dist/cli.js'), '--host', '127.0.0.1', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const sandboxOutput = await waitForOutput(sandbox, /listening on (http:\/\/127\.0\.0\.1:\d+)[\s\S]*Gateway store: (\S+)/, 30_000);
const [, sandboxUrl, storeId] = sandboxOutput;

/** Runs one command in the project and prints its output; throws on a non-zero exit or after the time limit. */
function run(label, command, args) {
  const begin = Date.now();
  const output = execFileSync(command, args, { cwd: project, encoding: 'utf8', timeout: STEP_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'inherit'] });
  console.log(`${label} (${Date.now() - begin} ms): ${output.trim()}`);
}

try {
  // The published types, as a strict user compiles them: node16 resolution, skipLibCheck off, ESM and CommonJS.
  const tsconfig = { compilerOptions: { module: 'node16', target: 'es2022', lib: ['es2023', 'dom'], strict: true, skipLibCheck: false, noEmit: true, types: [] }, files: ['types-esm.mts', 'types-cjs.cts'] };
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig));
  run('tsc (node16, skipLibCheck: false)', process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', '.']);

  const smoke = ['main.mjs', sandboxUrl, storeId];
  run('node 24', process.execPath, smoke);
  run('node 22', 'npx', ['-y', 'node@22', ...smoke]);
  run('bun', toolBin(tools, 'bun'), smoke);
  run('deno', toolBin(tools, 'deno'), ['run', '--quiet', '--allow-net=127.0.0.1', '--allow-env', '--allow-read', ...smoke]);

  // workerd: `wrangler dev` bundles the worker (no nodejs_compat flag: the packages and the Hono app need none) and
  // serves it on loopback.
  writeFileSync(join(project, 'wrangler.json'), JSON.stringify({ name: 'tessera-runtime-smoke', main: 'worker.mjs', compatibility_date: '2026-11-01' }));
  const port = await freePort();
  const wrangler = spawn(toolBin(tools, 'wrangler'), ['dev', '--ip', '127.0.0.1', '--port', String(port), '--show-interactive-dev-session=false'], {
    cwd: project,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    await waitForOutput(wrangler, /Ready on http:\/\/127\.0\.0\.1/, STEP_TIMEOUT_MS);
    const worker = `http://127.0.0.1:${port}`;
    const query = `sandbox=${encodeURIComponent(sandboxUrl)}&store=${encodeURIComponent(storeId)}`;
    const begin = Date.now();
    const smoke = await (await fetch(`${worker}/smoke?${query}`, { signal: AbortSignal.timeout(STEP_TIMEOUT_MS) })).json();
    if (!smoke.ok) throw new Error(`workerd: ${smoke.error}`);
    console.log(`workerd (${Date.now() - begin} ms): ${smoke.steps.length} steps passed (${smoke.steps.join('; ')})`);
    const config = await fetch(`${worker}/api/config?${query}`, { signal: AbortSignal.timeout(STEP_TIMEOUT_MS) });
    const missing = await fetch(`${worker}/api/payments/pay_missing?${query}`, { headers: { authorization: `Bearer ${STAFF_TOKEN}` }, signal: AbortSignal.timeout(STEP_TIMEOUT_MS) });
    const body = await missing.json();
    if (config.status !== 200 || missing.status !== 404 || body?.error?.code !== 'PAYMENT_NOT_FOUND') {
      throw new Error(`workerd: the merchant-server app answered ${config.status} and ${missing.status} ${JSON.stringify(body)}`);
    }
    console.log('workerd: the merchant-server Hono app served GET /api/config (200) and GET /api/payments/pay_missing (404 PAYMENT_NOT_FOUND, the published code) from the sandbox');
  } finally {
    wrangler.kill('SIGTERM');
  }
} finally {
  sandbox.kill('SIGTERM');
}
// Kept on a failure, for a look at what was installed.
for (const dir of [project, packs]) rmSync(dir, { recursive: true, force: true });
console.log(`runtime smoke passed in ${Math.round((Date.now() - started) / 1000)} s`);
