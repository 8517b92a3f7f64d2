import { type CardTokenResponse, encodeServiceToken, type ServiceTokenMetadata, type ServiceTokenType } from '@tessera/core';

/**
 * Builds the non-sensitive metadata of a service token from the vault's answer only (never from what the
 * customer typed): last4, brand, bin, expiry, funding, fingerprint, authentication and issuer.
 */
export function serviceTokenMetadataFrom(response: CardTokenResponse): ServiceTokenMetadata {
  const data = response.data ?? {};
  const metadata: ServiceTokenMetadata = {};
  if (data.last4 !== undefined) metadata.last4 = data.last4;
  if (data.brand !== undefined) metadata.brand = data.brand;
  if (data.bin !== undefined) metadata.bin = data.bin;
  if (data.expiration_month !== undefined) metadata.expiryMonth = data.expiration_month;
  if (data.expiration_year !== undefined) metadata.expiryYear = data.expiration_year;
  if (data.funding !== undefined) metadata.funding = data.funding;
  if (data.fingerprint !== undefined) metadata.fingerprint = data.fingerprint;
  const scaRequired = response.metadata?.auth?.scaRequired;
  if (scaRequired !== undefined) metadata.authentication = scaRequired ? 'sca_required' : 'optional';
  const issuer = data.issuer;
  if (issuer && (issuer.name !== undefined || issuer.country !== undefined)) {
    metadata.issuer = {};
    if (issuer.name !== undefined) metadata.issuer.name = issuer.name;
    if (issuer.country !== undefined) metadata.issuer.country = issuer.country;
  }
  return metadata;
}

/**
 * Encodes the service token for a vault answer. Core's encoder refuses any envelope that carries a card number
 * or a security code, so a misbehaving vault cannot leak one into the token.
 */
export function toServiceTokenString(type: ServiceTokenType, response: CardTokenResponse, provider: string): string {
  return encodeServiceToken({ type, token: response.id, provider, nonSensitiveMetadata: serviceTokenMetadataFrom(response) });
}
