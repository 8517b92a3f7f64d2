import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { SetupServer } from 'msw/node';

/** A request as the mock server saw it. */
export interface SentRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** The body parsed as JSON (undefined when empty). */
  body: () => Promise<unknown>;
}

/** Records every request that reaches `server`, in order. Call the returned `stop` in `afterEach`. */
export function recordRequests(server: SetupServer): { sent: SentRequest[]; stop: () => void } {
  const sent: SentRequest[] = [];
  const listener = ({ request }: { request: Request }): void => {
    const copy = request.clone();
    sent.push({
      method: request.method,
      url: new URL(request.url),
      headers: Object.fromEntries(request.headers),
      body: async () => {
        const text = await copy.text();
        return text === '' ? undefined : (JSON.parse(text) as unknown);
      },
    });
  };
  server.events.on('request:start', listener);
  return { sent, stop: () => server.events.removeListener('request:start', listener) };
}

/**
 * Sets up the usual lifecycle of a test file's mock server: listen with unhandled requests as errors, record every
 * request of each test, then stop recording, drop per-test handlers and close. `recorder.sent` is the current
 * test's requests. Add a file's own clean-up in its own `afterEach`.
 */
export function useMockServer(server: SetupServer): { readonly sent: SentRequest[] } {
  let current = { sent: [] as SentRequest[], stop: () => undefined as void };
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => {
    current = recordRequests(server);
  });
  afterEach(() => {
    current.stop();
    server.resetHandlers();
  });
  afterAll(() => server.close());
  return {
    get sent() {
      return current.sent;
    },
  };
}
