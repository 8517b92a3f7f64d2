/** A function that removes every occurrence of a secret (the API key) from a text, as `[redacted]`. */
export type Redactor = (text: string) => string;

/** Builds the {@link Redactor} of `secret`: every occurrence of it in a text becomes `[redacted]`. */
export function createRedactor(secret: string): Redactor {
  return (text) => (text.includes(secret) ? text.split(secret).join('[redacted]') : text);
}

/**
 * Applies `redact` to every string of a parsed body (object keys too), to 64 levels; an object or array deeper than
 * that is replaced whole by `[redacted]` (never kept unread: it could echo the key).
 */
export function redactDeep(value: unknown, redact: (text: string) => string, depth = 0): unknown {
  if (typeof value === 'string') return redact(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 64) return '[redacted]';
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[redact(key)] = redactDeep(item, redact, depth + 1);
  return copy;
}

/**
 * Whether `key` names a credential: `token` or `secret` (or `tokens`, `secrets`), or a name ending so (`accessToken`,
 * `client_secret`); `tokenDigest` or `secretHint` do not.
 */
export const isSecretKey = (key: string): boolean => /(?:tokens?|secrets?)$/i.test(key);

/** In a text (a body that is not JSON), the value after a credential's name: `"token":"…"`, `token=…`, `secret: …`. */
const secretInText = /((?:tokens?|secrets?)"?\s*[:=]\s*"?)[^"&,;}\s]+/gi;

/**
 * A copy of a parsed body with the value of every key named `token` or `secret` (or ending so, plural too, see
 * {@link isSecretKey}) replaced by `[redacted]`, however deeply nested (past 64 levels, the rest is masked whole); a
 * body that is text has the value after such a name masked: a session's bearer token in an answer the SDK
 * could not read never reaches an error (and the logs errors go to).
 */
export function maskSecretFields(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(secretInText, '$1[redacted]');
  if (depth > 64) return '[redacted]';
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => maskSecretFields(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = isSecretKey(key) && item !== null && item !== undefined ? '[redacted]' : maskSecretFields(item, depth + 1);
  return copy;
}
