import { defineConfig } from 'tsup';

export default defineConfig([
  { entry: ['src/index.ts', 'src/internal.ts'], format: ['esm'], dts: true, clean: true, sourcemap: true, target: 'node22', removeNodeProtocol: false },
  // Named `cli`: the bin stays at dist/cli.js (package.json `bin`), which reads ../package.json for `--version`.
  { entry: { cli: 'src/cli/cli.ts' }, format: ['esm'], sourcemap: true, target: 'node22', removeNodeProtocol: false, banner: { js: '#!/usr/bin/env node' } },
]);
