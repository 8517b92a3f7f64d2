import { defineProject } from 'vitest/config';
import { alias, shuffled } from '../../vitest.shared.js';

export default defineProject({
  resolve: { alias },
  test: { name: 'reliability', sequence: shuffled, include: ['test/**/*.test.ts'], environment: 'node', testTimeout: 180_000, execArgv: ['--expose-gc'] },
});
