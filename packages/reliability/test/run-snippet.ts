import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Snippet, snippets } from '../../../scripts/readme-snippets.mjs';

export type { Snippet };

/** The snippets of `readme` (a path from the repository's root) under the heading `heading`. */
export function snippetsUnder(readme: string, heading: string): Snippet[] {
  return snippets(readme).filter((snippet) => snippet.heading === heading);
}

/** What running a snippet gave. */
export interface SnippetRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** The sandbox the snippet talks to: `TESSERA_BASE_URL`, and what `http://localhost:4010` in its text is changed to. */
  sandboxUrl: string;
  /** More environment variables (`TESSERA_API_KEY` is the sandbox's key unless given). */
  env?: Record<string, string>;
  /** A value for each name the snippet leaves to the reader (`declare const priceId: string;`). */
  values?: Record<string, unknown>;
  /** A module run instead of the snippet, which imports it as `./example.mts` and calls what it exports. */
  driver?: string;
  timeoutMs?: number;
}

// Inside this package, so that the snippet's imports resolve as a user's would: @tessera/* (the built packages), msw.
const runs = fileURLToPath(new URL('../.readme-run/', import.meta.url));

/**
 * Runs a snippet as written, in a Node process of its own (Node strips its types), against a running sandbox. Two
 * things change, each to point it at this sandbox: `http://localhost:4010` becomes `sandboxUrl`, and each
 * `declare const name: Type` (a value the reader has) becomes `const name: Type = <values[name]>`. Bounded by
 * `timeoutMs` (default 60 s): past it the process is killed.
 */
export async function runSnippet(snippet: Snippet, options: RunOptions): Promise<SnippetRun> {
  const values = options.values ?? {};
  const code = snippet.code.replaceAll('http://localhost:4010', options.sandboxUrl).replace(/^declare const ([^;]+);/gm, (_, declarations: string) => {
    const assigned = declarations.split(/,\s*(?=[A-Za-z_$][\w$]*\s*:)/).map((declaration) => {
      const name = declaration.split(':')[0]!.trim();
      if (!(name in values)) throw new Error(`${snippet.file}:${snippet.line} declares ${name}: give its value in \`values\``);
      return `${declaration.trim()} = ${JSON.stringify(values[name])}`;
    });
    return `const ${assigned.join(', ')};`;
  });
  const name = `${snippet.file.replace(/[^A-Za-z0-9]+/g, '-')}-${snippet.line}`;
  const folder = join(runs, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'example.mts'), `// ${snippet.file}:${snippet.line}\n${code}\nexport {};\n`);
  if (options.driver !== undefined) writeFileSync(join(folder, 'driver.mts'), options.driver);
  const entry = join(folder, options.driver === undefined ? 'example.mts' : 'driver.mts');
  // The snippet reads only what it is given: none of this process's TESSERA_* variables.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('TESSERA_')));
  const child = spawn(process.execPath, ['--no-warnings', entry], {
    cwd: folder,
    env: { ...env, TESSERA_API_KEY: 'sk_test_tessera_sandbox', TESSERA_BASE_URL: options.sandboxUrl, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: options.timeoutMs ?? 60_000,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exitCode = await new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { exitCode, stdout, stderr };
}
