import { defineConfig } from 'vite';

// `pnpm dev` proxies the API to a merchant server on :3000; the built page is served by the merchant server itself.
export default defineConfig({
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: { sourcemap: true },
});
