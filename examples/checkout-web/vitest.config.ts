import { defineProject } from 'vitest/config';
import { alias } from '../../vitest.shared.js';

export default defineProject({
  resolve: { alias },
  test: { name: 'example-checkout-web', include: ['test/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
});
