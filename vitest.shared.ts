import { fileURLToPath } from 'node:url';
import type { AliasOptions } from 'vite';

const source = (path: string): string => fileURLToPath(new URL(`./packages/${path}`, import.meta.url));

/** Tests import the packages' sources, so `pnpm test` needs no build first. */
export const alias: AliasOptions = [
  { find: /^@tessera\/core$/, replacement: source('core/src/index.ts') },
  { find: /^@tessera\/sandbox$/, replacement: source('sandbox/src/index.ts') },
  { find: /^@tessera\/server$/, replacement: source('server/src/index.ts') },
  { find: /^@tessera\/tokenizer$/, replacement: source('tokenizer/src/index.ts') },
  { find: /^@tessera\/tokenizer\/react$/, replacement: source('tokenizer/src/react/index.ts') },
];
