import { defineProject } from 'vitest/config';
import { alias } from '../../vitest.shared.js';

export default defineProject({
  resolve: { alias },
  test: { name: 'reliability', include: ['test/**/*.test.ts'], environment: 'node', testTimeout: 180_000, execArgv: ['--expose-gc'] },
});
