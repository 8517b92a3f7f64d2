// UTF-8 safe base64 that behaves the same in browsers, Node and edge runtimes: TextEncoder plus btoa/atob,
// no Buffer and no Latin-1-only btoa on raw strings.

/** Base64 of the UTF-8 bytes of `text`; with `url`, the URL-safe alphabet without padding (as EMV 3DS wants). */
export function encodeBase64Utf8(text: string, url = false): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  const base64 = btoa(binary);
  return url ? base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : base64;
}

/** Decodes standard or URL-safe base64, padded or not. Throws on anything that is not base64 of UTF-8. */
export function decodeBase64Utf8(encoded: string): string {
  const compact = encoded.trim().replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.replace(/=+$/, '').length % 4 === 1) {
    throw new TypeError('not base64');
  }
  const padded = compact.replace(/=+$/, '').padEnd(Math.ceil(compact.replace(/=+$/, '').length / 4) * 4, '=');
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
