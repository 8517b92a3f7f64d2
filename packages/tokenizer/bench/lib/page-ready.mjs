// What the tokenizer's "time to ready" benchmarks share: the merchant page's script bundled as a merchant's bundler
// would, served with its HTML on 127.0.0.1 (another origin than the sandbox's), loaded `runs + 1` times in Chromium,
// each load waiting for the page to set `window.readyMs` (or `window.failed`). The first load (cold) is reported apart.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSandboxServer } from '@tessera/sandbox';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Loads the page `runs + 1` times and answers `{ coldMs, medianMs, p90Ms, runs }`. `contents` is the page's script
 * (it sets `window.readyMs`, or `window.failed`); `check(page state)` may throw on a load that went wrong.
 */
export async function measurePageReady({ contents, html, runs, check = () => undefined }) {
  const bundle = await build({
    stdin: { contents, resolveDir: packageDir, loader: 'js' },
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0].text;
  const page = createServer((request, response) => {
    const isScript = request.url === '/checkout.js';
    response.writeHead(200, { 'content-type': isScript ? 'text/javascript' : 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(isScript ? script : html);
  });
  await new Promise((resolve) => page.listen(0, '127.0.0.1', resolve));
  const pageUrl = `http://localhost:${page.address().port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const samples = [];
  try {
    const tab = await browser.newPage();
    for (let run = 0; run < runs + 1; run += 1) {
      await tab.goto(pageUrl);
      await tab.waitForFunction(() => window.readyMs !== undefined || window.failed !== undefined, undefined, { timeout: 15_000 });
      const state = await tab.evaluate(() => ({ readyMs: window.readyMs, shown: window.shown, failed: window.failed }));
      if (state.failed) throw new Error(`mount failed: ${state.failed}`);
      check(state);
      samples.push(state.readyMs);
    }
  } finally {
    await browser.close();
    page.close();
  }
  const [cold, ...warm] = samples;
  const sorted = [...warm].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const round = (ms) => Math.round(ms * 10) / 10;
  return { coldMs: round(cold), medianMs: round(at(0.5)), p90Ms: round(at(0.9)), runs: warm.length };
}

/**
 * Runs one "time to ready" benchmark from the command line (`--runs N`, default 15) against a sandbox server started
 * for it: `page(sandboxUrl)` gives the page (`contents`, `html`, `check`). Prints `label: cold …, then median …` and,
 * last, `BENCH_JSON` with `name`.
 */
export async function runPageReadyBench({ name, label, page }) {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
  const sandbox = await startSandboxServer({ port: 0 });
  let results;
  try {
    results = await measurePageReady({ ...page(sandbox.url), runs: Number(values.runs) });
  } finally {
    await sandbox.close();
  }
  console.log(`${label}: cold ${results.coldMs} ms, then median ${results.medianMs} ms, p90 ${results.p90Ms} ms over ${results.runs} page loads`);
  console.log(`BENCH_JSON ${JSON.stringify({ name, unit: 'ms', results })}`);
}
