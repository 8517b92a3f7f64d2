/**
 * True when `url` points at this machine: a host in 127.0.0.0/8, `localhost` or `[::1]`. A service there is a local
 * sandbox, which honours idempotency keys.
 */
export function isLoopbackUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}
