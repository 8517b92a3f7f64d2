import { z } from '@tessera/core/internal';
import type { SandboxContext } from '../service/context.js';
import { SandboxHttpError } from '../errors/http-error.js';
import { validate } from '../wire/validate.js';
import { type GoogleAuthMethod, fundingCard, walletCard, walletCardIds, type WalletCardId } from '../service/wallet-cards.js';
import { verifiedMerchantSession } from './apple-merchant-session.js';
import { base64, bindingSignature, fromBase64, isBindingSignature, randomBytes, randomHex, sha256Base64 } from './wallet-binding.js';

/**
 * The stand-in wallet tokens: what the sandbox's Apple Pay and Google Pay sheets hand the page, in Apple's and
 * Google's published shapes, minted by `POST /sandbox/wallet-sheets/{apple-pay,google-pay}/tokens` and read back by
 * the vault's `POST /apple-pay` and `POST /google-pay`. Where Apple and Google encrypt the card for the gateway and
 * sign, the sandbox writes the wallet card's id (never a card number) in base64 and signs with its own HMAC key
 * (wallet-binding.ts): a token not minted by this sandbox, or changed, does not verify.
 */

/** Google's gateway name for Basis Theory (`tokenizationSpecification.parameters.gateway`). */
export const BASIS_THEORY_GATEWAY = 'basistheory';

/** How long a Google Pay token's message lasts (Google's `messageExpiration`): one hour, the sandbox's choice. */
const GOOGLE_MESSAGE_MS = 60 * 60_000;

const cardId = z.string().check(z.minLength(1), z.maxLength(64));

const appleMintRequest = z.strictObject({ card: cardId, merchantSession: z.record(z.string(), z.unknown()) });

const googleMintRequest = z.strictObject({
  card: cardId,
  gateway: z.string().check(z.minLength(1), z.maxLength(100)),
  gatewayMerchantId: z.string().check(z.minLength(1), z.maxLength(200)),
  allowedAuthMethods: z.custom<GoogleAuthMethod[]>(
    (value) => Array.isArray(value) && value.length > 0 && value.every((method) => method === 'PAN_ONLY' || method === 'CRYPTOGRAM_3DS'),
    'must be a non-empty list of PAN_ONLY and CRYPTOGRAM_3DS',
  ),
  assuranceDetailsRequired: z.optional(z.boolean()),
});

/** Apple's `paymentMethod.network` and Google's `cardNetwork` for a wallet card's network. */
const appleNetwork = { visa: 'Visa', mastercard: 'MasterCard' } as const;
const googleNetwork = { visa: 'VISA', mastercard: 'MASTERCARD' } as const;

function unknownCard(wallet: 'apple_pay' | 'google_pay', id: string): SandboxHttpError {
  return new SandboxHttpError(400, 'validation_error', `card "${id}" is not a test wallet card of ${wallet}: pick one of ${walletCardIds(wallet).join(', ')} (GET /sandbox/wallet-cards)`, {
    fields: [{ field: 'card', code: 'unknown_wallet_card', message: `must be one of ${walletCardIds(wallet).join(', ')}` }],
  });
}

/** The fields of an Apple token's `paymentData` its signature covers. */
const appleSignedParts = (data: string, header: { ephemeralPublicKey: string; publicKeyHash: string; transactionId: string }): string[] => [
  'apple-pay',
  'EC_v1',
  data,
  header.ephemeralPublicKey,
  header.publicKeyHash,
  header.transactionId,
];

/**
 * `POST /sandbox/wallet-sheets/apple-pay/tokens` (`{ card, merchantSession }`) → an Apple `ApplePayPaymentToken` for
 * a test wallet card, once `merchantSession` is one this sandbox's vault issued (`POST /apple-pay/session`).
 */
