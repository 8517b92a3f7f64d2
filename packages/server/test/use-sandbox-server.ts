import { startSandboxServer, type SandboxServer } from '@tessera/sandbox';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * One sandbox HTTP server for a test file: started before its tests (any free port) and handed to `use`, its fault
 * rules cleared after each test (so one test's faults never reach the next), closed after the file.
 */
export function useSandboxServer(use: (server: SandboxServer) => void): void {
  let server: SandboxServer | undefined;
  beforeAll(async () => {
    server = await startSandboxServer({ port: 0 });
    use(server);
  });
  afterEach(() => {
    server?.sandbox.faults.clear();
  });
  afterAll(() => server?.close());
}
