import { defineProject } from 'vitest/config';
import { alias, shuffled } from '../../vitest.shared.js';

export default defineProject({
  resolve: { alias },
  test: { name: 'sandbox', sequence: shuffled, include: ['src/**/*.test.ts', 'test/**/*.test.ts'], exclude: ['**/*.browser.test.*', '**/node_modules/**'], environment: 'node' },
});
