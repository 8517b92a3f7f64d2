/** A function that removes every occurrence of a secret (the API key) from a text, as `[redacted]`. */
export type Redactor = (text: string) => string;

/** Builds the {@link Redactor} of `secret`: every occurrence of it in a text becomes `[redacted]`. */
export function createRedactor(secret: string): Redactor {
  return (text) => (text.includes(secret) ? text.split(secret).join('[redacted]') : text);
}

/** Applies `redact` to every string of a parsed body (object keys too), however deeply nested. */
export function redactDeep(value: unknown, redact: (text: string) => string, depth = 0): unknown {
  if (typeof value === 'string') return redact(value);
  if (typeof value !== 'object' || value === null || depth > 64) return value;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[redact(key)] = redactDeep(item, redact, depth + 1);
  return copy;
}
