import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// Every ```ts / ```tsx snippet of the package READMEs and the guides (docs/guides) compiles as written (scripts/readme-snippets.mjs writes each
// out as a module of its own and type-checks it, strict, against the workspace packages): no undefined name, no
// API that does not exist, no option of the wrong type.
it('every README snippet compiles as written', { timeout: 120_000 }, () => {
  const script = fileURLToPath(new URL('../../../scripts/readme-snippets.mjs', import.meta.url));
  let output: string;
  try {
    output = execFileSync(process.execPath, [script], { encoding: 'utf8' });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  expect(output.trim()).toMatch(/^\d+ README snippets compile$/);
});
