// CI guard: bundles the built browser package (@tessera/tokenizer and its /react entry) the way a merchant's
// bundler would, and fails if the bundle carries anything that belongs on the server: the server client,
// Authorization/Bearer header logic, or the secret API key option. Every entry must also bundle without the optional
// peers @basis-theory/web-threeds and @basis-theory/web-elements (never a bare import in their graph: SSR, esbuild and
// wrangler users may not have them); only @tessera/tokenizer/basis-theory names the first, /fields (and /client, which hands out its card fields) the second.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const forbidden = [
  { what: 'the server client package', pattern: /@tessera\/server|dangerouslyAllowBrowser/ },
  { what: 'Authorization header logic', pattern: /\bAuthorization\b|\bBearer\b/i },
  { what: 'the secret API key option', pattern: /\bapiKey\b|sk_test_|sk_live_/ },
  { what: 'the HTTP client used on the server (ky)', pattern: /\bky\b.*retry|KyError|HTTPError/ },
  { what: 'Node built-ins', pattern: /require\(["']node:|from ["']node:/ },
];

let failed = false;
const peerOf = { '@tessera/tokenizer/basis-theory': '@basis-theory/web-threeds', '@tessera/tokenizer/fields': '@basis-theory/web-elements', '@tessera/tokenizer/client': '@basis-theory/web-elements' };
const optionalPeers = (allowed) => ({
  name: 'no-optional-peer',
  setup(build) {
    build.onResolve({ filter: /^@basis-theory\/web-(threeds|elements)$/ }, (args) =>
      args.path === allowed ? { path: args.path, external: true } : { errors: [{ text: `the optional peer ${args.path} is imported by this entry` }] },
    );
  },
});

for (const entry of ['@tessera/tokenizer', '@tessera/tokenizer/react', '@tessera/tokenizer/basis-theory', '@tessera/tokenizer/fields', '@tessera/tokenizer/client', '@tessera/tokenizer/testing', '@tessera/tokenizer/wallets', '@tessera/tokenizer/store']) {
  const result = await build({
    stdin: { contents: `export * from '${entry}';`, resolveDir: `${root}/packages/tokenizer`, loader: 'js' },
    bundle: true,
    write: false,
    minify: false,
    format: 'esm',
    platform: 'browser',
    external: ['react', 'react-dom'],
    plugins: [optionalPeers(peerOf[entry])],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  for (const { what, pattern } of forbidden) {
    const match = pattern.exec(code);
    if (match) {
      failed = true;
      console.error(`✗ ${entry}: contains ${what} (matched ${JSON.stringify(match[0])})`);
    }
  }
  if (!failed) console.log(`✓ ${entry}: ${code.length} bytes unminified, no server code, no Authorization logic, no secret key option`);
}
process.exitCode = failed ? 1 : 0;
