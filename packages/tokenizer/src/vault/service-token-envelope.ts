import { luhnCheck, normalizeCardNumber, type ServiceToken, type ServiceTokenMetadata } from '@tessera/core';
import { TesseraResponseValidationError } from '../errors/errors.js';
import { isScaRequired, type VaultToken } from './basis-theory-token.js';

// The tokenizer's own guard on what it sends: none of the facts it copies from the vault's answer (token id, last4,
// bin, brand, issuer, …) may be a Luhn-valid 12–19 digit number. Core's decoder judges envelopes by field name only.
function isCardNumber(value: unknown): boolean {
  const digits = typeof value === 'string' ? normalizeCardNumber(value) : undefined;
  return digits !== undefined && digits.length >= 12 && digits.length <= 19 && luhnCheck(digits);
}

/**
 * Encodes the service token of a vault token (its type, id and card facts) as base64 of its UTF-8 JSON, in the
 * format core's `decodeServiceToken` reads. The envelope is built here from typed values, so a narrower check than core's `encodeServiceToken` (which scans any
 * object for card-data keys and carries its own error class) is enough, and it keeps the whole package inside its
 * 16 KB budget. It still refuses anything that looks like a card number, whatever the vault answered; the tests
 * decode every token it makes with core's decoder.
 */
export function toServiceTokenString({ type, id, facts }: VaultToken, provider: string): string {
  // The card's facts as read from the vault's answer, and `authentication` from the one SCA decision (when BT said
  // nothing, no SCA is required: `optional`).
  const metadata: ServiceTokenMetadata = { ...facts, authentication: isScaRequired(facts) ? 'sca_required' : 'optional' };
  const envelope: ServiceToken = { type, token: id, provider, nonSensitiveMetadata: metadata };
  const values = [id, ...Object.values(metadata), metadata.issuer?.name, metadata.issuer?.country];
  if (id.length > 4096 || values.some(isCardNumber)) {
    throw new TesseraResponseValidationError('The vault answer cannot be turned into a service token');
  }
  const bytes = new TextEncoder().encode(JSON.stringify(envelope));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
