import { type CardTokenResponse, validateCard } from '@tessera/core';
import * as z from 'zod/mini';
import type { SandboxContext } from './context.js';
import { validationError } from './http-error.js';
import type { VaultTokenRecord } from './state.js';
import { testCardOutcome } from './test-cards.js';
import { validate } from './validate.js';

const cardRequest = z.object({
  cardNumber: z.string(),
  expiryMonth: z.int().check(z.minimum(1), z.maximum(12)),
  expiryYear: z.int().check(z.minimum(0), z.maximum(9999)),
  cvc: z.string(),
  cardholderName: z.optional(z.string()),
});

const walletRequest = z.object({ walletToken: z.string().check(z.minLength(1), z.maxLength(100_000)) });

const merchantSessionRequest = z.object({ validationURL: z.url(), domainName: z.string().check(z.minLength(1)), displayName: z.string() });

// A stable, non-reversible card fingerprint (FNV-1a, two seeds). Good enough to tell cards apart in a sandbox.
function fingerprint(digits: string): string {
  const hash = (seed: number): string => {
    let h = seed >>> 0;
    for (let i = 0; i < digits.length; i++) h = Math.imul(h ^ digits.charCodeAt(i), 16777619) >>> 0;
    return h.toString(16).padStart(8, '0');
  };
  return `fp_${hash(2166136261)}${hash(5381)}`;
}

function toCardTokenResponse(record: VaultTokenRecord, masked: string, fingerprintValue: string): CardTokenResponse {
  return {
    id: record.id,
    type: record.type,
    data: {
      number: masked,
      expiration_month: record.expMonth,
      expiration_year: record.expYear,
      last4: record.last4,
      bin: record.bin,
      brand: record.brand,
      funding: 'credit',
      fingerprint: fingerprintValue,
      issuer: { name: 'Tessera Sandbox Bank', country: 'US' },
    },
    metadata: { auth: { scaRequired: record.outcome === 'challenge' }, tokenizedAt: record.createdAt },
  };
}

/** `POST /vault/v1/cards`: tokenizes a card. The number is checked (Luhn, length, future expiry); the CVC is checked for shape and dropped. */
export function tokenizeCard(ctx: SandboxContext, body: unknown): CardTokenResponse {
  const input = validate(cardRequest, body);
  const year = input.expiryYear < 100 ? 2000 + input.expiryYear : input.expiryYear;
  const checked = validateCard(
    { cardNumber: input.cardNumber, expiryDate: `${input.expiryMonth}/${year}`, cvc: input.cvc, cardholderName: input.cardholderName },
    { now: ctx.clock.now() },
  );
  if (!checked.ok) {
    // validateCard speaks of `expiryDate`; this request has month and year fields.
    throw validationError(checked.errors.map((error) => (error.field === 'expiryDate' ? { ...error, field: 'expiryYear' } : error)));
  }
  const digits = checked.card.number;
  const record: VaultTokenRecord = {
    id: ctx.nextId('tok'),
    type: 'card',
    last4: digits.slice(-4),
    bin: digits.slice(0, 6),
    brand: checked.card.brand,
    expMonth: checked.card.expiryMonth,
    expYear: checked.card.expiryYear,
    outcome: testCardOutcome(digits),
    createdAt: ctx.nowIso(),
  };
  ctx.state.vaultTokens.set(record.id, record);
  const masked = `${record.bin}${'*'.repeat(digits.length - 10)}${record.last4}`;
  return toCardTokenResponse(record, masked, fingerprint(digits));
}

/** `POST /vault/v1/wallets/{apple_pay|google_pay}`: tokenizes a wallet token as a sandbox Visa card. */
export function tokenizeWallet(ctx: SandboxContext, type: 'apple_pay' | 'google_pay', body: unknown): CardTokenResponse {
  const input = validate(walletRequest, body);
  const record: VaultTokenRecord = {
    id: ctx.nextId('tok'),
    type,
    last4: '1111',
    bin: '411111',
    brand: 'visa',
    expMonth: 12,
    expYear: ctx.clock.now().getUTCFullYear() + 3,
    outcome: 'approve',
    createdAt: ctx.nowIso(),
  };
  ctx.state.vaultTokens.set(record.id, record);
  return toCardTokenResponse(record, '411111******1111', fingerprint(`${type}:${input.walletToken}`));
}

/** `POST /vault/v1/apple-pay/merchant-session`: an opaque Apple Pay merchant session. */
export function appleMerchantSession(ctx: SandboxContext, body: unknown): Record<string, unknown> {
  const input = validate(merchantSessionRequest, body);
  const now = ctx.clock.nowMs();
  return {
    merchantSessionIdentifier: ctx.nextId('msi'),
    epochTimestamp: now,
    expiresAt: now + 5 * 60_000,
    nonce: ctx.nextId('nonce'),
    domainName: input.domainName,
    displayName: input.displayName,
    signature: 'sandbox',
  };
}
