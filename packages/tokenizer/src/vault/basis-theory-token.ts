import type { CardTokenResponse } from '@tessera/core';
import { TesseraResponseValidationError } from '../errors.js';

type Json = Record<string, unknown>;

const objectOr = (value: unknown): Json | undefined => (typeof value === 'object' && value !== null ? (value as Json) : undefined);
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
 * Turns a Basis Theory token (`POST /tokens`, or the token of a wallet answer) into the interface's
 * CardTokenResponse (section 2.2): masked `data.number`, expiry, `metadata.auth.scaRequired` from BT's
 * `card.authentication`, `metadata.tokenizedAt`, plus the non-sensitive card facts BT returns under `card`
 * (bin, last4, brand, funding, issuer, authentication) and the token's `fingerprint`. Only BT's answer is read,
 * never what the customer typed; a fact in an unexpected shape is left out.
 */
export function fromBasisTheoryToken(token: Json, type: string): CardTokenResponse {
  const card = objectOr(token.card) ?? {};
  const data = objectOr(token.data) ?? {};
  const issuer = objectOr(card.issuer);
  const authentication = card.authentication === 'sca_required' || card.authentication === 'optional' ? card.authentication : undefined;
  const facts: Json = {
    number: text(data.number),
    expiration_month: month(card.expiration_month) ?? month(data.expiration_month),
    expiration_year: year(card.expiration_year) ?? year(data.expiration_year),
    last4: last4(card.last4),
    bin: bin(card.bin),
    brand: text(card.brand),
    funding: text(card.funding),
    fingerprint: text(token.fingerprint),
    authentication,
    issuer: issuer && { name: text(issuer.name), country: text(issuer.country) },
  };
  return {
    id: token.id as string,
    type,
    // JSON drops the facts BT did not give (undefined), the issuer's too.
    data: JSON.parse(JSON.stringify(facts)) as Json,
    metadata: { auth: { scaRequired: authentication === 'sca_required' }, tokenizedAt: text(token.created_at) ?? new Date().toISOString() },
  };
}
