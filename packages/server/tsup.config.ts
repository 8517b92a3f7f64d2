import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  removeNodeProtocol: false,
  // ky is ESM-only: bundled, so the CommonJS build loads on every Node 20 (no require of an ES module) and installs
  // nothing more.
  noExternal: ['ky'],
});
