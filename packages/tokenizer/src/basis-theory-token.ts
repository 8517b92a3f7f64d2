import type { CardTokenResponse } from '@tessera/core';
import { TesseraResponseValidationError } from './errors.js';

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

// BT's enrichment names a brand as `VISA` or `AMERICAN EXPRESS`; the service spells it `visa`, `american-express`.
const brandName = (value: unknown): string | undefined => text(value)?.toLowerCase().replace(/\s+/g, '-');

/**
 * Turns a Basis Theory token (`POST /tokens`, the token of a wallet answer, or what a card element's
 * `tokens.create` resolves with) into the interface's CardTokenResponse (section 2.2): masked `data.number`, expiry,
 * `metadata.auth.scaRequired` from BT's `card.authentication`, `metadata.tokenizedAt`, plus the non-sensitive card
 * facts BT returns under `card` (bin, last4, brand, funding, issuer, authentication) and the token's `fingerprint`.
 * Only BT's answer is read, never what the customer typed; a fact in an unexpected shape is left out. BT's
 * `enrichments` (`cardDetails` bin/last4, `binDetails` brand/funding/issuer) fill what `card` lacks, then `known`
 * (a card element's metadata) fills what the answer lacks. The JS SDK answers in camelCase (`expirationMonth`,
 * `createdAt`), the HTTP API in snake_case: both are read.
 */
export function fromBasisTheoryToken(token: Json, type: string, known: KnownCardFacts = {}): CardTokenResponse {
  const card = objectOr(token.card) ?? {};
  const data = objectOr(token.data) ?? {};
  const enrichments = objectOr(token.enrichments);
  const cardDetails = objectOr(enrichments?.cardDetails ?? enrichments?.card_details) ?? {};
  const binDetails = objectOr(enrichments?.binDetails ?? enrichments?.bin_details) ?? {};
  const issuer = objectOr(card.issuer) ?? enrichedIssuer(binDetails);
  const authentication = card.authentication === 'sca_required' || card.authentication === 'optional' ? card.authentication : undefined;
  const facts: Json = {
    number: text(data.number),
    expiration_month: month(card.expiration_month) ?? month(card.expirationMonth) ?? month(data.expiration_month) ?? month(data.expirationMonth),
    expiration_year: year(card.expiration_year) ?? year(card.expirationYear) ?? year(data.expiration_year) ?? year(data.expirationYear),
    last4: last4(card.last4) ?? last4(cardDetails.last4) ?? last4(known.last4),
    bin: bin(card.bin) ?? bin(cardDetails.bin) ?? bin(known.bin),
    brand: text(card.brand) ?? brandName(binDetails.cardBrand ?? binDetails.card_brand) ?? text(known.brand),
    funding: text(card.funding) ?? text(binDetails.type)?.toLowerCase(),
    fingerprint: text(token.fingerprint),
    authentication,
    issuer: issuer && { name: text(issuer.name), country: text(issuer.country) },
  };
  return {
    id: token.id as string,
    type,
    // JSON drops the facts BT did not give (undefined), the issuer's too.
    data: JSON.parse(JSON.stringify(facts)) as Json,
    metadata: { auth: { scaRequired: authentication === 'sca_required' }, tokenizedAt: text(token.created_at) ?? text(token.createdAt) ?? new Date().toISOString() },
  };
}

// `binDetails.bank.name` and `binDetails.country.alpha2`, in the shape of BT's `card.issuer`.
function enrichedIssuer(binDetails: Json): Json | undefined {
  const name = text(objectOr(binDetails.bank)?.name);
  const country = text(objectOr(binDetails.country)?.alpha2);
  return name === undefined && country === undefined ? undefined : { name, country };
}
