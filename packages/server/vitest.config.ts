import { defineProject } from 'vitest/config';
import { alias, shuffled } from '../../vitest.shared.js';

export default defineProject({
  resolve: { alias },
  test: { name: 'server', sequence: shuffled, include: ['src/**/*.test.ts', 'test/**/*.test.ts'], environment: 'node' },
});
