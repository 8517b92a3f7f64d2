import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { startSandboxServer } from '@tessera/sandbox';
import { createCheckoutHandler, Tessera, toNodeListener, type CheckoutOrder } from '@tessera/server';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the sandbox HTTP server (vault + ACS + API) the browser tests run against. */
    sandboxUrl: string;
    /**
     * Base URL of a server that serves Basis Theory's own relay pages (`/pages/challenge.html` from
     * `@basis-theory/web-threeds`, what `https://3ds.basistheory.com` serves), to run the modal against them.
     */
    btPagesUrl: string;
    /**
     * Origin of a merchant server that mounts `@tessera/server`'s checkout handler at `/api/tessera` against the
     * sandbox (CORS open to the test page's loopback origin): what the browser client's `pay()` calls.
     */
    merchantUrl: string;
  }
}

/**
 * Starts the real sandbox HTTP server (vault, ACS, API) on a free loopback port for the browser tests, hands its
 * URL to the browser with `provide`, and to the node-side browser commands through the environment.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startSandboxServer({ port: 0 });
  project.provide('sandboxUrl', server.url);
  const challengePage = await readFile(join(dirname(createRequire(import.meta.url).resolve('@basis-theory/web-threeds')), '../pages/challenge.html'), 'utf8');
  const btPages = createServer((request, response) => {
    const found = request.url === '/pages/challenge.html';
    response.writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(found ? challengePage : 'Not found');
  });
  await new Promise<void>((resolve) => btPages.listen(0, '127.0.0.1', resolve));
  project.provide('btPagesUrl', `http://localhost:${(btPages.address() as AddressInfo).port}`);
  const merchant = startMerchant(server.url, { frictionless: server.sandbox.defaults.storeId, gateway: server.sandbox.defaults.gateway.storeId });
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
  project.provide('merchantUrl', `http://localhost:${(merchant.address() as AddressInfo).port}`);
  process.env.TESSERA_SANDBOX_URL = server.url;
  process.env.TESSERA_SANDBOX_GATEWAY_STORE = server.sandbox.defaults.gateway.storeId;
  return async () => {
    btPages.close();
    merchant.close();
    await server.close();
  };
}

/**
 * The merchant's server of the client's browser tests: the checkout handler (through `toNodeListener`), pricing an
 * order reference `<store>:<amount>` (`frictionless:2400`: the sandbox's first store; `gateway:1999`: its 3DS and
 * radar store) in USD, a redirect returning to the page's origin. The page runs on vitest's own loopback origin, whose port is not known here: the handler
 * allows the loopback origin that calls (and answers its CORS preflight).
 */
function startMerchant(sandboxUrl: string, stores: Record<'frictionless' | 'gateway', string>) {
  const tessera = new Tessera({ apiKey: 'sk_test_tessera_sandbox', baseUrl: sandboxUrl });
  // The return page of a redirect is on the page's own origin (its README, a page vitest serves).
  const order = (orderRef: string, request: Request): CheckoutOrder | undefined => {
    const [store, amount] = orderRef.split(':');
    const storeId = stores[store as keyof typeof stores];
    const origin = request.headers.get('origin');
    return storeId === undefined ? undefined : { amount: Number(amount), currency: 'USD', storeId, ...(origin === null ? {} : { returnUrl: `${origin}/README.md` }) };
  };
  return createServer((request, response) => {
    const origin = request.headers.origin;
    const allowedOrigins = typeof origin === 'string' && /^http:\/\/(localhost|127\.0\.0\.1):\d+$/.test(origin) ? [origin] : [];
    void toNodeListener(createCheckoutHandler({ tessera, order, allowedOrigins }))(request, response);
  });
}
