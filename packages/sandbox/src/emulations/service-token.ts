import { detectCardBrand, encodeServiceToken, type FieldError, type ServiceTokenMetadata, TesseraValidationError } from '@tessera/core';
import { toFieldErrors, z } from '@tessera/core/internal';
import type { output } from 'zod/mini';
import { SandboxHttpError, validationError } from '../errors/http-error.js';
import { validate } from '../wire/validate.js';
import type { SandboxContext } from '../service/context.js';
import { isTestCardName, type TestCardName, testCardNumbers } from '../service/test-card-names.js';
import { tokenizeCard } from './vault.js';

/**
 * A card to make a service token of: a test card's name (`'visa_3ds'`), a card number (`'4000000000003220'`: a
 * `testCards` key, or any valid number), or the card itself. Without an expiry: December, three years from the
 * sandbox's clock; without a CVC: `123` (`1234` for an American Express).
 */
export type ServiceTokenCard = TestCardName | `${number}` | { number: string; expMonth?: number; expYear?: number; cvc?: string };

/** The card facts of a service token the sandbox made: never the number or the CVC. */
export interface ServiceTokenFacts {
  /** The vault's token id (the envelope's `token`). */
  tokenId: string;
  brand: string;
  bin: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** True for a card that asks for 3DS (the vault says `sca_required`). */
  scaRequired: boolean;
}

/** A service token the sandbox made, with its card's facts. */
export interface SandboxServiceToken {
  /** What `paymentInstruments.createFromToken({ serviceToken })` takes. */
  serviceToken: string;
  card: ServiceTokenFacts;
}

/**
 * Service tokens for test cards, from the sandbox alone (no `@tessera/tokenizer`): in process (`sandbox`) and over
 * HTTP (`connectSandbox(url)`), the same methods.
 */
export interface ServiceTokenHelpers {
  /**
   * The service token the tokenizer would make for `card` against this sandbox's vault, for
   * `paymentInstruments.createFromToken`: `'visa_3ds'`, a card number, or `{ number, expMonth?, expYear?, cvc? }`.
   * A card that names none, or one the vault refuses (Luhn, expiry, CVC), is a `TesseraValidationError` naming
   * `card` (or `card.number`, `card.expYear`, …); over HTTP, before any request when it can tell.
   */
  createServiceToken(card: ServiceTokenCard): Promise<string>;
  /** Like {@link createServiceToken}, with the card's facts: the vault's token id, brand, last4, expiry, whether 3DS is asked for. */
  createServiceTokenWithFacts(card: ServiceTokenCard): Promise<SandboxServiceToken>;
}

/** The service-token helpers of an in-process sandbox: a card the vault refuses is a `TesseraValidationError`. */
export function serviceTokenHelpers(ctx: SandboxContext): ServiceTokenHelpers {
  const create = async (card: ServiceTokenCard): Promise<SandboxServiceToken> => {
    await Promise.resolve();
    try {
      return createServiceToken(ctx, { card });
    } catch (error) {
      if (error instanceof SandboxHttpError && error.fields !== undefined) throw new TesseraValidationError(error.fields);
      throw error;
    }
  };
  return { createServiceToken: async (card) => (await create(card)).serviceToken, createServiceTokenWithFacts: create };
}

const cardObject = z.strictObject({
  number: z.string().check(z.regex(/^[\d -]{12,23}$/, 'must be a card number (12 to 19 digits, spaces or dashes allowed)')),
  expMonth: z.optional(z.int().check(z.minimum(1), z.maximum(12))),
  expYear: z.optional(z.int().check(z.minimum(2000), z.maximum(2200))),
  cvc: z.optional(z.string().check(z.regex(/^\d{3,4}$/, 'must be 3 or 4 digits'))),
});
const cardInput = z.union([z.string(), cardObject]);
const serviceTokenRequest = z.strictObject({ card: cardInput });

const NAMED = `a test card's name (${Object.keys(testCardNumbers).join(', ')}), a card number, or { number, expMonth?, expYear?, cvc? }`;

