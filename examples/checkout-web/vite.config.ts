import { defineConfig } from 'vite';

// `npm run dev` proxies the API to a merchant server on :3000 (the merchant-server starter); a built page can be
// served by that server itself (its CHECKOUT_STATIC_DIR).
export default defineConfig({
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: { sourcemap: true },
});
