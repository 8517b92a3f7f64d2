// Every ```ts / ```tsx snippet of the package READMEs and of the guides (docs/guides/*.md, the documentation site's
// pages), written out as a module of its own and type-checked as written
// against the workspace packages (strict, the repo's tsconfig): a snippet that uses a name it does not declare, or an
// API that does not exist, fails. `node scripts/readme-snippets.mjs` (the test `readme-snippets.test.ts` runs it).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const guides = readdirSync(join(root, 'docs/guides')).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/guides/${name}`);
const readmes = ['packages/core/README.md', 'packages/server/README.md', 'packages/tokenizer/README.md', 'packages/sandbox/README.md', ...guides];
const out = join(root, '.readme-snippets');
// React and its types are the tokenizer's dev dependencies (React is its optional peer): the React snippets use them.
const tokenizerModules = join(root, 'packages/tokenizer/node_modules');

/** The snippets of a README: `{ file, line, lang, code, heading }`, `heading` the title of the section they are in. */
export function snippets(readme) {
  const text = readFileSync(join(root, readme), 'utf8');
  const found = [];
  const fence = /^```(ts|tsx)\n([\s\S]*?)^```/gm;
  for (let match = fence.exec(text); match; match = fence.exec(text)) {
    const before = text.slice(0, match.index);
    // The last heading before it, outside code fences (a shell snippet's `# comment` is no heading).
    const heading = before.split(/^```.*$/m).filter((_, part) => part % 2 === 0).flatMap((prose) => [...prose.matchAll(/^#{1,6} (.+)$/gm)]).at(-1)?.[1] ?? '';
    found.push({ file: readme, line: before.split('\n').length, lang: match[1], code: match[2], heading });
  }
  return found;
}

/** Writes every snippet out and runs tsc on them; returns tsc's report (empty when all compile). */
export function checkSnippets() {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const names = [];
  for (const readme of readmes) {
    for (const snippet of snippets(readme)) {
      // packages/server/README.md:42 → server-42.ts; docs/guides/quick-start.md:30 → guide-quick-start-30.ts
      const base = readme.startsWith('docs/guides/') ? `guide-${readme.slice('docs/guides/'.length, -'.md'.length)}` : readme.split('/')[1];
      const name = `${base}-${snippet.line}.${snippet.lang}`;
      // `export {}` makes each snippet a module of its own, as it would be in a user's file.
      writeFileSync(join(out, name), `// ${snippet.file}:${snippet.line}\n${snippet.code}\nexport {};\n`);
      names.push(name);
    }
  }
  writeFileSync(
    join(out, 'tsconfig.json'),
    JSON.stringify(
      {
        extends: '../tsconfig.base.json',
        compilerOptions: {
          noEmit: true,
          jsx: 'react-jsx',
          types: ['node'],
          paths: {
            react: [`${tokenizerModules}/@types/react`],
            'react/*': [`${tokenizerModules}/@types/react/*`],
            // The tokenizer's optional peer for card fields (its dev dependency): the sandbox's emulation snippet uses it.
            '@basis-theory/web-elements': [`${tokenizerModules}/@basis-theory/web-elements`],
          },
        },
        include: ['*.ts', '*.tsx'],
      },
      null,
      2,
    ),
  );
  const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', join(out, 'tsconfig.json')], { cwd: out, encoding: 'utf8' });
    return { count: names.length, report: '' };
  } catch (error) {
    return { count: names.length, report: String(error.stdout || error.message) };
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { count, report } = checkSnippets();
  console.log(report || `${count} README snippets compile`);
  process.exitCode = report ? 1 : 0;
}
