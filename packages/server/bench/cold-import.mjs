// Cold import time of @tessera/server against stripe (a dev-only benchmark dependency), each in a fresh `node`
// process, interleaved and repeated; reports medians of the import itself (measured inside the child) and of the
// whole process (spawn to exit), and their ratios. Run after the build: node packages/server/bench/cold-import.mjs [runs]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const runs = Number(process.argv[2] ?? 15);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const subjects = {
  '@tessera/server': "const { Tessera } = await import('@tessera/server'); new Tessera({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1' });",
  stripe: "const { default: Stripe } = await import('stripe'); new Stripe('sk_test_x');",
};

function runOnce(code) {
  const script = `const start = performance.now(); ${code} process.stdout.write(String(performance.now() - start));`;
  const spawnStart = performance.now();
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: packageDir, encoding: 'utf8' });
  return { importMs: Number(output), processMs: performance.now() - spawnStart };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const samples = Object.fromEntries(Object.keys(subjects).map((name) => [name, { importMs: [], processMs: [] }]));
for (const name of Object.keys(subjects)) runOnce(subjects[name]); // warm the file-system cache
for (let run = 0; run < runs; run++) {
  const order = run % 2 === 0 ? Object.keys(subjects) : Object.keys(subjects).reverse();
  for (const name of order) {
    const sample = runOnce(subjects[name]);
    samples[name].importMs.push(sample.importMs);
    samples[name].processMs.push(sample.processMs);
  }
}

console.log(`node ${process.version}, ${runs} fresh processes each (ESM import + constructing a client)`);
const medians = {};
for (const [name, sample] of Object.entries(samples)) {
  medians[name] = { importMs: median(sample.importMs), processMs: median(sample.processMs) };
  console.log(`  ${name.padEnd(16)} import ${medians[name].importMs.toFixed(1)} ms   whole process ${medians[name].processMs.toFixed(1)} ms (medians)`);
}
const ours = medians['@tessera/server'];
const theirs = medians.stripe;
const importRatio = ours.importMs / theirs.importMs;
const processRatio = ours.processMs / theirs.processMs;
console.log(`  ratio server/stripe: import ${importRatio.toFixed(3)}x, whole process ${processRatio.toFixed(3)}x (target: below 1, faster than stripe)`);
console.log(
  `BENCH_JSON ${JSON.stringify({ name: 'server-cold-import', node: process.version, runs, server: ours, stripe: theirs, importRatio, processRatio, meetsTarget: importRatio < 1 })}`,
);
