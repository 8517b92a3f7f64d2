// The one way code of this package other than the transport uses a client's API key: an HMAC keyed with it. The key
// itself never leaves this module (no getter, nothing enumerable on the client, nothing in JSON or logs); the checkout
// handler derives its payment-token secret from it, so a merchant has nothing more to configure. Not exported from
// the package's entry points.

const keys = new WeakMap<object, Uint8Array<ArrayBuffer>>();
const encoder = new TextEncoder();

/** @internal Called once by the `Tessera` constructor. */
export function rememberApiKey(client: object, apiKey: string): void {
  keys.set(client, encoder.encode(apiKey));
}

/**
 * HMAC-SHA256 of `label`, keyed with the API key of `client`; `undefined` for an object no `Tessera` constructor of
 * this copy of the package made (a client of another copy, a stand-in).
 * @internal
 */
export async function hmacWithApiKey(client: object, label: string): Promise<Uint8Array | undefined> {
  const key = keys.get(client);
  if (key === undefined) return undefined;
  const imported = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', imported, encoder.encode(label)));
}
