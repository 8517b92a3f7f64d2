import { defineProject } from 'vitest/config';
import { alias, shuffled } from '../../vitest.shared.js';

// Node unit tests. The Chromium tests live in vitest.browser.config.ts (a config referenced by a root glob cannot
// hold nested projects in vitest 5.1, so each project has its own file).
export default defineProject({
  resolve: { alias },
  test: { name: 'tokenizer', sequence: shuffled, setupFiles: ['./test/forget-page-environment.ts'], include: ['src/**/*.test.ts', 'src/**/*.test.tsx'], exclude: ['**/*.browser.test.*', '**/node_modules/**'], environment: 'node' },
});
