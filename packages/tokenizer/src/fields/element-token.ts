import { objectOr, type KnownCardFacts } from '../vault/basis-theory-token.js';

type Json = Record<string, unknown>;

/**
 * What a card element's `tokens.create` resolves with, in the shape `readBasisTheoryToken` reads (the HTTP API's):
 * BT's JS SDK answers in camelCase (`card.expirationMonth`, `createdAt`) and may carry the card facts only under
 * `enrichments` (`cardDetails` bin/last4, `binDetails` brand/funding/issuer). Those fill what `card` lacks, then
 * `known` (the card element's own metadata: BIN, last4, brand) fills what the answer lacks. `readBasisTheoryToken`
 * still checks the shape of every fact. Kept out of `readBasisTheoryToken` so the main entry does not grow.
 */
export function withCardFacts(token: Json, known: KnownCardFacts): Json {
  const card = objectOr(token.card) ?? {};
  const enrichments = objectOr(token.enrichments);
  const details = objectOr(enrichments?.cardDetails) ?? {};
  const binDetails = objectOr(enrichments?.binDetails) ?? {};
  const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : undefined);
  const enriched: Json = {
    bin: details.bin ?? known.bin,
    last4: details.last4 ?? known.last4,
    // `VISA`, `AMERICAN EXPRESS` → `visa`, `american-express`, as the service spells brands.
    brand: lower(binDetails.cardBrand)?.replace(/\s+/g, '-') ?? known.brand,
    funding: lower(binDetails.type),
    issuer: binDetails.bank || binDetails.country ? { name: objectOr(binDetails.bank)?.name, country: objectOr(binDetails.country)?.alpha2 } : undefined,
    expiration_month: card.expirationMonth,
    expiration_year: card.expirationYear,
  };
  for (const [key, value] of Object.entries(card)) if (value !== undefined) enriched[key] = value;
  return { ...token, card: enriched, created_at: token.created_at ?? token.createdAt };
}
