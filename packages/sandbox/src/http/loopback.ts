/**
 * What names this machine: the loopback addresses a socket's peer may have, and the loopback names a URL or a Host
 * header may give (`localhost`, `*.localhost`, 127.x.x.x, `[::1]`). One definition for the dashboard's check, the
 * server's Host check and `drift`'s refusal of plain http.
 */

const loopbackAddressPattern = /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
const loopbackHostnamePattern = /^(?:(?:[a-z0-9-]+\.)*localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/i;

/** True for a socket peer's address on loopback (`127.x.x.x`, `::1`, `::ffff:127.x.x.x`). */
export function isLoopbackAddress(address: string): boolean {
  return address === '::1' || loopbackAddressPattern.test(address);
}

/** True for a URL's hostname (IPv6 in brackets, as `url.hostname` gives it) that names this machine. */
export function isLoopbackHostname(hostname: string): boolean {
  return loopbackHostnamePattern.test(hostname);
}

/** A Host header as the node:http server reads it: the name its Host check compares, the origin its links use. */
export interface ParsedHost {
  /** `localhost:4010` → `localhost`, `[::1]:4010` → `[::1]`: lower-case, as `new URL` gives it. */
  hostname: string;
  /** `http://localhost:4010`. */
  origin: string;
}

/**
 * Reads a Host header once, with `new URL`, for both the Host check ({@link hostnameOf}) and the request's origin
 * (the node:http adapter), so the name checked is the name used. A Host that is not a bare `name[:port]` (userinfo,
 * a path: `localhost:@evil.example` is evil.example to `new URL`) or does not parse is `undefined`: refused.
 */
export function parseHost(host: string): ParsedHost | undefined {
  if (/[@/?#\\\s]/.test(host)) return undefined;
  try {
    const { hostname, origin } = new URL(`http://${host}`);
    return { hostname, origin };
  } catch {
    return undefined;
  }
}

/** The hostname of a Host header ({@link parseHost}), or `''` (which nothing accepts) for one that is refused. */
export function hostnameOf(host: string): string {
  return parseHost(host)?.hostname ?? '';
}
