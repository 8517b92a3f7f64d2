import type { CardBrand } from '@tessera/core';
import { cardBrandOfVaultId } from '@tessera/core/internal';
import { isScaRequired, type VaultToken } from './basis-theory-token.js';
import { toServiceTokenString } from './service-token-envelope.js';

/**
 * A card brand as the tokenizer reports it to the page: core's name for the brands core knows (`amex`, not Basis
 * Theory's `american-express`), Basis Theory's own id for one core does not (`rupay`, `bancontact`, …).
 */
export type DetectedCardBrand = Exclude<CardBrand, 'unknown'> | (string & {});

/** The card instrument a 3DS session is created for (section 4.4 of the interface). */
export interface ThreeDSInstrument {
  /** Payment instrument id (from the merchant server's `createFromToken`). */
  id: string;
  /** The vault's raw token id (`CardTokenResponse.id`, the Basis Theory token). */
  tokenId: string;
  /** Only `card` is defined. */
  type?: 'card';
  card: { last4: string; bin: string; expirationMonth: number; expirationYear: number };
}

/**
 * The card facts a page needs after tokenizing, from the vault's answer (never from what the customer typed), spelled
 * as `createThreeDS().createSession` takes its instrument: `createSession({ instrument: { id, ...card }, payment })`
 * with `id` the payment instrument your server created from the service token.
 */
export interface TokenizedCard {
  /** The vault's token id (Basis Theory's), which web-threeds creates the 3DS session for. */
  tokenId: string;
  type: 'card';
  /** The card's masked facts (`bin`, `last4`, `expirationMonth`, `expirationYear`), as `createSession`'s `ThreeDSInstrument` spells them. */
  card: ThreeDSInstrument['card'];
  /**
   * Card brand, when the vault said, as core names it (`visa`, `mastercard`, `amex`, …). The service token keeps the
   * vault's own spelling (`american-express`), which the service reads.
   */
  brand: DetectedCardBrand | undefined;
  /** True when the issuer requires Strong Customer Authentication: create the 3DS session before the payment. */
  scaRequired: boolean;
}

/** What `tokenizeCardWithFacts` (raw inputs) and `CardFields.tokenize` (card fields) resolve with. */
export interface TokenizedCardResult {
  /** The service token string for your server (what `tokenizeCard` returns). */
  serviceToken: string;
  /** The card facts, ready for `createSession`. */
  card: TokenizedCard;
}

/**
 * The service token and the card facts of one vault token, both derived from its facts (read once by
 * `readBasisTheoryToken`), written once for both card paths (raw inputs and card fields), so the two give the same
 * token for the same vault answer.
 */
export function tokenizedCardFrom(token: VaultToken, provider: string): TokenizedCardResult {
  const { id, facts } = token;
  return {
    serviceToken: toServiceTokenString(token, provider),
    card: {
      tokenId: id,
      type: 'card',
      card: { bin: facts.bin ?? '', last4: facts.last4 ?? '', expirationMonth: facts.expiryMonth ?? 0, expirationYear: facts.expiryYear ?? 0 },
      brand: cardBrandOfVaultId(facts.brand),
      scaRequired: isScaRequired(facts),
    },
  };
}
