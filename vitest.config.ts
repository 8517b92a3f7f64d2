import { defineConfig } from 'vitest/config';

// One command tests every package: each package (and example) has its own vitest.config.ts project.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'examples/*/vitest.config.ts'],
  },
});
