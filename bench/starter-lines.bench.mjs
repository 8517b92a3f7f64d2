// The merchant code of each starter (examples/*): non-blank, non-comment lines of its `src/` (.ts, .tsx), tests left
// out. The goals: the Next.js starter, with card fields, wallet buttons, every next action, webhooks and a refund
// route, in at most 120 lines; the store page paid from the browser alone in at most 60. Reported, not enforced: the figure moves with what a starter shows. Last line:
// BENCH_JSON {...}.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const examples = fileURLToPath(new URL('../examples/', import.meta.url));
const GOAL = { 'nextjs-checkout': 120, 'store-checkout': 60 };

/** Every .ts/.tsx file below `dir`, tests and declaration files left out. */
function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$|\.d\.ts$/.test(name) ? [path] : [];
  });
}

// Lines that are code: not blank, and not a comment line (one opening with a line comment, a block comment's start,
// middle or end, or a JSX comment alone on its line).
function codeLines(text) {
  return text.split('\n').filter((line) => {
    const trimmed = line.trim();
    return trimmed !== '' && !/^(\/\/|\/\*|\*|\{\/\*.*\*\/\}$)/.test(trimmed);
  }).length;
}

const results = {};
for (const name of readdirSync(examples).sort()) {
  const src = join(examples, name, 'src');
  let files;
  try {
    files = sources(src);
  } catch {
    continue;
  }
  const lines = files.reduce((sum, file) => sum + codeLines(readFileSync(file, 'utf8')), 0);
  const goal = GOAL[name];
  results[name] = { lines, files: files.length, goal: goal ?? null, met: goal === undefined ? null : lines <= goal };
  console.log(`starter ${name}: ${lines} lines of merchant code in ${files.length} files${goal === undefined ? '' : ` (goal ${goal}: ${lines <= goal ? 'met' : 'not met'})`}`);
}
console.log(`BENCH_JSON ${JSON.stringify({ name: 'starter-lines', unit: 'lines', results })}`);
