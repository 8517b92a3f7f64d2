/** A function that removes every occurrence of a secret (the API key) from a text, as `[redacted]`. */
export type Redactor = (text: string) => string;

/** Builds the {@link Redactor} of `secret`: every occurrence of it in a text becomes `[redacted]`. */
export function createRedactor(secret: string): Redactor {
  return (text) => (text.includes(secret) ? text.split(secret).join('[redacted]') : text);
}
