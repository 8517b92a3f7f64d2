import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'example-merchant-server', sequence: { shuffle: { tests: true } }, include: ['test/**/*.test.ts'], environment: 'node' },
});
