import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { createCheckoutHandler, Tessera, type CheckoutOrder } from '@tessera/server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import type { CheckoutConfig } from '../src/api.js';
/** Options of {@link startCheckoutServer}. */
export interface CheckoutServerOptions {
  /** Secret API key and origin of the service (the sandbox in the test). */
  apiKey: string;
  baseUrl: string;
  storeId: string;
  /** The built page (`vite build` output). */
  staticDir: string;
  /** What `GET /api/config` hands the page. */
  publicConfig: CheckoutConfig;
}

/** A running {@link startCheckoutServer}. */
export interface CheckoutServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The server side the page needs and the built page, on one local origin: `GET /api/config` and the checkout handler
 * of `@tessera/server` (what `tessera.pay()` calls), pricing the page's cart (`tshirt`: 19.99 USD) here. The
 * end-to-end test's own stand-in for a merchant server, so this starter tests on its own. A real shop's server, with
 * capture, refund, void and webhooks, is the merchant-server starter.
 */
export async function startCheckoutServer(options: CheckoutServerOptions): Promise<CheckoutServer> {
  const tessera = new Tessera({ apiKey: options.apiKey, baseUrl: options.baseUrl, maxRetries: 0 });
  const order = (orderRef: string, request: Request): CheckoutOrder | undefined =>
    // returnUrl: where a redirect action's page sends the customer back (the page's popup watches for it).
    orderRef === 'tshirt' ? { amount: 1999, currency: 'USD', storeId: options.storeId, returnUrl: new URL('/payment-return', request.url).href } : undefined;
  const checkout = createCheckoutHandler({ tessera, order });

  const app = new Hono();
  app.get('/api/config', (c) => c.json(options.publicConfig));
  app.all('/api/tessera/*', (c) => checkout(c.req.raw));
  app.get('/payment-return', (c) => c.html('<!doctype html><title>Returning to the shop</title><p>Returning to the shop…</p>'));
  app.use('/*', serveStatic({ root: options.staticDir }));

  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}
