import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Tessera } from '@tessera/server';
import type { AddressInfo } from 'node:net';
import { createMerchantApp, type MerchantAppOptions } from './app.js';
import type { MerchantConfig } from './config.js';

/** A running merchant server. */
export interface MerchantServer {
  url: string;
  /** The account the API key belongs to (its name, else its id), as `POST /auth/test` answered at start-up. */
  account: string;
  close(): Promise<void>;
}

/**
 * Starts the merchant server on Node, on 127.0.0.1 (`port` 0 picks a free port), serving `staticDir` if set. The API
 * key is checked first (`tessera.auth.test()`): a wrong key fails here with `TesseraAuthenticationError`, not at the
 * first payment.
 */
export async function startMerchantServer(
  config: MerchantConfig,
  appOptions: Partial<Pick<MerchantAppOptions, 'onWebhook'>> = {},
): Promise<MerchantServer> {
  const tessera = new Tessera({ apiKey: config.apiKey, environment: config.publicConfig.environment, ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}) });
  const { user } = await tessera.auth.test();
  const account = user.account?.name ?? user.account?.id ?? user.orgId ?? user.id;
  const app = createMerchantApp({ tessera, storeId: config.storeId, publicConfig: config.publicConfig, ...appOptions });
  // Node-only (reads files), so it lives here and not in the runtime-neutral app; after the API routes.
  if (config.staticDir) app.use('/*', serveStatic({ root: config.staticDir }));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: config.port, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        account,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
