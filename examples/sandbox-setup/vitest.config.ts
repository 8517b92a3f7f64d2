import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'example-sandbox-setup', sequence: { shuffle: { tests: true } }, include: ['test/**/*.test.ts'], environment: 'node' },
});
