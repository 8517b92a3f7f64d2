import type { CardTokenResponse, ServiceTokenType } from '@tessera/core';
import { TesseraResponseValidationError } from '../errors/errors.js';
import { withoutUndefined } from '../platform/without-undefined.js';

type Json = Record<string, unknown>;

/** `value` when it is an object (not null), else undefined. */
export const objectOr = (value: unknown): Json | undefined => (typeof value === 'object' && value !== null ? (value as Json) : undefined);
// A fact is kept only in the shape core's service-token decoder accepts; anything else is left out, never sent.
const matching = (pattern: RegExp) => (value: unknown): string | undefined => (typeof value === 'string' && pattern.test(value) ? value : undefined);
const text = matching(/./);
const last4 = matching(/^\d{4}$/);
const bin = matching(/^\d{6,8}$/);
const between = (min: number, max: number) => (value: unknown): number | undefined =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? (value as number) : undefined;
const month = between(1, 12);
const year = between(2000, 2200);

/** The part of a Basis Theory answer that carries a token: the token itself, or `apple_pay` / `google_pay` / `token_intent` of a wallet answer. */
export function basisTheoryTokenOf(answer: unknown, walletKey?: 'apple_pay' | 'google_pay'): Json {
  const body = objectOr(answer);
  const token = walletKey ? (objectOr(body?.[walletKey]) ?? objectOr(body?.token_intent)) : body;
  if (!text(token?.id)) throw new TesseraResponseValidationError('The vault returned a token in an unexpected shape');
  return token as Json;
}

/** Card facts known before the vault answers, from a card element's own metadata (`cardBin`, `cardLast4`, `cardBrand`). */
export interface KnownCardFacts {
  bin?: string | undefined;
  last4?: string | undefined;
  brand?: string | undefined;
}

/**
 * A card's non-sensitive facts, in the one spelling the tokenizer keeps: the service token's metadata (core's
 * `ServiceTokenMetadata`). `CardTokenResponse.data` (Basis Theory's snake_case) and `TokenizedCard.card` (the 3DS
 * session's `expirationMonth`) are derived from it. `authentication` is what Basis Theory said, absent when it said
 * nothing; {@link isScaRequired} decides from it.
 */
export interface CardFacts {
  last4?: string;
  brand?: string;
  bin?: string;
  expiryMonth?: number;
  expiryYear?: number;
  funding?: string;
  fingerprint?: string;
  issuer?: { name?: string; country?: string };
  authentication?: 'sca_required' | 'optional';
}

/** A token the vault made, as the tokenizer holds it: read once from Basis Theory's answer by {@link readBasisTheoryToken}. */
export interface VaultToken {
  /** The vault's token id. */
  id: string;
  type: ServiceTokenType;
  facts: CardFacts;
  /** Basis Theory's masked number (`424242XXXXXX4242`), which only `CardTokenResponse.data` carries. */
  maskedNumber: string | undefined;
  /** When the vault made the token (its `created_at`, else now), ISO 8601. */
  tokenizedAt: string;
}

/** The one decision whether a card needs Strong Customer Authentication: Basis Theory said `sca_required`. */
export const isScaRequired = (facts: CardFacts): boolean => facts.authentication === 'sca_required';

/**
 * The one reader of a Basis Theory token (`POST /tokens`, or the token of a wallet answer): the non-sensitive card
 * facts BT returns under `card` (bin, last4, brand, funding, issuer, authentication, expiry, else the expiry under
 * `data`), the token's `fingerprint`, the masked number and `created_at`. Only BT's answer is read, never what the
 * customer typed; a fact in an unexpected shape is left out.
 */
export function readBasisTheoryToken(token: Json, type: ServiceTokenType): VaultToken {
  const card = objectOr(token.card) ?? {};
  const data = objectOr(token.data) ?? {};
  const issuer = objectOr(card.issuer);
  const facts = {
    last4: last4(card.last4),
    brand: text(card.brand),
    bin: bin(card.bin),
    expiryMonth: month(card.expiration_month) ?? month(data.expiration_month),
    expiryYear: year(card.expiration_year) ?? year(data.expiration_year),
    funding: text(card.funding),
    fingerprint: text(token.fingerprint),
    issuer: issuer && { name: text(issuer.name), country: text(issuer.country) },
    authentication: card.authentication === 'sca_required' || card.authentication === 'optional' ? card.authentication : undefined,
  };
  return {
    id: token.id as string,
    type,
    // Without the facts BT did not give, the issuer's too.
    facts: withoutUndefined<CardFacts>(facts),
    maskedNumber: text(data.number),
    tokenizedAt: text(token.created_at) ?? new Date().toISOString(),
  };
}

/**
 * The interface's CardTokenResponse (section 2.2) of a vault token: masked `data.number`, the facts in Basis Theory's
 * spelling (`expiration_month`, …), `metadata.auth.scaRequired` and `metadata.tokenizedAt`.
 */
export function toCardTokenResponse({ id, type, facts, maskedNumber, tokenizedAt }: VaultToken): CardTokenResponse {
  const { expiryMonth, expiryYear, ...rest } = facts;
  const data = { number: maskedNumber, expiration_month: expiryMonth, expiration_year: expiryYear, ...rest };
  return { id, type, data: withoutUndefined<Json>(data), metadata: { auth: { scaRequired: isScaRequired(facts) }, tokenizedAt } };
}
