import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'example-subscription-renewal', include: ['test/**/*.test.ts'], environment: 'node' },
});
