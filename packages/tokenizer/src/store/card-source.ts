import { decodeBase64Utf8 } from '@tessera/core/internal';
import { TesseraValidationError } from '@tessera/core';
import type { TokenizedCardResult } from '../vault/tokenized-card.js';
import { isObject } from '../client/is-object.js';

/** What a store payment needs of a tokenized card or wallet: the vault token's type and id, and whether the issuer asks SCA. */
export interface VaultTokenRef {
  type: 'card' | 'apple_pay' | 'google_pay';
  /** Basis Theory's token id: the instrument is created from it, and the 3DS session for it. */
  tokenId: string;
  scaRequired: boolean;
}

const TYPES: readonly string[] = ['card', 'apple_pay', 'google_pay'];

/**
 * Reads the vault token out of a service token's envelope (base64 of `{ type, token, provider, nonSensitiveMetadata }`,
 * the format core's `decodeServiceToken` reads), without core's schema: a store page carries only this. SCA is the
 * card facts' `scaRequired` when the page tokenized with the card fields, else the envelope's `authentication`.
 * Anything else than such an envelope is a `TesseraValidationError` (`tokenized.serviceToken`).
 */
export function readVaultToken(tokenized: TokenizedCardResult | { serviceToken: string }): VaultTokenRef {
  let envelope: unknown;
  try {
    envelope = JSON.parse(decodeBase64Utf8(tokenized.serviceToken));
  } catch {
    envelope = undefined;
  }
  const { type, token, nonSensitiveMetadata } = isObject(envelope) ? envelope : {};
  if (typeof type !== 'string' || !TYPES.includes(type) || typeof token !== 'string' || token === '' || token.length > 4096) {
    throw new TesseraValidationError([{ field: 'tokenized.serviceToken', code: 'invalid', message: 'must be a service token of the card fields, a tokenizer or the wallet buttons: tokenize the card again' }]);
  }
  const card = 'card' in tokenized ? tokenized.card : undefined;
  const sca = card ? card.scaRequired : isObject(nonSensitiveMetadata) && nonSensitiveMetadata.authentication === 'sca_required';
  return { type: type as VaultTokenRef['type'], tokenId: token, scaRequired: type === 'card' && sca };
}
