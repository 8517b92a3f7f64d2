// A part of the Basis Theory Elements emulation's client (`./bt-elements-client.ts`, served beside it): its ids.

/** 32 random hex digits: an element's, a tokenization's or the channel's id. */
export function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b + 256).toString(16).slice(1)).join('');
}
