import { fileURLToPath } from 'node:url';
import type { AliasOptions } from 'vite';
import type { BrowserConfigOptions, BrowserProviderOption } from 'vitest/node';

const source = (path: string): string => fileURLToPath(new URL(`./packages/${path}`, import.meta.url));

/**
 * The packages' tests import the packages' sources, so they need no build first. The starters (`examples/*`) do
 * not use this: they must run when copied out of the repo, so they test against the built packages.
 */
export const alias: AliasOptions = [
  { find: /^@tessera\/core$/, replacement: source('core/src/index.ts') },
  { find: /^@tessera\/core\/internal$/, replacement: source('core/src/internal.ts') },
  { find: /^@tessera\/core\/schemas$/, replacement: source('core/src/schemas.ts') },
  { find: /^@tessera\/sandbox$/, replacement: source('sandbox/src/index.ts') },
  { find: /^@tessera\/server$/, replacement: source('server/src/index.ts') },
  { find: /^@tessera\/server\/internal$/, replacement: source('server/src/internal.ts') },
  { find: /^@tessera\/tokenizer$/, replacement: source('tokenizer/src/index.ts') },
  { find: /^@tessera\/tokenizer\/react$/, replacement: source('tokenizer/src/react/index.ts') },
  { find: /^@tessera\/tokenizer\/basis-theory$/, replacement: source('tokenizer/src/basis-theory.ts') },
  { find: /^@tessera\/tokenizer\/fields$/, replacement: source('tokenizer/src/fields.ts') },
  { find: /^@tessera\/tokenizer\/testing$/, replacement: source('tokenizer/src/testing.ts') },
  { find: /^@tessera\/tokenizer\/wallets$/, replacement: source('tokenizer/src/wallets.ts') },
];

/**
 * The node projects run each file's tests in a random order, so a test that relies on another having run first fails.
 * (Files keep vitest's order, slowest first: each runs in a process of its own, so their order cannot matter.) A run
 * prints its seed ("Running tests with seed …"); replay that order with `npx vitest run --sequence.seed=<seed>`.
 * See CONTRIBUTING.md, "Tests".
 */
export const shuffled = { shuffle: { tests: true } };

/**
 * How every browser test launches the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium): headless-safe
 * flags, and no background networking (this machine's closed network refuses it). A missing browser fails. The
 * checkout-web starter has its own copy (`examples/checkout-web/test/chromium.ts`).
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
};

/**
 * The `browser` options of a package's browser tests: {@link chromiumLaunchOptions}' Chromium, headless, one
 * instance, with the package's own `commands`. `playwright` is the package's `@vitest/browser-playwright` provider
 * (the packages install it, the repo root does not).
 */
export function chromiumBrowser(
  playwright: (options: { launchOptions: typeof chromiumLaunchOptions }) => BrowserProviderOption,
  commands: NonNullable<BrowserConfigOptions['commands']>,
): BrowserConfigOptions {
  return { enabled: true, headless: true, provider: playwright({ launchOptions: chromiumLaunchOptions }), instances: [{ browser: 'chromium' }], commands };
}
