import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  removeNodeProtocol: false,
  // ky is ESM-only and asks for Node 22; bundled, `require('@tessera/server')` works on every Node 20.
  noExternal: ['ky'],
});
