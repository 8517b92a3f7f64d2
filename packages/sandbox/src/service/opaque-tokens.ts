import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { randomBase64Url } from '../state/random.js';

/** An opaque token as issued, and the only thing the sandbox keeps of it: its SHA-256 (hex). */
export interface OpaqueToken {
  /** The token, answered once and never kept (not in the state, not in a data file). */
  token: string;
  /** Its SHA-256 in hex. */
  digest: string;
}

/**
 * A random opaque token (`prefix` then 32 random bytes, base64url): the sandbox's stand-in for a token the service
 * signs (a funnel preview session's, a builder session's). It is no credential of the sandbox: no route accepts it as
 * an API key or a session token. Only its digest is kept.
 */
export function issueOpaqueToken(prefix: string): OpaqueToken {
  const token = `${prefix}_${randomBase64Url(32)}`;
  return { token, digest: bytesToHex(sha256(utf8ToBytes(token))) };
}
