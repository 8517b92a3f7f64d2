import { defineProject } from 'vitest/config';
import { alias } from '../../vitest.shared.js';

export default defineProject({
  resolve: { alias },
  test: { name: 'sandbox', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], exclude: ['**/*.browser.test.*', '**/node_modules/**'], environment: 'node' },
});
