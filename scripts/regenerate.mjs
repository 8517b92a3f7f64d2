// Regenerates every list derived from code, in the order they depend on each other: core's export lists from its
// resource modules (scripts/core-exports.mjs), the server root's list of the types its methods take and return
// (scripts/server-exports.mjs), the published examples the tests replay (scripts/vendor-examples.mjs, when the
// transcription of the vendor's API reference it reads is there), the build, then the README tables from the
// built packages (scripts/readme-tables.mjs). Run it after adding or changing an operation. Usage: node scripts/regenerate.mjs
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });

run(process.execPath, ['scripts/core-exports.mjs']);
run(process.execPath, ['scripts/server-exports.mjs']);
if (existsSync(new URL('../../shared/spec/vendor-api', import.meta.url))) run(process.execPath, ['scripts/vendor-examples.mjs']);
run('npx', ['-y', 'pnpm@12', 'run', 'build', '--output-logs=errors-only']);
run(process.execPath, ['scripts/readme-tables.mjs']);
