import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'example-merchant-server', include: ['test/**/*.test.ts'], environment: 'node' },
});
