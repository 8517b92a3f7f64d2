import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'example-sandbox-setup', include: ['test/**/*.test.ts'], environment: 'node' },
});
