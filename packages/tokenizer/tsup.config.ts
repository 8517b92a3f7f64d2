import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', react: 'src/react/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'browser',
  // The React entry imports the main entry by name, so both share one copy (one open-challenge guard).
  external: ['@tessera/tokenizer', '@basis-theory/web-threeds', 'react'],
});
