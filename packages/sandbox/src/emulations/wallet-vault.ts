import { z } from '@tessera/core/internal';
import type { SandboxContext } from '../service/context.js';
import { validationError } from '../errors/http-error.js';
import { validate } from '../wire/validate.js';
import { requiresChallenge } from '../service/test-cards.js';
import { fundingCard, walletCard, type WalletCardId } from '../service/wallet-cards.js';
import { cardFacts, fingerprint, nextTokenId, SANDBOX_BT_TENANT_ID, type VaultTokenRecord, vaultTokens } from './vault.js';
import { base64, randomBytes, randomHex, spendOnce } from './wallet-binding.js';
import { readApplePayToken, readGooglePayToken, unverifiableToken } from './wallet-tokens.js';

/** How long a Token Intent lives: one day (BT's docs, Token Intents: "automatically expires after 1 day"). */
const TOKEN_INTENT_MS = 24 * 60 * 60_000;

const base64Pattern = /^[A-Za-z0-9+/]+={0,2}$/;
const base64Text = z.string().check(z.minLength(1), z.regex(base64Pattern, 'must be base64'));
const hexText = z.string().check(z.minLength(1), z.regex(/^[0-9A-Fa-f]+$/, 'must be hexadecimal'));
// BT's example sends a date (`2030-12-25`); a date and time is taken too.
const expiresAt = z.optional(
  z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/, 'must be an ISO 8601 date (2030-12-25) or date and time'),
    z.refine((value) => !Number.isNaN(Date.parse(value)), 'must be a real date'),
  ),
);
const base64List = z.custom<string[]>((value) => Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' && base64Pattern.test(item)), 'must be a non-empty list of base64 signatures');

// Apple's ApplePayPaymentToken (Apple Pay on the Web): the encrypted `paymentData` (EC_v1), the card's
// `paymentMethod` and the `transactionIdentifier`, as BT's docs show the request (Tokenize: `apple_payment_data`).
const applePaymentToken = z.looseObject({
  paymentData: z.looseObject({
    version: z.literal('EC_v1'),
    data: base64Text,
    signature: base64Text,
    header: z.looseObject({ ephemeralPublicKey: base64Text, publicKeyHash: base64Text, transactionId: hexText, applicationData: z.optional(hexText) }),
  }),
  paymentMethod: z.looseObject({ displayName: z.string(), network: z.string(), type: z.enum(['debit', 'credit', 'prepaid', 'store']) }),
  transactionIdentifier: hexText,
});
const applePayRequest = z.looseObject({ apple_payment_data: applePaymentToken, expires_at: expiresAt });

// Google's payment method token, protocol ECv2: the object `tokenizationData.token` holds as JSON text. BT's docs
// send it parsed (API reference) or as that text (the Google Pay guide): both are read.
const googlePaymentToken = z.looseObject({
  protocolVersion: z.literal('ECv2'),
  signature: base64Text,
  intermediateSigningKey: z.looseObject({ signedKey: z.string().check(z.minLength(1)), signatures: base64List }),
  signedMessage: z.string().check(z.minLength(1)),
});
const googlePayRequest = z.looseObject({ google_payment_data: googlePaymentToken, expires_at: expiresAt });

/** The body with `google_payment_data` parsed when it came as the JSON text of Google's token. */
function withParsedGoogleToken(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('google_payment_data' in body) || typeof body.google_payment_data !== 'string') return body;
  try {
    return { ...body, google_payment_data: JSON.parse(body.google_payment_data) as unknown };
  } catch {
    return body;
  }
}

/** Keeps a wallet token's card facts (a device token's or the card's first six and last four, never a number). */
function storeWalletToken(ctx: SandboxContext, type: 'apple_pay' | 'google_pay', id: WalletCardId, deviceToken: boolean): VaultTokenRecord {
  const card = walletCard(id, type);
  if (!card) throw unverifiableToken(type, 'The wallet card of this token is not one of the sandbox\'s: tokenize a token the sandbox\'s sheet gave');
  const funding = fundingCard(card);
  const facts = deviceToken ? card.device : funding;
  const record: VaultTokenRecord = {
    id: nextTokenId(),
    type,
    bin: facts.bin,
    last4: facts.last4,
    brand: card.network,
    expMonth: 12,
    expYear: ctx.clock.now().getUTCFullYear() + 3,
    // A device token carries its cryptogram: the customer was authenticated on the device, no 3DS challenge follows.
    outcome: deviceToken && requiresChallenge(funding.outcome) ? 'approve' : funding.outcome,
    createdAt: ctx.nowIso(),
  };
  vaultTokens.of(ctx).set(record.id, record);
  return record;
}

/** `expires_at` as asked for, in ISO 8601; a 400 when it has passed. */
function isoOf(ctx: SandboxContext, value: string): string {
  const at = Date.parse(value);
  if (at <= ctx.clock.nowMs()) throw validationError([{ field: 'expires_at', code: 'in_the_past', message: 'must be in the future: leave it out for the default expiry' }]);
  return new Date(at).toISOString();
}

/** The fields every wallet resource has (BT's `ApplePayToken`, `GooglePayToken` and Token Intent, snake_case). */
function resourceFields(record: VaultTokenRecord, card: WalletCardId): Record<string, unknown> {
  return {
    id: record.id,
    tenant_id: SANDBOX_BT_TENANT_ID,
    created_by: SANDBOX_BT_TENANT_ID,
    created_at: record.createdAt,
    card: cardFacts(record),
    fingerprint: fingerprint(`${record.type}:${card}:${record.bin}${record.last4}`),
  };
}

