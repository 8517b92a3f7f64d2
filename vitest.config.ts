import { defineConfig } from 'vitest/config';

// One command tests every package: each package (and example) has its own vitest.config.ts project, plus a
// vitest.browser.config.ts for tests in a real Chromium.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'packages/*/vitest.browser.config.ts', 'examples/*/vitest.config.ts'],
  },
});
