import { startSandboxServer } from '@tessera/sandbox';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the sandbox HTTP server (vault + ACS + API) the browser tests run against. */
    sandboxUrl: string;
  }
}

/**
 * Starts the real sandbox HTTP server (vault, ACS, API) on a free loopback port for the browser tests, hands its
 * URL to the browser with `provide`, and to the node-side browser commands through the environment.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startSandboxServer({ port: 0 });
  project.provide('sandboxUrl', server.url);
  process.env.TESSERA_SANDBOX_URL = server.url;
  process.env.TESSERA_SANDBOX_GATEWAY_STORE = server.sandbox.defaults.gateway.storeId;
  return () => server.close();
}