export function mintApplePayToken(ctx: SandboxContext, body: unknown): Record<string, unknown> {
  const input = validate(appleMintRequest, body);
  const card = walletCard(input.card, 'apple_pay');
  if (!card) throw unknownCard('apple_pay', input.card);
  const merchantSessionIdentifier = verifiedMerchantSession(ctx, input.merchantSession);
  const transactionId = randomHex(32);
  const data = base64(new TextEncoder().encode(JSON.stringify({ card: card.id, merchantSessionIdentifier })));
  // An X.509 EC P-256 public key is 91 bytes; Apple's publicKeyHash is the SHA-256 of the merchant certificate's key.
  const header = { ephemeralPublicKey: base64(randomBytes(91)), publicKeyHash: sha256Base64(merchantSessionIdentifier), transactionId: transactionId.toLowerCase() };
  return {
    paymentData: { version: 'EC_v1', data, signature: bindingSignature(ctx, appleSignedParts(data, header)), header },
    paymentMethod: { displayName: `${appleNetwork[card.network]} ${fundingCard(card).last4}`, network: appleNetwork[card.network], type: 'credit' },
    transactionIdentifier: transactionId,
  };
}

/** What the vault reads from a verified Apple token. */
export interface AppleTokenContent {
  card: WalletCardId;
  transactionId: string;
}

/** The fields of a Google token the sandbox signs: Google signs `signedMessage` for a recipient, `gateway:<name>`. */
const googleSignedParts = (gateway: string, signedMessage: string): string[] => ['google-pay', 'ECv2', `gateway:${gateway}`, signedMessage];
const googleKeyParts = (signedKey: string): string[] => ['google-pay-intermediate-key', signedKey];
const googleTagParts = (encryptedMessage: string): string[] => ['google-pay-tag', encryptedMessage];

/** What a Google token's message holds (where Google's holds the encrypted card). */
interface GoogleMessage {
  messageId: string;
  messageExpiration: string;
  gateway: string;
  gatewayMerchantId: string;
  authMethod: GoogleAuthMethod;
  card: WalletCardId;
}

/**
 * `POST /sandbox/wallet-sheets/google-pay/tokens` (`{ card, gateway, gatewayMerchantId, allowedAuthMethods }`) →
 * Google's `PaymentData` for a test wallet card: its `tokenizationData.token` a JSON string of Google's ECv2 payment
 * method token, for the gateway and merchant the page asked for. A card's auth method must be allowed.
 */
export function mintGooglePayToken(ctx: SandboxContext, body: unknown): Record<string, unknown> {
  const input = validate(googleMintRequest, body);
  const card = walletCard(input.card, 'google_pay');
  if (!card) throw unknownCard('google_pay', input.card);
  if (!input.allowedAuthMethods.includes(card.googleAuthMethod)) {
    throw new SandboxHttpError(400, 'validation_error', `card "${card.id}" is a ${card.googleAuthMethod} card: allow ${card.googleAuthMethod} in allowedAuthMethods, or pick another card`, {
      fields: [{ field: 'allowedAuthMethods', code: 'auth_method_not_allowed', message: `must include ${card.googleAuthMethod} for card ${card.id}` }],
    });
  }
  const now = ctx.clock.nowMs();
  const message: GoogleMessage = {
    messageId: randomHex(24),
    messageExpiration: String(now + GOOGLE_MESSAGE_MS),
    gateway: input.gateway,
    gatewayMerchantId: input.gatewayMerchantId,
    authMethod: card.googleAuthMethod,
    card: card.id,
  };
  const encryptedMessage = base64(new TextEncoder().encode(JSON.stringify(message)));
  const signedMessage = JSON.stringify({ encryptedMessage, ephemeralPublicKey: base64(randomBytes(65)), tag: bindingSignature(ctx, googleTagParts(encryptedMessage)) });
  const signedKey = JSON.stringify({ keyValue: base64(randomBytes(91)), keyExpiration: String(now + 24 * 60 * 60_000) });
  const token = {
    signature: bindingSignature(ctx, googleSignedParts(input.gateway, signedMessage)),
    intermediateSigningKey: { signedKey, signatures: [bindingSignature(ctx, googleKeyParts(signedKey))] },
    protocolVersion: 'ECv2',
    signedMessage,
  };
  const last4 = fundingCard(card).last4;
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    paymentMethodData: {
      type: 'CARD',
      description: `${card.network === 'visa' ? 'Visa' : 'Mastercard'} •••• ${last4}`,
      info: {
        cardNetwork: googleNetwork[card.network],
        cardDetails: last4,
        ...(input.assuranceDetailsRequired === true ? { assuranceDetails: { accountVerified: true, cardHolderAuthenticated: card.googleAuthMethod === 'CRYPTOGRAM_3DS' } } : {}),
      },
      tokenizationData: { type: 'PAYMENT_GATEWAY', token: JSON.stringify(token) },
    },
  };
}

