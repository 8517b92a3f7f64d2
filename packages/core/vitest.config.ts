import { defineProject } from 'vitest/config';
import { alias, shuffled } from '../../vitest.shared.js';

export default defineProject({
  resolve: { alias },
  test: { name: 'core', sequence: shuffled, include: ['src/**/*.test.ts'], environment: 'node' },
});
