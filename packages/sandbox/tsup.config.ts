import { defineConfig } from 'tsup';

export default defineConfig([
  { entry: ['src/index.ts', 'src/internal.ts'], format: ['esm'], dts: true, clean: true, sourcemap: true, target: 'node22', removeNodeProtocol: false },
  { entry: ['src/cli.ts'], format: ['esm'], sourcemap: true, target: 'node22', removeNodeProtocol: false, banner: { js: '#!/usr/bin/env node' } },
]);
