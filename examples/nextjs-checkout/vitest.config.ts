import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The route handlers run as Next runs them: `@/` is `src/`, and modules resolve with the `react-server` condition
// (so `server-only` imports cleanly, as in a route handler). The end-to-end test builds and starts the app and
// drives Chromium: allow it the time.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  ssr: { resolve: { conditions: ['react-server', 'node'] } },
  test: { name: 'example-nextjs-checkout', sequence: { shuffle: { tests: true } }, include: ['test/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 180_000 },
});
