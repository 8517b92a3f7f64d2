import { encodeBase64 } from '@tessera/core/internal';

/** A deterministic pseudo-random generator (mulberry32): same seed, same sequence. Returns numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A random (version 4) UUID that nothing can predict, for ids that stand for a secret (a BT 3DS session id: a frame
 * that knows it could end the customer's challenge). `crypto.getRandomValues`, so it also works on a plain-http page.
 */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * `byteLength` random bytes nothing can predict, base64url without padding: the secret part of a token (a browser
 * session token's signature, a checkout token). `crypto.getRandomValues`, as {@link randomUuid}: it works in a page too.
 */
export function randomBase64Url(byteLength: number): string {
  return encodeBase64(crypto.getRandomValues(new Uint8Array(byteLength)), true);
}
