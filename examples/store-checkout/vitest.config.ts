import { defineConfig } from 'vitest/config';

// The end-to-end test builds the page, starts the sandbox and drives Chromium: allow it the time.
export default defineConfig({
  test: { name: 'example-store-checkout', include: ['test/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
});