/**
 * A payment cryptogram (20 bytes, base64) and its ECI, as a device token's `authentication` carries them: `7` for
 * Visa (BT's Apple Pay example), `02` for Mastercard (BT's Google Pay example).
 */
const cryptogramOf = (network: string): { threeds_cryptogram: string; eci_indicator: string } => ({
  threeds_cryptogram: base64(randomBytes(20)),
  eci_indicator: network === 'mastercard' ? '02' : '7',
});

/**
 * `POST /apple-pay` (`{ apple_payment_data, expires_at? }`: Apple's whole `ApplePayPaymentToken`): checks the
 * token's shape, that this sandbox's Apple Pay stand-in minted it (its signature) and that it is used once, and
 * answers as BT does, `{ apple_pay: {…} }`: a device token (`type: 'dpan'`, the DPAN's facts under `card`) with its
 * cryptogram under `authentication`, expiring with the card unless `expires_at` says otherwise.
 */
export function tokenizeApplePay(ctx: SandboxContext, body: unknown): Record<string, unknown> {
  const input = validate(applePayRequest, body);
  const expires = input.expires_at === undefined ? undefined : isoOf(ctx, input.expires_at);
  const token = input.apple_payment_data;
  if (token.transactionIdentifier.toLowerCase() !== token.paymentData.header.transactionId.toLowerCase()) {
    throw unverifiableToken('apple_pay', 'apple_payment_data.transactionIdentifier is not the transaction of paymentData.header.transactionId: tokenize the token the Apple Pay sheet gave, unchanged');
  }
  const content = readApplePayToken(ctx, token.paymentData);
  if (!spendOnce(ctx, `apple:${content.transactionId.toLowerCase()}`)) {
    throw unverifiableToken('apple_pay', 'This Apple Pay payment token was already tokenized (each is good once): ask the customer to pay with Apple Pay again');
  }
  const record = storeWalletToken(ctx, 'apple_pay', content.card, true);
  // Without `expires_at`, BT keeps the token until the card's expiry in Apple's payment data (its last day).
  const cardExpiry = new Date(Date.UTC(record.expYear, record.expMonth, 0)).toISOString();
  return {
    apple_pay: {
      ...resourceFields(record, content.card),
      type: 'dpan',
      status: 'active',
      expires_at: expires ?? cardExpiry,
      transaction_id: content.transactionId,
      payment_data_type: '3DSecure',
      device_manufacturer_identifier: randomHex(6),
      authentication: cryptogramOf(record.brand),
    },
  };
}

/**
 * `POST /google-pay` (`{ google_payment_data, expires_at? }`: Google's ECv2 payment method token): checks the
 * token's shape, that this sandbox's Google Pay stand-in minted it for the `basistheory` gateway and this vault's
 * tenant (its `gatewayMerchantId`), that it has not expired and is used once, and answers as BT does: for
 * `CRYPTOGRAM_3DS` `{ google_pay: {…} }` (a device token with its cryptogram, no expiry unless asked), for
 * `PAN_ONLY` `{ token_intent: {…} }` (the card, 3DS may follow; a day to live), Google's details under `details` /
 * `_extras.tsp_details`.
 */
export function tokenizeGooglePay(ctx: SandboxContext, body: unknown): Record<string, unknown> {
  const input = validate(googlePayRequest, withParsedGoogleToken(body));
  const expires = input.expires_at === undefined ? undefined : isoOf(ctx, input.expires_at);
  const content = readGooglePayToken(ctx, input.google_payment_data);
  if (content.gatewayMerchantId !== SANDBOX_BT_TENANT_ID) {
    throw unverifiableToken(
      'google_pay',
      `google_payment_data was made for gatewayMerchantId "${content.gatewayMerchantId}", not this vault's tenant "${SANDBOX_BT_TENANT_ID}": set tokenizationSpecification.parameters.gatewayMerchantId to the tenant id`,
    );
  }
  if (!(content.messageExpiration > ctx.clock.nowMs())) {
    throw unverifiableToken('google_pay', 'This Google Pay payment token has expired (its messageExpiration has passed): ask the customer to pay with Google Pay again');
  }
  if (!spendOnce(ctx, `google:${content.messageId}`)) {
    throw unverifiableToken('google_pay', 'This Google Pay payment token was already tokenized (each is good once): ask the customer to pay with Google Pay again');
  }
  const deviceToken = content.authMethod === 'CRYPTOGRAM_3DS';
  const record = storeWalletToken(ctx, 'google_pay', content.card, deviceToken);
  const cryptogram = deviceToken ? cryptogramOf(record.brand) : undefined;
  const tspDetails = {
    tsp: 'Google',
    auth_method: content.authMethod,
    message_id: content.messageId,
    eci_indicator: cryptogram?.eci_indicator ?? '',
    assurance_details: { account_verified: true, card_holder_authenticated: deviceToken },
  };
  if (!cryptogram) {
    return {
      token_intent: {
        ...resourceFields(record, content.card),
        type: 'card',
        expires_at: expires ?? new Date(ctx.clock.nowMs() + TOKEN_INTENT_MS).toISOString(),
        _extras: { tsp_details: tspDetails },
      },
    };
  }
  return {
    google_pay: {
      ...resourceFields(record, content.card),
      status: 'active',
      ...(expires === undefined ? {} : { expires_at: expires }),
      authentication: cryptogram,
      details: tspDetails,
    },
  };
}
