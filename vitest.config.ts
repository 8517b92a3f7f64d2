import { defineConfig } from 'vitest/config';

// One command tests every package: each package (and example) has its own vitest.config.ts project, plus a
// vitest.browser.config.ts for tests in a real Chromium. In CI the results are also written as JSON.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'packages/*/vitest.browser.config.ts', 'examples/*/vitest.config.ts'],
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-artifacts/vitest-results.json' }]] : ['default'],
  },
});
