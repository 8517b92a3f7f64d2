// Regenerates the server root's list of the types its public methods take and return (`packages/server/src/index.ts`,
// between `// <generated:method-types>` markers), so a merchant types a wrapper of any method from `@tessera/server`
// alone. `--check` writes nothing and exits 1 when the list differs from what it would write (CI).
//
// The types are read with the TypeScript compiler from the sources: every method of the client (`Tessera`) and of
// each resource it holds, each parameter's declared type and the return type, unwrapped through unions, arrays,
// `Promise`, `PagePromise` and other type arguments, down to the named types declared in core's or the server's
// sources. Those the hand-written exports of the root already name are left to them; the rest are generated, core's
// from `@tessera/core` (where each must be exported) and the server's from their module.
//
// Usage: node scripts/server-exports.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { byName, exportLine, regionText, replaceRegion } from './lib/generated-exports.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ts = createRequire(import.meta.url)('typescript');
const check = process.argv.includes('--check');
const serverSrc = join(root, 'packages/server/src');
const coreSrc = join(root, 'packages/core/src');
const indexFile = join(serverSrc, 'index.ts');
const REGION = 'method-types';

const config = ts.getParsedCommandLineOfConfigFile(join(root, 'packages/server/tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => { throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')); } });
const program = ts.createProgram({ rootNames: [indexFile, join(coreSrc, 'index.ts')], options: config.options });
const checker = program.getTypeChecker();

const resolved = (symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
const exportsOf = (file) => new Map(checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file))).map((symbol) => [symbol.name, resolved(symbol)]));
const rootExports = exportsOf(indexFile);
const coreExports = exportsOf(join(coreSrc, 'index.ts'));

/** The source file a named type is declared in, when it is core's or the server's (not TypeScript's lib or a dependency's). */
function ownDeclaration(symbol) {
  const file = symbol?.declarations?.[0]?.getSourceFile().fileName;
  return file !== undefined && (file.startsWith(serverSrc) || file.startsWith(coreSrc)) && !file.endsWith('.test.ts') ? file : undefined;
}

/** Every named type of core or the server that a type written in the source (`node`) names, type arguments included. */
function namedTypes(node, found) {
  if (ts.isTypeReferenceNode(node) || ts.isExpressionWithTypeArguments(node)) {
    const symbol = checker.getSymbolAtLocation(ts.isTypeReferenceNode(node) ? node.typeName : node.expression);
    const named = symbol && resolved(symbol);
    if (named && named.flags & (ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Interface | ts.SymbolFlags.Class | ts.SymbolFlags.Enum) && ownDeclaration(named)) found.add(named);
  }
  ts.forEachChild(node, (child) => namedTypes(child, found));
}

const isPublic = (declaration) => !(ts.getCombinedModifierFlags(declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) && !declaration.name?.getText().startsWith('#');

/** The named types every public method of a class (and of the classes it extends) takes or returns, as its source writes them. */
function methodTypes(classSymbol, found) {
  for (const declaration of classSymbol.declarations ?? []) {
    if (!ts.isClassDeclaration(declaration)) continue;
    for (const member of declaration.members) {
      if (!isPublic(member) || ts.isConstructorDeclaration(member)) continue;
      const signature = ts.isMethodDeclaration(member) ? member : ts.isPropertyDeclaration(member) && member.initializer && ts.isArrowFunction(member.initializer) ? member.initializer : undefined;
      if (!signature) continue;
      for (const parameter of signature.parameters) if (parameter.type) namedTypes(parameter.type, found);
      if (signature.type) namedTypes(signature.type, found);
      else problems.push(`${relative(root, declaration.getSourceFile().fileName)}: ${member.name.getText()} has no declared return type`);
    }
    for (const clause of declaration.heritageClauses ?? []) {
      for (const base of clause.types) {
        const symbol = checker.getSymbolAtLocation(base.expression);
        if (symbol) methodTypes(resolved(symbol), found);
      }
    }
  }
}

const problems = [];
const found = new Set();
const tessera = rootExports.get('Tessera');
methodTypes(tessera, found);
// Each resource the client holds: a public property whose declared type is a class of the server's resources.
for (const member of tessera.valueDeclaration.members) {
  if (!ts.isPropertyDeclaration(member) || !isPublic(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
  const symbol = resolved(checker.getSymbolAtLocation(member.type.typeName));
  if (ownDeclaration(symbol)?.startsWith(join(serverSrc, 'resources'))) methodTypes(symbol, found);
}
for (const symbol of [...found]) if (symbol.flags & ts.SymbolFlags.Class && ownDeclaration(symbol).startsWith(join(serverSrc, 'resources'))) methodTypes(symbol, found);

// What the hand-written part of the root exports (the generated region left out), by name.
const text = readFileSync(indexFile, 'utf8');
const generatedNames = new Set([...(regionText(text, REGION, indexFile).matchAll(/export type \{ ([^}]*) \}/g))].flatMap((match) => match[1].split(',').map((name) => name.trim())));
const handExported = (symbol) => rootExports.get(symbol.name) === symbol && !generatedNames.has(symbol.name);

const bySpecifier = new Map();
for (const symbol of found) {
  if (handExported(symbol)) continue;
  const file = ownDeclaration(symbol);
  let specifier;
  if (file.startsWith(coreSrc)) {
    if (coreExports.get(symbol.name) !== symbol) problems.push(`${symbol.name} (${relative(root, file)}) is taken or returned by a server method but not exported from @tessera/core: export it there`);
    specifier = '@tessera/core';
  } else {
    specifier = `./${relative(serverSrc, file).replace(/\.ts$/, '.js')}`;
  }
  if (!bySpecifier.has(specifier)) bySpecifier.set(specifier, new Set());
  bySpecifier.get(specifier).add(symbol.name);
}
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}

const body = [...bySpecifier]
  .sort(([a], [b]) => byName(a, b))
  .map(([specifier, names]) => exportLine('export type', names, specifier))
  .join('\n');
const rewritten = replaceRegion(text, REGION, body, indexFile);
if (rewritten === text) {
  console.log(`server root exports every type its methods take or return (${found.size} types)`);
} else if (check) {
  console.error(`${relative(root, indexFile)}: its generated exports (${REGION}) differ from the types the methods take and return; run node scripts/server-exports.mjs`);
  process.exit(1);
} else {
  writeFileSync(indexFile, rewritten);
  console.log(`${relative(root, indexFile)}: ${REGION} regenerated (${found.size} types reachable, ${[...bySpecifier.values()].reduce((sum, names) => sum + names.size, 0)} generated)`);
}
