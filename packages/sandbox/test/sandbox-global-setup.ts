import type { TestProject } from 'vitest/node';
import { startSandboxServer } from '../src/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the sandbox HTTP server the browser tests load the radar stand-ins from (127.0.0.1). */
    sandboxUrl: string;
    /** The default store of that sandbox (where the browser tests' payment instruments go). */
    sandboxStoreId: string;
    /** The gateway store of that sandbox (test cards keep their outcome there: 4000 0000 0000 3220 asks for 3DS). */
    sandboxGatewayStoreId: string;
  }
}

/**
 * Starts the sandbox HTTP server on a free port of 127.0.0.1 for the browser tests: its URL goes to the page with
 * `provide`, which hands it to the node-side browser commands.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startSandboxServer({ port: 0, host: '127.0.0.1' });
  project.provide('sandboxUrl', server.url);
  project.provide('sandboxStoreId', server.sandbox.defaults.storeId);
  project.provide('sandboxGatewayStoreId', server.sandbox.defaults.gateway.storeId);
  return () => server.close();
}
