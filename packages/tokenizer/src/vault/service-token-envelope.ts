import { type CardTokenResponse, luhnCheck, normalizeCardNumber, type ServiceToken, type ServiceTokenMetadata, type ServiceTokenType } from '@tessera/core';
import { TesseraResponseValidationError } from '../errors.js';

/**
 * The non-sensitive metadata of a service token, from the vault's answer only (never from what the customer typed):
 * last4, brand, bin, expiry, funding, fingerprint, authentication and issuer. `fromBasisTheoryToken` already
 * dropped every fact not in the shape core's `decodeServiceToken` accepts.
 */
export function serviceTokenMetadataFrom(response: CardTokenResponse): ServiceTokenMetadata {
  const { last4, brand, bin, expiration_month: expiryMonth, expiration_year: expiryYear, funding, fingerprint, authentication, issuer } = (response.data ?? {}) as ServiceTokenMetadata & {
    expiration_month?: number;
    expiration_year?: number;
  };
  const metadata = JSON.parse(JSON.stringify({ last4, brand, bin, expiryMonth, expiryYear, funding, fingerprint, issuer })) as ServiceTokenMetadata;
  // `fromBasisTheoryToken` derives `scaRequired` from this same `authentication`: when BT gave none, no SCA is required.
  metadata.authentication = authentication ?? 'optional';
  return metadata;
}

// The tokenizer's own guard on what it sends: none of the facts it copies from the vault's answer (token id, last4,
// bin, brand, issuer, …) may be a Luhn-valid 12–19 digit number. Core's decoder judges envelopes by field name only.
function isCardNumber(value: unknown): boolean {
  const digits = typeof value === 'string' ? normalizeCardNumber(value) : undefined;
  return digits !== undefined && digits.length >= 12 && digits.length <= 19 && luhnCheck(digits);
}

/**
 * Encodes a service token as base64 of its UTF-8 JSON, in the format core's `decodeServiceToken` reads. The
 * envelope is built here from typed values, so a narrower check than core's `encodeServiceToken` (which scans any
 * object for card-data keys and carries its own error class) is enough, and it keeps the whole package inside its
 * 16 KB budget. It still refuses anything that looks like a card number, whatever the vault answered; the tests
 * decode every token it makes with core's decoder.
 */
export function toServiceTokenString(type: ServiceTokenType, response: CardTokenResponse, provider: string): string {
  const metadata = serviceTokenMetadataFrom(response);
  const envelope: ServiceToken = { type, token: response.id, provider, nonSensitiveMetadata: metadata };
  const values = [response.id, ...Object.values(metadata), metadata.issuer?.name, metadata.issuer?.country];
  if (response.id.length > 4096 || values.some(isCardNumber)) {
    throw new TesseraResponseValidationError('The vault answer cannot be turned into a service token');
  }
  const bytes = new TextEncoder().encode(JSON.stringify(envelope));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
