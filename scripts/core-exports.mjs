// Regenerates core's export lists of the resource modules (`packages/core/src/resources/*.ts`), between marker
// comments, from what those modules export. `--check` writes nothing and exits 1 when a list differs from what it
// would write, or when a resource module's catalog entries are not composed into the catalog (CI).
//
//   // <generated:resource-schemas>  in src/schemas.ts (`@tessera/core/schemas`): every value a resource module exports
//   // <generated:resource-types>    in src/index.ts (`@tessera/core`): every type a resource module exports
//
// except what its TSDoc tags `@internal`: the wrapper and building-block schemas the sibling packages use (exported by
// hand from src/internal.ts) and each module's catalog entries (`paymentOperations`, composed into `operations` by
// src/catalog/operations.ts). The exports are read with the TypeScript compiler's parser, not from the built packages,
// so this runs before the build. Usage: node scripts/core-exports.mjs [--check]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportLine, replaceRegion } from './lib/generated-exports.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ts = createRequire(import.meta.url)('typescript');
const check = process.argv.includes('--check');
const core = join(root, 'packages/core/src');
const resources = join(core, 'resources');

/** Names a declaration statement exports (`export const a = …, b = …`, `export function f`, `export type T`, …). */
function declaredNames(statement) {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.map((declaration) => declaration.name.getText());
  return statement.name ? [statement.name.getText()] : [];
}

const isExported = (statement) => statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) ?? false;
const isInternal = (statement) => ts.getJSDocTags(statement).some((tag) => tag.tagName.text === 'internal');
const isTypeOnly = (statement) => ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement);

/** Each resource module (file name order) with the values and types it exports, and which of them are `@internal`. */
function resourceModules() {
  return readdirSync(resources)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort()
    .map((name) => {
      const file = join(resources, name);
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const module = { name, specifier: `./resources/${name.replace(/\.ts$/, '.js')}`, values: [], types: [], catalogMaps: [] };
      for (const statement of source.statements) {
        if (ts.isExportDeclaration(statement) || ts.isExportAssignment(statement)) {
          throw new Error(`${relative(root, file)}: re-exports are not read; declare each export in its own statement (\`export const …\`)`);
        }
        if (!isExported(statement)) continue;
        const names = declaredNames(statement);
        if (names.some((exported) => exported.endsWith('Operations'))) module.catalogMaps.push(...names);
        if (isInternal(statement)) continue;
        (isTypeOnly(statement) ? module.types : module.values).push(...names);
      }
      const untagged = module.catalogMaps.filter((map) => module.values.includes(map));
      if (untagged.length > 0) throw new Error(`${relative(root, file)}: tag ${untagged.join(', ')} \`@internal\` in its TSDoc: catalog entries are not public schemas`);
      return module;
    });
}

/** The statements of a region: one per module that exports something of the kind. */
const regionBody = (modules, kind, keyword) =>
  modules
    .filter((module) => module[kind].length > 0)
    .map((module) => exportLine(keyword, module[kind], module.specifier))
    .join('\n');

const modules = resourceModules();
const targets = [
  { file: join(core, 'schemas.ts'), region: 'resource-schemas', body: regionBody(modules, 'values', 'export') },
  { file: join(core, 'index.ts'), region: 'resource-types', body: regionBody(modules, 'types', 'export type') },
];

let drifted = 0;
for (const { file, region, body } of targets) {
  const text = readFileSync(file, 'utf8');
  const rewritten = replaceRegion(text, region, body, file);
  if (rewritten === text) continue;
  drifted++;
  if (check) console.error(`${relative(root, file)}: its generated exports (${region}) differ from the resource modules; run node scripts/core-exports.mjs`);
  else writeFileSync(file, rewritten), console.log(`${relative(root, file)}: ${region} regenerated`);
}

// Each module's catalog entries must reach the catalog: a map that operations.ts does not spread is an operation
// the client cannot send and the sandbox does not serve.
const catalogFile = join(core, 'catalog/operations.ts');
const catalog = readFileSync(catalogFile, 'utf8');
let uncomposed = 0;
for (const module of modules) {
  for (const map of module.catalogMaps) {
    if (new RegExp(`^\\s*\\.\\.\\.${map}\\(\\),$`, 'm').test(catalog)) continue;
    uncomposed++;
    console.error(`${relative(root, catalogFile)}: spread ${map}() (resources/${module.name}) into \`operations\`, and import it`);
  }
}
if (uncomposed > 0 || (check && drifted > 0)) process.exit(1);
if (check) console.log('core export lists match the resource modules');
