/**
 * True when `error` is ky's `TimeoutError` or `NetworkError`: recognised by name, as ky's own type guards do across
 * realms, so that nothing but the client's first request loads ky.
 */
export function isKyError(error: unknown, name: 'TimeoutError' | 'NetworkError'): error is Error {
  return error instanceof Error && error.name === name;
}
