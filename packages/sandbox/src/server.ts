import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { serveNode } from './http/node-adapter.js';
import { servedHost } from './http/served-host.js';
import { assertSupportedNode } from './node-version.js';
import { createSandbox, type Sandbox, type SandboxOptions, servedRouter } from './sandbox.js';

/** Options of {@link startSandboxServer}. */
export interface SandboxServerOptions {
  /** Port to listen on; 0 (the default) picks a free port. */
  port?: number;
  /**
   * Interface to listen on. Default: loopback only, both `127.0.0.1` and `::1` (when the machine has IPv6), served
   * as `http://localhost:<port>`, the host basis-theory-js and web-threeds keep on plain http. Every request must
   * name a loopback host (`localhost`, `127.x.x.x`, `[::1]`) or this one in its Host header, or it is refused with 403
   * (a DNS name rebound to this machine never reaches a route); on `0.0.0.0` or `::`, any IP address is answered too.
   */
  host?: string;
  /** The sandbox to serve; default a new one made with `sandboxOptions`. */
  sandbox?: Sandbox;
  /** Options of the sandbox created when `sandbox` is not given. */
  sandboxOptions?: SandboxOptions;
  /** Called once per request when its answer is sent (the CLI's `--log`). */
  onRequest?: (entry: SandboxRequestLogEntry) => void;
}

/** One served request, as `onRequest` receives it. */
export interface SandboxRequestLogEntry {
  method: string;
  /** Path without the query string. */
  path: string;
  /** Status sent; 0 when the connection was dropped (an injected fault) or closed before an answer. */
  status: number;
  /** Time from the request's arrival to the end of the answer, in milliseconds. */
  durationMs: number;
  /** True when the answer is a stored idempotent answer replayed (`idempotent-replayed: true`). */
  idempotentReplay: boolean;
}

/** A running sandbox HTTP server. */
export interface SandboxServer {
  /** Base URL, e.g. `http://localhost:4010` (no trailing slash). */
  url: string;
  /** The port actually bound. */
  port: number;
  /** The sandbox behind the server (state, clock, faults, defaults). */
  sandbox: Sandbox;
  /** Stops the server and closes open connections; a sandbox it made (no `sandbox` given) is closed too. */
  close(): Promise<void>;
}

function logWhenDone(onRequest: (entry: SandboxRequestLogEntry) => void, request: IncomingMessage, response: ServerResponse): void {
  const started = performance.now();
  const path = (request.url ?? '/').split('?')[0] ?? '/';
  let logged = false;
  const log = (status: number): void => {
    if (logged) return;
    logged = true;
    const idempotentReplay = response.getHeader('idempotent-replayed') === 'true';
    onRequest({ method: request.method ?? 'GET', path, status, durationMs: Math.round(performance.now() - started), idempotentReplay });
  };
  response.once('finish', () => log(response.statusCode));
  response.once('close', () => log(response.writableFinished ? response.statusCode : 0));
}

/**
 * Serves a sandbox over real HTTP (default loopback, `http://localhost:<port>`; port 0 = any free port): the same
 * router as `setupServer(...sandbox.handlers)`, reached without msw, its overrides included (`sandbox.override`). A
 * copy of a sandbox, or one whose `handlers` were replaced, is refused (a `TypeError`).
 */
export async function startSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  assertSupportedNode();
  // Loaded here so that the package's main entry stays importable in a browser (setupWorker).
  const { createServer } = await import('node:http');
  const sandbox = options.sandbox ?? createSandbox(options.sandboxOptions);
  const host = options.host ?? '127.0.0.1';
  // Made again once the port is known (the 403's advice names it); what it accepts does not depend on the port.
  let served = servedHost(options.host, options.port ?? 0);
  const router = servedRouter(sandbox, 'startSandboxServer');
  const { onRequest } = options;
  const newServer = (): Server => {
    const server = createServer((request, response) => {
      if (onRequest) logWhenDone(onRequest, request, response);
      serveNode(router, served, request, response);
    });
    server.keepAliveTimeout = 5_000;
    return server;
  };
  const listen = (server: Server, port: number, address: string): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, address, () => {
        server.off('error', reject);
        resolve();
      });
    });
  const servers = [newServer()];
  // A sandbox made here is closed with the server (its data file released), or at once when it cannot listen.
  const ownSandbox = options.sandbox === undefined;
  try {
    await listen(servers[0]!, options.port ?? 0, host);
  } catch (error) {
    if (ownSandbox) sandbox.close();
    throw error;
  }
  const address = servers[0]!.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0);
  const isDefaultHost = options.host === undefined;
  if (isDefaultHost) {
    // `localhost` may resolve to ::1 first (Node, browsers): answer there too, on the same port.
    const ipv6 = newServer();
    try {
      await listen(ipv6, port, '::1');
      servers.push(ipv6);
    } catch {
      // No IPv6 loopback on this machine: clients fall back to 127.0.0.1.
    }
  }
  served = servedHost(options.host, port);
  const closeOne = (server: Server): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  return {
    url: `http://${served.fallback}`,
    port,
    sandbox,
    close: async () => {
      await Promise.all(servers.map(closeOne));
      if (ownSandbox) sandbox.close();
    },
  };
}
