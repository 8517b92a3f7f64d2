// Regenerates the tables of the READMEs that are derived from code, between marker comments, from the built packages
// (run after the build). `--check` writes nothing and exits 1 when a README differs from what it would write (CI).
//
// A README opts in by holding a pair of markers; whatever lies between them is replaced:
//   <!-- generated:operations -->            <!-- /generated:operations -->
//     every operation of core's catalog (`operations` of the built `@tessera/core/internal`): its name, HTTP request,
//     auth and how its answer is read. With `client=<package>` (`<!-- generated:operations client=@tessera/server -->`)
//     a column names the client method that sends it (`tessera.payments.retrieve`), read from the built client.
//   <!-- generated:exports -->               <!-- /generated:exports -->
//     the runtime names of the README's package's root (the keys of its built entry) and the types its `.d.ts`
//     exports. With `entry=<subpath>` (`entry=./internal`) another entry of the same package.
// The package is the one whose package.json sits beside the README. Usage: node scripts/readme-tables.mjs [--check]
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');

/** Every README of the repository that may hold markers: the root's, the packages' and the starters'. */
function readmes() {
  const found = [join(root, 'README.md')];
  for (const dir of ['packages', 'examples']) {
    for (const name of readdirSync(join(root, dir)).sort()) {
      const file = join(root, dir, name, 'README.md');
      if (existsSync(file)) found.push(file);
    }
  }
  return found;
}

const markers = /<!-- generated:(\w+)((?:\s+[\w-]+=[^\s>]+)*)\s*-->\n[\s\S]*?<!-- \/generated:\1 -->/g;

/** `key=value` options of a marker. */
const optionsOf = (text) => Object.fromEntries([...text.matchAll(/([\w-]+)=([^\s>]+)/g)].map(([, key, value]) => [key, value]));

const cell = (text) => String(text).replace(/\|/g, '\\|');

/** The built entry `subpath` of the package in `packageDir`: its module and the path of its ESM declarations. */
async function loadEntry(packageDir, subpath) {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const target = manifest.exports?.[subpath];
  if (target === undefined) throw new Error(`${manifest.name} has no export "${subpath}"`);
  const file = target.import?.default ?? target.default;
  const types = target.import?.types ?? target.types;
  const module = await import(pathToFileURL(join(packageDir, file)).href);
  return { name: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`, module, typesFile: types && join(packageDir, types) };
}

/** The names a declaration file exports (`export { A, type B, C as D }`, `export type { E }`, with or without `from`). */
function declaredNames(typesFile) {
  const names = new Set();
  for (const [, list] of readFileSync(typesFile, 'utf8').matchAll(/^export (?:type )?\{([^}]*)\}/gm)) {
    for (const item of list.split(',')) {
      const name = item.trim().replace(/^type\s+/, '').split(/\s+as\s+/).pop();
      if (name) names.add(name);
    }
  }
  return names;
}

const isErrorClass = (value) => typeof value === 'function' && value.prototype instanceof Error;

/** The exports table: the runtime names by kind, then the types. */
async function exportsTable(packageDir, options) {
  const { name, module, typesFile } = await loadEntry(packageDir, options.entry ?? '.');
  const keys = Object.keys(module).sort((a, b) => a.localeCompare(b, 'en'));
  const list = (names) => (names.length === 0 ? '—' : names.map((key) => `\`${key}\``).join(', '));
  const groups = [
    ['Default export', keys.filter((key) => key === 'default').map(() => module.default?.name ?? 'default')],
    ['Errors', keys.filter((key) => key !== 'default' && isErrorClass(module[key]))],
    ['Classes and functions', keys.filter((key) => key !== 'default' && typeof module[key] === 'function' && !isErrorClass(module[key]))],
    ['Constants', keys.filter((key) => key !== 'default' && typeof module[key] !== 'function')],
  ].filter(([, names]) => names.length > 0);
  const runtime = keys.length;
  const rows = groups.map(([kind, names]) => `| ${kind} (${names.length}) | ${list(names)} |`);
  if (typesFile && existsSync(typesFile)) {
    const types = [...declaredNames(typesFile)].filter((key) => !(key in module) && key !== 'default').sort((a, b) => a.localeCompare(b, 'en'));
    rows.push(`| Types (${types.length}) | ${list(types)} |`);
  }
  return [`\`${name}\`: ${runtime} runtime names.`, '', '| Kind | Names |', '|---|---|', ...rows].join('\n');
}

/** `tessera.<resource>.<method>` of each operation, read from the built client's resource methods. */
async function clientCalls(clientPackage) {
  const { Tessera } = await import(clientPackage);
  const client = new Tessera({ apiKey: 'sk_readme_tables', baseUrl: 'http://127.0.0.1:9' });
  const calls = new Map();
  for (const [property, resource] of Object.entries(client)) {
    if (typeof resource !== 'object' || resource === null) continue;
    const prototype = Object.getPrototypeOf(resource);
    for (const method of Object.getOwnPropertyNames(prototype)) {
      if (method === 'constructor' || typeof prototype[method] !== 'function') continue;
      for (const [, operation] of prototype[method].toString().matchAll(/this\.(?:call|paginate)\(\s*["'](\w+)["']/g)) {
        calls.set(operation, [...new Set([...(calls.get(operation) ?? []), `tessera.${property}.${method}`])]);
      }
    }
  }
  return calls;
}

/** The operations table: one row per operation of core's catalog, in the catalog's order. */
async function operationsTable(packageDir, options) {
  const { operations, API_PREFIX } = await import('@tessera/core/internal');
  const calls = options.client ? await clientCalls(options.client) : undefined;
  const header = calls ? '| Operation | Request | Auth | Answer | Client call |\n|---|---|---|---|---|' : '| Operation | Request | Auth | Answer |\n|---|---|---|---|';
  const rows = Object.entries(operations).map(([name, operation]) => {
    const cells = [`\`${name}\``, `\`${operation.method} ${operation.path}\`${operation.assumed ? ' (path assumed)' : ''}`, operation.auth ?? 'secret', operation.answer];
    if (calls) cells.push((calls.get(name) ?? ['—']).map((call) => (call === '—' ? call : `\`${call}\``)).join(', '));
    return `| ${cells.map(cell).join(' | ')} |`;
  });
  return [`${rows.length} operations, each below \`${API_PREFIX}\`.`, '', header, ...rows].join('\n');
}

const generators = { operations: operationsTable, exports: exportsTable };

let drifted = 0;
for (const file of readmes()) {
  const text = readFileSync(file, 'utf8');
  const packageDir = dirname(file);
  let rewritten = text;
  for (const match of [...text.matchAll(markers)]) {
    const [block, kind, optionText] = match;
    const generate = generators[kind];
    if (generate === undefined) throw new Error(`${relative(root, file)}: no generator for "generated:${kind}"`);
    const table = await generate(packageDir, optionsOf(optionText));
    rewritten = rewritten.replace(block, () => `<!-- generated:${kind}${optionText} -->\n${table}\n<!-- /generated:${kind} -->`);
  }
  if (rewritten === text) continue;
  drifted++;
  if (check) console.error(`${relative(root, file)}: its generated tables differ from the built packages; run node scripts/readme-tables.mjs`);
  else writeFileSync(file, rewritten), console.log(`${relative(root, file)}: tables regenerated`);
}
if (check && drifted > 0) process.exit(1);
if (check) console.log('README tables match the built packages');