/** Why a wallet token was refused: a 422 in Basis Theory's problem details, no token made. */
export function unverifiableToken(wallet: 'apple_pay' | 'google_pay', detail: string): SandboxHttpError {
  return new SandboxHttpError(422, 'invalid_payment_data', detail, { title: wallet === 'apple_pay' ? 'Invalid Apple Pay payment data' : 'Invalid Google Pay payment data' });
}

/**
 * The content of an Apple token minted by this sandbox (its signature checked); a 422 otherwise. The token's shape
 * was checked before (the vault's schema).
 */
export function readApplePayToken(
  ctx: SandboxContext,
  paymentData: { data: string; signature: string; header: { ephemeralPublicKey: string; publicKeyHash: string; transactionId: string } },
): AppleTokenContent {
  const refused = unverifiableToken('apple_pay', 'apple_payment_data was not signed by Apple Pay (here: this sandbox\'s Apple Pay stand-in); tokenize the token the Apple Pay sheet gave, unchanged');
  if (!isBindingSignature(ctx, appleSignedParts(paymentData.data, paymentData.header), paymentData.signature)) throw refused;
  const content = parseJson(fromBase64(paymentData.data));
  const card = typeof content?.card === 'string' ? walletCard(content.card, 'apple_pay') : undefined;
  if (!card) throw refused;
  return { card: card.id, transactionId: paymentData.header.transactionId };
}

/** What the vault reads from a verified Google token. */
export type GoogleTokenContent = Pick<GoogleMessage, 'messageId' | 'gatewayMerchantId' | 'authMethod' | 'card'> & { messageExpiration: number };

/**
 * The content of a Google token minted by this sandbox for the `basistheory` gateway (its signatures checked); a
 * 422 otherwise. The token's shape was checked before (the vault's schema).
 */
export function readGooglePayToken(
  ctx: SandboxContext,
  token: { signature: string; intermediateSigningKey: { signedKey: string; signatures: readonly string[] }; signedMessage: string },
): GoogleTokenContent {
  const forged = unverifiableToken('google_pay', 'google_payment_data was not signed by Google Pay (here: this sandbox\'s Google Pay stand-in); tokenize tokenizationData.token as the Google Pay sheet gave it');
  const { signedKey, signatures } = token.intermediateSigningKey;
  if (!signatures.some((signature) => isBindingSignature(ctx, googleKeyParts(signedKey), signature))) throw forged;
  const signed = parseJson(token.signedMessage);
  const encryptedMessage = signed?.encryptedMessage;
  if (typeof encryptedMessage !== 'string' || !isBindingSignature(ctx, googleTagParts(encryptedMessage), signed?.tag)) throw forged;
  const message = parseJson(fromBase64(encryptedMessage));
  const card = typeof message?.card === 'string' ? walletCard(message.card, 'google_pay') : undefined;
  const { gateway, gatewayMerchantId, messageId, authMethod } = message ?? {};
  if (!card || typeof gateway !== 'string' || typeof gatewayMerchantId !== 'string' || typeof messageId !== 'string' || (authMethod !== 'PAN_ONLY' && authMethod !== 'CRYPTOGRAM_3DS')) throw forged;
  if (gateway !== BASIS_THEORY_GATEWAY) {
    throw unverifiableToken('google_pay', `google_payment_data was made for gateway "${gateway}", not "${BASIS_THEORY_GATEWAY}": set tokenizationSpecification.parameters.gateway to "${BASIS_THEORY_GATEWAY}"`);
  }
  if (!isBindingSignature(ctx, googleSignedParts(BASIS_THEORY_GATEWAY, token.signedMessage), token.signature)) throw forged;
  return { card: card.id, gatewayMerchantId, messageId, authMethod, messageExpiration: Number(message?.messageExpiration) };
}

function parseJson(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
