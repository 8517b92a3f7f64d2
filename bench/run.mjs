// `pnpm bench`: runs every benchmark script (packages/*/bench/*.mjs, bench/*.bench.mjs) one after another in
// fresh Node processes against the built packages, prints their output, then a summary table, and writes all
// figures to bench/results.json. Each script ends its output with one line `BENCH_JSON {...}`; a script that
// exits non-zero (a budget passed) makes the whole run fail after the others have run.
import { spawn } from 'node:child_process';
import { readdirSync, existsSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

const root = fileURLToPath(new URL('..', import.meta.url));
const filter = process.argv.slice(2);

function scripts() {
  const found = [];
  for (const dir of ['packages']) {
    for (const name of readdirSync(join(root, dir)).sort()) {
      const benchDir = join(root, dir, name, 'bench');
      if (!existsSync(benchDir)) continue;
      for (const file of readdirSync(benchDir).sort()) if (file.endsWith('.mjs')) found.push(join(benchDir, file));
    }
  }
  for (const file of readdirSync(join(root, 'bench')).sort()) if (file.endsWith('.bench.mjs')) found.push(join(root, 'bench', file));
  return found.filter((file) => filter.length === 0 || filter.some((f) => file.includes(f)));
}

function run(file) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--expose-gc', file], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      const text = chunk.toString();
      output += text;
      process.stdout.write(text.split('\n').filter((line) => !line.startsWith('BENCH_JSON ')).join('\n'));
    });
    child.on('close', (code) => {
      const line = output.split('\n').reverse().find((l) => l.startsWith('BENCH_JSON '));
      let figures;
      try {
        figures = line ? JSON.parse(line.slice('BENCH_JSON '.length)) : undefined;
      } catch {
        figures = undefined;
      }
      resolve({ file: relative(root, file), code, seconds: (Date.now() - started) / 1000, figures });
    });
  });
}

const results = [];
for (const file of scripts()) {
  console.log(`\n── ${relative(root, file)}`);
  results.push(await run(file));
}

const flat = (value, prefix = '') =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.entries(value).flatMap(([key, inner]) => flat(inner, prefix ? `${prefix}.${key}` : key))
    : [[prefix, value]];

console.log('\n══ Summary');
for (const result of results) {
  console.log(`${result.code === 0 ? 'ok  ' : 'FAIL'} ${result.file} (${result.seconds.toFixed(1)} s)`);
  for (const [key, value] of flat(result.figures ?? {})) console.log(`       ${key.padEnd(48)} ${typeof value === 'number' ? +value.toFixed(3) : JSON.stringify(value)}`);
}

const report = {
  generatedAt: new Date().toISOString(),
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${process.platform}-${process.arch}` },
  results: Object.fromEntries(results.map((r) => [r.file, { exitCode: r.code, seconds: r.seconds, ...(r.figures ?? {}) }])),
};
writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nwrote bench/results.json`);
process.exitCode = results.every((r) => r.code === 0) ? 0 : 1;
