import { defineProject } from 'vitest/config';
import { alias } from '../../vitest.shared.js';

export default defineProject({
  resolve: { alias },
  test: { name: 'example-sandbox-setup', include: ['test/**/*.test.ts'], environment: 'node' },
});
