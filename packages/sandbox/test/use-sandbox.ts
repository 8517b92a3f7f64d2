import { type SetupServer, setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createSandbox, type Sandbox, type SandboxOptions, type SandboxServer, type SandboxServerOptions, startSandboxServer } from '../src/index.js';
import { client } from './support.js';

/** The fetch client of {@link client}. */
export type Client = ReturnType<typeof client>;

/**
 * Serves a new sandbox per test through msw's `setupServer` (unhandled requests fail): listens before the file's
 * tests, swaps in each test's sandbox, closes after. `use` receives each test's sandbox and a client `c` for `baseUrl`.
 */
export function useMswSandbox(baseUrl: string, options: SandboxOptions, use: (next: { sandbox: Sandbox; c: Client }) => void): SetupServer {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => {
    const sandbox = createSandbox(options);
    server.resetHandlers(...sandbox.handlers);
    use({ sandbox, c: client(baseUrl, sandbox) });
  });
  afterAll(() => server.close());
  return server;
}

/** Serves one sandbox over HTTP for the file's tests (`startSandboxServer`); `use` receives it and a client `c`. */
export function useHttpSandbox(options: SandboxServerOptions, use: (started: { server: SandboxServer; c: Client }) => void): void {
  let server: SandboxServer | undefined;
  beforeAll(async () => {
    server = await startSandboxServer(options);
    use({ server, c: client(server.url, server.sandbox) });
  });
  afterAll(() => server?.close());
}
