import type { CardTokenResponse } from '@tessera/core';
import { TesseraInvalidResponseError } from './errors.js';

type Json = Record<string, unknown>;

const objectOr = (value: unknown): Json | undefined => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
// BT sends the expiry as numbers; a string of digits is read too, never a string that is not one.
const int = (value: unknown): number | undefined => {
  const number = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value;
  return Number.isInteger(number) ? (number as number) : undefined;
};

/** The part of a Basis Theory answer that carries a token: the token itself, or `apple_pay` / `google_pay` / `token_intent` of a wallet answer. */
export function basisTheoryTokenOf(answer: unknown, walletKey?: 'apple_pay' | 'google_pay'): Json {
  const body = objectOr(answer);
  const token = walletKey ? (objectOr(body?.[walletKey]) ?? objectOr(body?.token_intent)) : body;
  if (!token || text(token.id) === undefined) throw new TesseraInvalidResponseError('The vault returned a token in an unexpected shape');
  return token;
}

/**
 * Turns a Basis Theory token (`POST /tokens`, or the token of a wallet answer) into the interface's
 * CardTokenResponse (section 2.2): masked `data.number`, expiry, `metadata.auth.scaRequired` from BT's
 * `card.authentication`, `metadata.tokenizedAt`, plus the non-sensitive card facts BT returns under `card`
 * (bin, last4, brand, funding, issuer, authentication) and the token's `fingerprint`. Only BT's answer is read,
 * never what the customer typed.
 */
export function fromBasisTheoryToken(token: Json, type: string, now: () => Date = () => new Date()): CardTokenResponse {
  const card = objectOr(token.card) ?? {};
  const data = objectOr(token.data) ?? {};
  const issuer = objectOr(card.issuer);
  const issuerName = text(issuer?.name);
  const issuerCountry = text(issuer?.country) ?? text(objectOr(card.issuer_country)?.alpha2);
  const authentication = text(card.authentication);
  const facts: Record<string, unknown> = {
    number: text(data.number),
    expiration_month: int(card.expiration_month) ?? int(data.expiration_month),
    expiration_year: int(card.expiration_year) ?? int(data.expiration_year),
    last4: text(card.last4),
    bin: text(card.bin),
    brand: text(card.brand),
    funding: text(card.funding),
    fingerprint: text(token.fingerprint),
    authentication,
    issuer: issuerName !== undefined || issuerCountry !== undefined ? { name: issuerName, country: issuerCountry } : undefined,
  };
  for (const key of Object.keys(facts)) if (facts[key] === undefined) delete facts[key];
  const issuerFacts = facts.issuer as Json | undefined;
  if (issuerFacts) for (const key of Object.keys(issuerFacts)) if (issuerFacts[key] === undefined) delete issuerFacts[key];
  return {
    id: token.id as string,
    type,
    data: facts,
    metadata: { auth: { scaRequired: authentication === 'sca_required' }, tokenizedAt: text(token.created_at) ?? now().toISOString() },
  };
}
