import { type CardTokenResponse, luhnCheck, type ServiceToken, type ServiceTokenMetadata, type ServiceTokenType } from '@tessera/core';
import { TesseraInvalidResponseError } from './errors.js';

const digitsOnly = (pattern: RegExp) => (value: unknown): value is string => typeof value === 'string' && pattern.test(value);
const isLast4 = digitsOnly(/^\d{4}$/);
const isBin = digitsOnly(/^\d{6,8}$/);
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isInt = (min: number, max: number) => (value: unknown): value is number => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
const isMonth = isInt(1, 12);
const isYear = isInt(2000, 2200);

/**
 * Builds the non-sensitive metadata of a service token from the vault's answer only (never from what the customer
 * typed): last4, brand, bin, expiry, funding, fingerprint, authentication and issuer. A value in the wrong shape is
 * left out rather than sent, so core's `decodeServiceToken` on the server always accepts the token.
 */
export function serviceTokenMetadataFrom(response: CardTokenResponse): ServiceTokenMetadata {
  const data = response.data ?? {};
  const metadata: ServiceTokenMetadata = {};
  if (isLast4(data.last4)) metadata.last4 = data.last4;
  if (isText(data.brand)) metadata.brand = data.brand;
  if (isBin(data.bin)) metadata.bin = data.bin;
  if (isMonth(data.expiration_month)) metadata.expiryMonth = data.expiration_month;
  if (isYear(data.expiration_year)) metadata.expiryYear = data.expiration_year;
  if (isText(data.funding)) metadata.funding = data.funding;
  if (isText(data.fingerprint)) metadata.fingerprint = data.fingerprint;
  const scaRequired = response.metadata?.auth?.scaRequired;
  // The vault's own word (BT's `card.authentication`) when it gave one, else what `scaRequired` says.
  if (data.authentication === 'sca_required' || data.authentication === 'optional') metadata.authentication = data.authentication;
  else if (typeof scaRequired === 'boolean') metadata.authentication = scaRequired ? 'sca_required' : 'optional';
  const issuer: { name?: string; country?: string } = {};
  if (isText(data.issuer?.name)) issuer.name = data.issuer.name;
  if (isText(data.issuer?.country)) issuer.country = data.issuer.country;
  if (issuer.name !== undefined || issuer.country !== undefined) metadata.issuer = issuer;
  return metadata;
}

// Same rule as core's decoder: a string value that is a Luhn-valid 12–19 digit number is a card number.
function isCardNumber(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) && luhnCheck(digits);
}

/**
 * Encodes a service token as base64 of its UTF-8 JSON, in the format core's `decodeServiceToken` reads. The
 * envelope is built here from typed values, so a narrower check than core's `encodeServiceToken` (which scans any
 * object for card-data keys and carries its own error class) is enough, and it keeps the whole package inside its
 * 16 KB budget. It still refuses anything that looks like a card number, whatever the vault answered; the tests
 * decode every token it makes with core's decoder.
 */
export function toServiceTokenString(type: ServiceTokenType, response: CardTokenResponse, provider: string): string {
  const envelope: ServiceToken = { type, token: response.id, provider, nonSensitiveMetadata: serviceTokenMetadataFrom(response) };
  const values = [envelope.token, ...Object.values(envelope.nonSensitiveMetadata ?? {}), envelope.nonSensitiveMetadata?.issuer?.name, envelope.nonSensitiveMetadata?.issuer?.country];
  if (envelope.token.length > 4096 || values.some(isCardNumber)) {
    throw new TesseraInvalidResponseError('The vault answer cannot be turned into a service token');
  }
  const bytes = new TextEncoder().encode(JSON.stringify(envelope));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
