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

/** The hostname of a Host header (`localhost:4010` → `localhost`, `[::1]:4010` → `[::1]`), lower-case. */
export function hostnameOf(host: string): string {
  const end = host.startsWith('[') ? host.indexOf(']') + 1 : host.lastIndexOf(':');
  return (end > 0 ? host.slice(0, end) : host).toLowerCase();
}
