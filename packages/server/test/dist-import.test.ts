import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Imports the built package by name from fresh Node processes, as a user would. `pnpm test` builds first; when
// running vitest alone, build the package before (`pnpm --filter @tessera/server... build`).
const packageDir = fileURLToPath(new URL('..', import.meta.url));

const run = (args: string[]): string => execFileSync(process.execPath, args, { cwd: packageDir, encoding: 'utf8' }).trim();

describe('built package', () => {
  const probe = `const t = new m.Tessera({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1' });
    console.log([typeof m.Tessera, typeof m.TesseraApiError, typeof t.payments.waitForFinalStatus, m.TesseraAbortError.name].join(','));`;

  it('has been built', () => {
    expect(existsSync(`${packageDir}/dist/index.js`) && existsSync(`${packageDir}/dist/index.cjs`), 'dist is missing: build the package first').toBe(true);
  });

  it('imports as ESM', () => {
    expect(run(['--input-type=module', '-e', `import * as m from '@tessera/server'; ${probe}`])).toBe('function,function,function,TesseraAbortError');
  });

  it('requires as CommonJS', () => {
    expect(run(['-e', `const m = require('@tessera/server'); ${probe}`])).toBe('function,function,function,TesseraAbortError');
  });

  // The client checks input with core's internal code (`@tessera/core/internal`): the error it throws must be the
  // class the root exports, one class per process, in either module system.
  const sameClass = `new m.Tessera({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1' }).payments.retrieve('')
    .catch((error) => console.log(error instanceof m.TesseraValidationError && error instanceof m.TesseraError));`;

  it('throws the root error classes from core internal code, as ESM', () => {
    expect(run(['--input-type=module', '-e', `import * as m from '@tessera/server'; ${sameClass}`])).toBe('true');
  });

  it('throws the root error classes from core internal code, as CommonJS', () => {
    expect(run(['-e', `const m = require('@tessera/server'); ${sameClass}`])).toBe('true');
  });

  // core's Node build carries the zod it uses and the client takes zod's functions from it (`@tessera/core/internal`),
  // so the ESM import reads none of the zod package's ~100 module files (a cold import's cost). A resolve hook
  // refuses any module of the zod package; importing `zod/mini` afterwards shows that the hook is in place.
  it('loads no module of the zod package, as ESM in Node', () => {
    const refuseZod = `export async function resolve(specifier, context, nextResolve) {
      const resolved = await nextResolve(specifier, context);
      if (/\\/node_modules\\/zod\\//.test(resolved.url)) throw new Error('zod loaded: ' + resolved.url + ' from ' + context.parentURL);
      return resolved;
    }`;
    const script = `import { register } from 'node:module';
      register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(refuseZod)}));
      const m = await import('@tessera/server');
      const error = await new m.Tessera({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1' }).payments.retrieve('').catch((caught) => caught);
      const zodMini = await import('zod/mini').then(() => 'imported', (caught) => caught.message.split(':')[0]);
      console.log([error instanceof m.TesseraValidationError, zodMini].join(','));`;
    expect(run(['--input-type=module', '-e', script])).toBe('true,zod loaded');
  });

  // ky is loaded with the first request (a chunk of the ESM build, a lazy module of the CommonJS one).
  const send = `(async () => {
      const server = require('node:http').createServer((request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      const t = new m.Tessera({ apiKey: 'k', baseUrl: 'http://127.0.0.1:' + server.address().port });
      console.log(JSON.stringify(await t.request('GET', '/ping')));
      server.close();
    })();`;

  it('sends a request from either build', () => {
    const esm = `import * as m from '@tessera/server'; import { createRequire } from 'node:module'; const require = createRequire(import.meta.url); ${send}`;
    expect(run(['--input-type=module', '-e', esm])).toBe('{"ok":true}');
    expect(run(['-e', `const m = require('@tessera/server'); ${send}`])).toBe('{"ok":true}');
  });
});
