// CI guard: the workspace packages depend on each other in one direction. pnpm (`--filter a... --filter b...`,
// ERR_PNPM_TASK_CYCLE) and turbo (`^build`) order their tasks by every dependency field, devDependencies and
// peerDependencies included, so one edge back (a package's tests importing a package that depends on it) makes a
// circle neither can order. Lists every edge between workspace packages (`--list` prints them), fails on a circle,
// and fails on an import of a workspace package from a package's `src/` or `test/` that its package.json does not
// declare: such an import resolves through the root's node_modules today and hides an edge the graph does not show.
// Madge (`check:circles`) checks circles between files; this checks them between packages.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];
const SCANNED = ['src', 'test'];
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;

/** The workspace's package folders, from pnpm-workspace.yaml's `packages:` globs (`dir/*` or a plain folder). */
function workspaceFolders() {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const block = /^packages:\n((?:[ \t]+-[^\n]*\n?)+)/m.exec(yaml);
  if (!block) throw new Error('pnpm-workspace.yaml has no `packages:` list: update scripts/check-package-cycles.mjs to read it');
  const globs = [...block[1].matchAll(/-\s*['"]?([^'"\n#]+?)['"]?\s*(?:#.*)?$/gm)].map((match) => match[1]);
  return globs.flatMap((glob) => {
    if (!glob.endsWith('/*')) return [glob];
    const parent = join(root, glob.slice(0, -2));
    return readdirSync(parent).map((name) => join(glob.slice(0, -2), name)).filter((folder) => statSync(join(root, folder)).isDirectory());
  });
}

const packages = new Map();
for (const folder of workspaceFolders()) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
  } catch {
    continue;
  }
  packages.set(manifest.name, { folder, manifest });
}

/** Every edge between workspace packages: `from` declares `to` in `field`. */
const edges = [];
for (const [name, { manifest }] of packages) {
  for (const field of FIELDS) {
    for (const dependency of Object.keys(manifest[field] ?? {})) {
      if (packages.has(dependency) && dependency !== name) edges.push({ from: name, to: dependency, field });
    }
  }
}

/** The files of a folder, recursively, without node_modules and build output. */
function sourceFiles(folder) {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const path = join(folder, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : SOURCE.test(entry.name) ? [path] : [];
  });
}

// `from '…'`, `import '…'`, `import('…')`, `require('…')`, `import.meta.resolve('…')`: the package part of the specifier.
const specifier = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\bresolve\s*\(\s*)['"]((?:@[\w.-]+\/)?[\w.-]+)(?:\/[^'"]*)?['"]/g;
const undeclared = [];
for (const [name, { folder, manifest }] of packages) {
  const declared = new Set(FIELDS.flatMap((field) => Object.keys(manifest[field] ?? {})));
  for (const file of SCANNED.flatMap((sub) => sourceFiles(join(root, folder, sub)))) {
    const text = readFileSync(file, 'utf8');
    for (const [, imported] of text.matchAll(specifier)) {
      if (imported !== name && packages.has(imported) && !declared.has(imported)) undeclared.push({ name, file: relative(root, file), imported });
    }
  }
}

/** Each circle once, as the list of its edges, found by a depth-first walk from every package. */
function circles() {
  const found = new Map();
  const outgoing = (name) => edges.filter((edge) => edge.from === name);
  const walk = (path) => {
    for (const edge of outgoing(path.at(-1).to)) {
      const start = path.findIndex((step) => step.from === edge.to);
      if (start !== -1) {
        const circle = [...path.slice(start), edge];
        const key = circle.map((step) => step.from).sort().join(' ');
        if (!found.has(key)) found.set(key, circle);
      } else if (!path.some((step) => step.to === edge.to)) walk([...path, edge]);
    }
  };
  for (const edge of edges) walk([edge]);
  return [...found.values()];
}

const describe = (edge) => `${edge.from} -(${edge.field})-> ${edge.to}`;
if (process.argv.includes('--list')) for (const edge of edges) console.log(describe(edge));

let failed = false;
for (const circle of circles()) {
  failed = true;
  console.error(`✗ a dependency circle between workspace packages: ${circle.map(describe).join(', ')}.`);
}
if (failed) {
  console.error(
    '  pnpm and turbo cannot order their tasks around it. Remove one edge: move the code that needs the other package ' +
      'into a package that may depend on both, or give it what it needs from a package below both (e.g. @tessera/core).',
  );
}
for (const { name, file, imported } of undeclared) {
  failed = true;
  console.error(`✗ ${file} imports ${imported}, which ${name}'s package.json does not declare: declare it (if that makes no circle) or import it from nowhere in ${name}`);
}
if (!failed) console.log(`✓ ${packages.size} workspace packages, ${edges.length} dependency edges between them, no circle, no undeclared import of a workspace package`);
process.exitCode = failed ? 1 : 0;
