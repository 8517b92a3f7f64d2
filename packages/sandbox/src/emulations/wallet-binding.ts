import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { decodeBase64Utf8, encodeBase64 } from '@tessera/core/internal';
import type { StateHolder } from '../state/collection.js';

/**
 * What binds the stand-in wallet tokens and Apple Pay merchant sessions to one sandbox: a random HMAC key made when
 * the sandbox first needs it, and the wallet transactions its vault has already tokenized (each token is good once).
 * Kept in memory only, never in a data file: a token minted before a restart or by another sandbox is refused.
 */
interface WalletBinding {
  key: Uint8Array;
  spent: Set<string>;
}

// By the state object: one per sandbox, whatever context object a request is handled with.
const bindings = new WeakMap<object, WalletBinding>();

function bindingOf(holder: StateHolder): WalletBinding {
  let binding = bindings.get(holder.state);
  if (binding === undefined) {
    binding = { key: crypto.getRandomValues(new Uint8Array(32)), spent: new Set() };
    bindings.set(holder.state, binding);
  }
  return binding;
}

/** `bytes` in standard base64 (with padding), as Apple's and Google's tokens spell their binary fields. */
export const base64 = (bytes: Uint8Array): string => encodeBase64(bytes);

/** The UTF-8 text `base64` holds; `undefined` when it is not base64 of UTF-8 text. */
export function fromBase64(text: string): string | undefined {
  try {
    return decodeBase64Utf8(text);
  } catch {
    return undefined;
  }
}

/** `count` random bytes. */
export const randomBytes = (count: number): Uint8Array => crypto.getRandomValues(new Uint8Array(count));

/** `count` random bytes in upper-case hex (Apple's transaction identifiers). */
export const randomHex = (count: number): string => Array.from(randomBytes(count), (byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join('');

/** The SHA-256 of `text`, in base64 (Apple's `publicKeyHash` is a SHA-256 in base64). */
export const sha256Base64 = (text: string): string => base64(sha256(utf8ToBytes(text)));

/** The sandbox's HMAC-SHA256 of `parts` (joined by a newline), in base64. */
export function bindingSignature(holder: StateHolder, parts: readonly string[]): string {
  return base64(hmac(sha256, bindingOf(holder).key, utf8ToBytes(parts.join('\n'))));
}

/** True when `signature` is the sandbox's HMAC of `parts` (compared in constant time). */
export function isBindingSignature(holder: StateHolder, parts: readonly string[], signature: unknown): boolean {
  if (typeof signature !== 'string') return false;
  const expected = bindingSignature(holder, parts);
  if (expected.length !== signature.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  return difference === 0;
}

/** True the first time a wallet transaction id is spent, false after: each wallet token is tokenized once. */
export function spendOnce(holder: StateHolder, transactionId: string): boolean {
  const { spent } = bindingOf(holder);
  if (spent.has(transactionId)) return false;
  spent.add(transactionId);
  return true;
}
