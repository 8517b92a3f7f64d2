import { SandboxHttpError } from '../errors/http-error.js';
import { hostnameOf, isLoopbackHostname } from './loopback.js';

/**
 * The Host names a sandbox server answers as, checked at its one entry (the node:http adapter) for every request,
 * before anything else: a page on a DNS name the attacker rebinds to 127.0.0.1 reaches the port, but its requests name
 * that DNS name in Host, and are refused. msw's handlers do not check it: they answer fetches of this process or page
 * to the origins its own code chose, which no other site can rebind.
 */
export interface ServedHost {
  /** The Host a request without one is taken to name (`localhost:4010`), and the origin its links point to. */
  readonly fallback: string;
  /** True when a request whose Host header is `host` is answered (no Host at all: not a browser, answered). */
  accepts(host: string | undefined): boolean;
  /** The 403 a refused Host gets: how to reach the sandbox instead. */
  readonly refusal: SandboxHttpError;
}

// An IP literal cannot be rebound: a page's requests name the host of its own URL, so a Host that is an address was
// typed by someone who reaches that address. Accepted on a server listening on every interface (0.0.0.0, ::).
const ipLiteral = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;
const anyInterface = new Set(['0.0.0.0', '::', '[::]']);

/** A listen address as a URL's hostname (an IPv6 address in brackets), lower-case. */
const urlHostname = (host: string): string => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host).toLowerCase();

/**
 * What a server listening on `listenHost` (`undefined`: the default, loopback) at `port` answers as: loopback names
 * always, and the host it was started with (`--host`, `startSandboxServer({ host })`); on every interface, any IP
 * address too. Any other name is refused with a 403 that says how to open the sandbox.
 */
export function servedHost(listenHost: string | undefined, port: number): ServedHost {
  const given = listenHost === undefined ? undefined : urlHostname(listenHost);
  const everyInterface = given !== undefined && anyInterface.has(given);
  const fallback = `${given === undefined || everyInterface ? 'localhost' : given}:${port}`;
  const startWith = given === undefined || isLoopbackHostname(given) || everyInterface ? '' : ` or http://${given}:${port}`;
  return {
    fallback,
    accepts(host) {
      if (host === undefined) return true;
      const hostname = hostnameOf(host);
      return isLoopbackHostname(hostname) || hostname === given || (everyInterface && ipLiteral.test(hostname));
    },
    refusal: new SandboxHttpError(
      403,
      'forbidden_host',
      `The sandbox answers only as http://localhost:${port}${startWith}: this request named another host in its Host header (a page on a DNS name pointed at this machine is refused). Open the sandbox as http://localhost:${port}, or start it with --host <name> (startSandboxServer({ host })) to serve that name.`,
    ),
  };
}
