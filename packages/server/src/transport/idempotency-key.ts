/** A new random idempotency key (a UUID v4 from Web Crypto, available on Node 20+ and every fetch runtime). */
export function generateIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
