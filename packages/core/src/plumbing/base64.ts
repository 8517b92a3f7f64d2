// Base64 that behaves the same in browsers, Node and edge runtimes: btoa/atob over bytes, TextEncoder for text, no
// Buffer and no Latin-1-only btoa on raw strings.

/** Base64 of `bytes`; with `url`, the URL-safe alphabet without padding (as EMV 3DS and signed tokens want). */
export function encodeBase64(bytes: Uint8Array, url = false): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const base64 = btoa(binary);
  return url ? base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : base64;
}

/** Decodes standard or URL-safe base64, padded or not. Throws a `TypeError` on anything that is not base64. */
export function decodeBase64(encoded: string): Uint8Array {
  const compact = encoded.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(compact) || compact.length % 4 === 1 || encoded.trim().length - compact.length > 2) {
    throw new TypeError('not base64');
  }
  return Uint8Array.from(atob(compact.padEnd(Math.ceil(compact.length / 4) * 4, '=')), (char) => char.charCodeAt(0));
}

/** Base64 of the UTF-8 bytes of `text`; with `url`, the URL-safe alphabet without padding. */
export const encodeBase64Utf8 = (text: string, url = false): string => encodeBase64(new TextEncoder().encode(text), url);

/** Decodes base64 as {@link decodeBase64} does, then its bytes as UTF-8. Throws on anything that is not base64 of UTF-8. */
export const decodeBase64Utf8 = (encoded: string): string => new TextDecoder('utf-8', { fatal: true }).decode(decodeBase64(encoded));
