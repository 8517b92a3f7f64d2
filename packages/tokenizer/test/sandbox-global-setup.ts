import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { startSandboxServer } from '@tessera/sandbox';
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
  process.env.TESSERA_SANDBOX_URL = server.url;
  process.env.TESSERA_SANDBOX_GATEWAY_STORE = server.sandbox.defaults.gateway.storeId;
  return async () => {
    btPages.close();
    await server.close();
  };
}
