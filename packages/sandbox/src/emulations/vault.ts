import { validateCard } from '@tessera/core';
import { SERVICE_VAULT_TENANT_IDS, z } from '@tessera/core/internal';
import { byId } from '../state/collection.js';
import type { SandboxContext } from '../service/context.js';
import { validationError } from '../errors/http-error.js';
import { requiresChallenge, type TestCardOutcome, testCardOutcome, threeDSMethodCards } from '../service/test-cards.js';
import { validate } from '../wire/validate.js';
import { randomUuid } from '../state/random.js';

/** A vault token. Holds no card number and no CVC: only masked facts and the test-card outcome. */
export interface VaultTokenRecord {
  id: string;
  type: 'card' | 'apple_pay' | 'google_pay';
  last4: string;
  bin: string;
  brand: string;
  expMonth: number;
  expYear: number;
  outcome: TestCardOutcome;
  /** The card's issuer has a 3DS method ({@link threeDSMethodCards}); absent otherwise. */
  threeDSMethod?: true;
  createdAt: string;
}

/** Vault tokens by id (masked card facts only). */
export const vaultTokens = byId<VaultTokenRecord>()('vaultTokens');

// A card number as a JSON number, as the service's own @tagadapay/core-js sends it (`Number(cardNumber)`): taken as
// its digit string when JSON kept every digit (a safe positive integer); a longer one lost digits on the way.
const numericCardNumber = z.number().check(z.refine((value) => Number.isSafeInteger(value) && value > 0, 'must be a string, or a whole number JSON can hold exactly'));

// Basis Theory's create-token body, as basis-theory-js sends it (snake_case; `data` and `metadata` as given).
const cardRequest = z.looseObject({
  type: z.literal('card'),
  data: z.looseObject({
    number: z.union([z.string(), numericCardNumber]),
    expiration_month: z.int().check(z.minimum(1), z.maximum(12)),
    expiration_year: z.int().check(z.minimum(0), z.maximum(9999)),
    // BT accepts a card without a CVC; the sandbox asks for one, as every Tessera client sends it.
    cvc: z.string(),
  }),
  metadata: z.optional(z.record(z.string(), z.string())),
});

/** A stable, non-reversible card fingerprint (FNV-1a, two seeds). Good enough to tell cards apart in a sandbox. */
export function fingerprint(digits: string): string {
  const hash = (seed: number): string => {
    let h = seed >>> 0;
    for (let i = 0; i < digits.length; i++) h = Math.imul(h ^ digits.charCodeAt(i), 16777619) >>> 0;
    return h.toString(16).padStart(8, '0');
  };
  return `${hash(2166136261)}${hash(5381)}`;
}

/**
 * The sandbox's BT tenant id (BT answers carry `tenant_id`): the service's development tenant, the one the vendor's
 * code uses for `local` (`SERVICE_VAULT_TENANT_IDS`), so Google Pay's `gatewayMerchantId` names this vault.
 */
export const SANDBOX_BT_TENANT_ID = SERVICE_VAULT_TENANT_IDS.development;

/**
 * A new BT token id: a random UUID, as BT's are. Not a counter: a page's anonymous browser session makes a chargeable
 * instrument of any vault token whose id it sends (`POST /api/v1/payment/create-payment-instrument`), so an id that
 * could be guessed would let a page pay with another customer's card.
 */
export const nextTokenId = (): string => randomUuid();

/** The facts BT returns under `card` (snake_case), from the sandbox's record. */
export function cardFacts(record: VaultTokenRecord): Record<string, unknown> {
  return {
    bin: record.bin,
    last4: record.last4,
    brand: record.brand,
    funding: 'credit',
    expiration_month: record.expMonth,
    expiration_year: record.expYear,
    issuer: { country: 'US', name: 'TESSERA SANDBOX BANK' },
    issuer_country: { alpha2: 'US', name: 'UNITED STATES OF AMERICA', numeric: '840' },
    ...(requiresChallenge(record.outcome) ? { authentication: 'sca_required' } : {}),
  };
}

/**
 * `POST /tokens` (Basis Theory's create token, type `card`): checks the number (Luhn, length), a future expiry and
 * the CVC's shape, keeps no number and no CVC, and answers as BT does: masked `data`, card facts under `card`.
 */
export function tokenizeCard(ctx: SandboxContext, body: unknown): Record<string, unknown> {
  const input = validate(cardRequest, body);
  const { data } = input;
  const year = data.expiration_year < 100 ? 2000 + data.expiration_year : data.expiration_year;
  const checked = validateCard(
    { cardNumber: String(data.number), expiryDate: `${data.expiration_month}/${year}`, cvc: data.cvc },
    { now: ctx.clock.now() },
  );
  if (!checked.ok) {
    // validateCard speaks of the CardInput's fields; BT names the JSON paths of its body.
    const btField: Record<string, string> = { cardNumber: 'data.number', expiryDate: 'data.expiration_year', cvc: 'data.cvc' };
    throw validationError(checked.errors.map((error) => ({ ...error, field: btField[error.field] ?? error.field })));
  }
  const digits = checked.card.number;
  const record: VaultTokenRecord = {
    id: nextTokenId(),
    type: 'card',
    last4: digits.slice(-4),
    bin: digits.slice(0, 6),
    brand: checked.card.brand,
    expMonth: checked.card.expiryMonth,
    expYear: checked.card.expiryYear,
    outcome: testCardOutcome(digits),
    ...(threeDSMethodCards.has(digits) ? { threeDSMethod: true as const } : {}),
    createdAt: ctx.nowIso(),
  };
  vaultTokens.of(ctx).set(record.id, record);
  return {
    id: record.id,
    tenant_id: SANDBOX_BT_TENANT_ID,
    type: 'card',
    data: { number: `${record.bin}${'X'.repeat(digits.length - 10)}${record.last4}`, expiration_month: record.expMonth, expiration_year: record.expYear },
    card: cardFacts(record),
    fingerprint: fingerprint(digits),
    fingerprint_expression: '{{ data.number }}',
    mask: { number: '{{ data.number | reveal: 6, 4 }}', expiration_month: '{{ data.expiration_month }}', expiration_year: '{{ data.expiration_year }}' },
    privacy: { classification: 'pci', impact_level: 'high', restriction_policy: 'mask' },
    containers: ['/pci/high/'],
    search_indexes: [],
    ...(input.metadata ? { metadata: input.metadata } : {}),
    created_by: SANDBOX_BT_TENANT_ID,
    created_at: record.createdAt,
  };
}
