import { TesseraError } from '@tessera/core';

/** The oldest Node.js the sandbox runs on: msw 3 needs 22.12 (it calls `Promise.withResolvers`). */
export const MINIMUM_NODE_VERSION = '22.12.0';

function isOlder(version: string, minimum: string): boolean {
  const have = version.split('.').map(Number);
  const need = minimum.split('.').map(Number);
  for (let index = 0; index < need.length; index += 1) {
    const difference = (have[index] ?? 0) - (need[index] ?? 0);
    if (difference !== 0) return difference < 0;
  }
  return false;
}

/**
 * Throws at once on a Node.js older than {@link MINIMUM_NODE_VERSION}, naming the version needed, instead of the
 * `Promise.withResolvers is not a function` msw would throw later. Browsers, Bun and Deno are not checked.
 * @param version the running version, default `process.versions.node` (for tests)
 */
export function assertSupportedNode(version: string | undefined = nodeVersion()): void {
  if (version === undefined || !isOlder(version, MINIMUM_NODE_VERSION)) return;
  throw new TesseraError(
    'unsupported_runtime',
    `@tessera/sandbox needs Node.js ${MINIMUM_NODE_VERSION} or later (msw 3 does); this is Node.js ${version}. ` +
      'To run on Node 22 without changing the system Node, prefix the command with `npx -y -p node@22` ' +
      '(e.g. `npx -y -p node@22 npm test`, `npx -y -p node@22 npx tessera-sandbox`). ' +
      'Or install Node.js 22.12 or later (e.g. `nvm install 22`), then `npm install --save-dev @tessera/sandbox msw@^3`: ' +
      'on an older Node, npm may pick msw 2, which the sandbox does not run on.',
  );
}

function nodeVersion(): string | undefined {
  const runtime = globalThis as { process?: { versions?: { node?: string; bun?: string; deno?: string } } };
  const versions = runtime.process?.versions;
  if (versions?.bun !== undefined || versions?.deno !== undefined) return undefined;
  return versions?.node;
}