/** The card of a request, or the field errors of one that names none (a message that never quotes what was sent). */
function cardOf(card: output<typeof cardInput>): { number: string; expMonth?: number | undefined; expYear?: number | undefined; cvc?: string | undefined } | FieldError[] {
  if (typeof card !== 'string') return card;
  if (isTestCardName(card)) return { number: testCardNumbers[card] };
  if (/^\d{12,19}$/.test(card)) return { number: card };
  return [{ field: 'card', code: 'invalid_value', message: `must be ${NAMED}` }];
}

/** What is wrong with a card given to the service-token helpers, field by field (`[]` when it names a card to tokenize). */
export function serviceTokenCardErrors(card: unknown): FieldError[] {
  const parsed = z.safeParse(serviceTokenRequest, { card });
  if (!parsed.success) return toFieldErrors(parsed.error.issues).map((error) => (error.field.startsWith('card') ? error : { ...error, field: 'card' }));
  const named = cardOf(parsed.data.card);
  return Array.isArray(named) ? named : [];
}

/**
 * Makes the service token the tokenizer would make for `card` against this sandbox: the same vault (`POST /tokens`,
 * so the same token record and fingerprint), and the same envelope read from the vault's answer as the tokenizer
 * reads it (`readBasisTheoryToken` and `toServiceTokenString` of `@tessera/tokenizer`): `{ type: 'card', token,
 * provider: 'basistheory', nonSensitiveMetadata: { last4, brand, bin, expiryMonth, expiryYear, funding,
 * fingerprint, issuer, authentication } }`, base64 of its UTF-8 JSON. The tokenizer's tests check both give the same
 * token. A card the vault refuses is a 400 naming the field (`card.number`, `card.expYear`, `card.cvc`).
 */
export function createServiceToken(ctx: SandboxContext, request: unknown): SandboxServiceToken {
  const { card: given } = validate(serviceTokenRequest, request);
  const card = cardOf(given);
  if (Array.isArray(card)) throw validationError(card);
  const digits = card.number.replace(/[\s-]/g, '');
  const data = {
    number: digits,
    expiration_month: card.expMonth ?? 12,
    expiration_year: card.expYear ?? ctx.clock.now().getUTCFullYear() + 3,
    cvc: card.cvc ?? (detectCardBrand(digits) === 'amex' ? '1234' : '123'),
  };
  let answer: Record<string, unknown>;
  try {
    answer = tokenizeCard(ctx, { type: 'card', data });
  } catch (error) {
    // The vault names BT's paths (`data.number`); this request's are `card.*`.
    const fields = error instanceof SandboxHttpError ? error.fields : undefined;
    if (fields === undefined) throw error;
    const named: Record<string, string> = { 'data.number': 'card.number', 'data.expiration_year': 'card.expYear', 'data.expiration_month': 'card.expMonth', 'data.cvc': 'card.cvc' };
    throw validationError(fields.map((field) => ({ ...field, field: typeof given === 'string' ? 'card' : (named[field.field] ?? 'card') })));
  }
  const bt = answer as { id: string; fingerprint: string; card: { bin: string; last4: string; brand: string; funding: string; expiration_month: number; expiration_year: number; issuer: { name: string; country: string }; authentication?: string } };
  const sca = bt.card.authentication === 'sca_required';
  // The tokenizer's facts, in its order (`readBasisTheoryToken`), then its one SCA decision.
  const metadata: ServiceTokenMetadata = {
    last4: bt.card.last4,
    brand: bt.card.brand,
    bin: bt.card.bin,
    expiryMonth: bt.card.expiration_month,
    expiryYear: bt.card.expiration_year,
    funding: bt.card.funding,
    fingerprint: bt.fingerprint,
    issuer: { name: bt.card.issuer.name, country: bt.card.issuer.country },
    authentication: sca ? 'sca_required' : 'optional',
  };
  return {
    serviceToken: encodeServiceToken({ type: 'card', token: bt.id, provider: 'basistheory', nonSensitiveMetadata: metadata }),
    card: { tokenId: bt.id, brand: bt.card.brand, bin: bt.card.bin, last4: bt.card.last4, expMonth: bt.card.expiration_month, expYear: bt.card.expiration_year, scaRequired: sca },
  };
}
