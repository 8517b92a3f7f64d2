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

/**
 * The hostname of a Host header (`localhost:4010` → `localhost`, `[::1]:4010` → `[::1]`), lower-case, read as the
 * node:http adapter reads the request's origin (`new URL`), so the name checked is the name used. A Host that is not
 * a bare `name[:port]` (userinfo, a path: `localhost:@evil.example` is evil.example to `new URL`) or does not parse
 * has no name: `''`, which nothing accepts.
 */
export function hostnameOf(host: string): string {
  if (/[@/?#\\\s]/.test(host)) return '';
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return '';
  }
}
