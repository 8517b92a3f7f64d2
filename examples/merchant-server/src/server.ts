import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Tessera } from '@tessera/server';
import type { AddressInfo } from 'node:net';
import { createMerchantApp, type MerchantAppOptions } from './app.js';
import { WEBHOOK_EVENT_TYPES, type MerchantConfig } from './config.js';

/** A running merchant server. */
export interface MerchantServer {
  url: string;
  /** The id of the webhook endpoint it registered at start-up (`local` without `TESSERA_WEBHOOK_SECRET`), if any. */
  webhookEndpointId: string | undefined;
  /** The account the API key belongs to (its name, else its id), as `POST /auth/test` answered at start-up. */
  account: string;
  close(): Promise<void>;
}

/**
 * Starts the merchant server on Node, on 127.0.0.1 (`port` 0 picks a free port), serving `staticDir` if set. The API
 * key is checked first (`tessera.auth.test()`): a wrong key fails here with `TesseraAuthenticationError`, not at the
 * first payment. Against the sandbox (`local`) without a `webhookSecret`, it registers `<its url>/webhooks` for the
 * store's events (`POST /webhooks`) once it listens, and verifies deliveries with the secret that registration returns.
 */
export async function startMerchantServer(
  config: MerchantConfig,
  appOptions: Partial<Pick<MerchantAppOptions, 'onWebhook'>> = {},
): Promise<MerchantServer> {
  const tessera = new Tessera({ apiKey: config.apiKey, environment: config.publicConfig.environment, ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}) });
  const { user } = await tessera.auth.test();
  const account = user.account?.name ?? user.account?.id ?? user.orgId ?? user.id;
  let webhookSecret = config.webhookSecret;
  const app = createMerchantApp({ tessera, storeId: config.storeId, publicConfig: config.publicConfig, webhookSecret: () => webhookSecret, ...(config.staffToken ? { staffToken: config.staffToken } : {}), ...appOptions });
  // Node-only (reads files), so it lives here and not in the runtime-neutral app; after the API routes.
  if (config.staticDir) app.use('/*', serveStatic({ root: config.staticDir }));
  const started = await new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    const server = serve({ fetch: app.fetch, port: config.port, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
  let webhookEndpointId: string | undefined;
  if (webhookSecret === undefined && config.publicConfig.environment === 'local') {
    try {
      const endpoint = await tessera.webhooks.createEndpoint({ storeId: config.storeId, url: `${started.url}/webhooks`, eventTypes: WEBHOOK_EVENT_TYPES, description: 'merchant-server starter' });
      webhookSecret = endpoint.secret;
      webhookEndpointId = endpoint.id;
    } catch (error) {
      // The server still serves payments; webhooks are refused (503) until it is restarted with the sandbox up.
      console.warn(`merchant-server: could not register the webhook endpoint (${error instanceof Error ? error.name : 'error'}); set TESSERA_WEBHOOK_SECRET or start the sandbox first`);
    }
  }
  return { ...started, account, webhookEndpointId };
}
