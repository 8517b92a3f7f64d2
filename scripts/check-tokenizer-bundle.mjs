// CI guard: bundles the built browser package (@tessera/tokenizer and its /react entry) the way a merchant's
// bundler would, and fails if the bundle carries anything that belongs on the server: the server client,
// Authorization/Bearer header logic, or the secret API key option. The main and React entries must also bundle
// without the optional peer @basis-theory/web-threeds (never a bare import in their graph: SSR, esbuild and wrangler
// users may not have it); only @tessera/tokenizer/basis-theory names it.
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
const optionalPeer = {
  name: 'no-optional-peer',
  setup(build) {
    build.onResolve({ filter: /^@basis-theory\/web-threeds$/ }, () => ({ errors: [{ text: 'the optional peer @basis-theory/web-threeds is imported by this entry' }] }));
  },
};

for (const entry of ['@tessera/tokenizer', '@tessera/tokenizer/react', '@tessera/tokenizer/basis-theory']) {
  const withPeer = entry.endsWith('/basis-theory');
  const result = await build({
    stdin: { contents: `export * from '${entry}';`, resolveDir: `${root}/packages/tokenizer`, loader: 'js' },
    bundle: true,
    write: false,
    minify: false,
    format: 'esm',
    platform: 'browser',
    external: ['react', 'react-dom', ...(withPeer ? ['@basis-theory/web-threeds'] : [])],
    plugins: withPeer ? [] : [optionalPeer],
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
