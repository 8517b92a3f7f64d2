import { type AbortOptions, type CardInput, type CardTokenResponse, TesseraValidationError, validateCard } from '@tessera/core';
import { vaultCardsPath } from '@tessera/core/internal';
import { basisTheoryTokenOf, readBasisTheoryToken, toCardTokenResponse, type VaultToken } from './basis-theory-token.js';
import { toVaultCardData } from './card-data-fields.js';
import { resolveVaultConnection, type TokenizerEnvironment, type VaultConnectionOptions } from './environment.js';
import { toServiceTokenString } from './service-token-envelope.js';
import { tokenizedCardFrom, type TokenizedCardResult } from './tokenized-card.js';
import { postToVault } from './vault-request.js';
import { walletVault, type ApplePayMerchantValidationRequest, type WalletToken } from './wallet-vault.js';

export type { ApplePayMerchantValidationRequest, WalletToken } from './wallet-vault.js';

export type { DetectedCardBrand, TokenizedCard, TokenizedCardResult } from './tokenized-card.js';

/** Options of {@link createTokenizer}. */
export interface TokenizerOptions extends VaultConnectionOptions {
  /** The `fetch` to use (defaults to the global one, looked up at call time). */
  fetch?: typeof fetch;
}

/** Browser-side client of the vault. Never needs or accepts a secret API key. */
export interface Tokenizer {
  /** The resolved environment, vault URL and provider name (never the key). */
  readonly environment: TokenizerEnvironment;
  /** The vault the tokenizer talks to, for the page's Content-Security-Policy `connect-src`. */
  readonly vaultUrl: string;
  /**
   * Validates the card (every field error at once, as a `TesseraValidationError`, nothing sent when invalid),
   * sends it to the vault and returns the service token string for the merchant server.
   */
  tokenizeCard(card: CardInput, options?: AbortOptions): Promise<string>;
  /**
   * Like {@link Tokenizer.tokenizeCard}, and also the card facts the page needs (token id, BIN, last4, expiry, brand,
   * whether SCA is required) in the spelling `createSession` takes: `createSession({ instrument: { id, ...card } })`.
   */
  tokenizeCardWithFacts(card: CardInput, options?: AbortOptions): Promise<TokenizedCardResult>;
  /**
   * Like {@link Tokenizer.tokenizeCard}, but resolves the interface's `CardTokenResponse` (section 2.2) made from the
   * vault's answer: the masked number, the card facts in Basis Theory's spelling (`expiration_month`, …) and
   * `metadata.auth.scaRequired`. Not the vault's answer itself.
   */
  tokenizeCardToResponse(card: CardInput, options?: AbortOptions): Promise<CardTokenResponse>;
  /**
   * The same function as {@link Tokenizer.tokenizeCardToResponse}, under its old name.
   * @deprecated Use {@link Tokenizer.tokenizeCardToResponse}: it converts the vault's answer, it does not return it raw.
   */
  tokenizeCardRaw(card: CardInput, options?: AbortOptions): Promise<CardTokenResponse>;
  /**
   * Tokenizes an Apple Pay payment token into a service token of type `apple_pay`: the whole `ApplePayPaymentToken`
   * of `onpaymentauthorized` (`event.payment.token`: `paymentData`, `paymentMethod`, `transactionIdentifier`), sent
   * as Basis Theory's `apple_payment_data`, as the service's own library sends it.
   */
  tokenizeApplePay(walletToken: WalletToken, options?: AbortOptions): Promise<string>;
  /** Tokenizes a Google Pay token (`paymentMethodData.tokenizationData.token`) into a service token of type `google_pay`. */
  tokenizeGooglePay(walletToken: WalletToken, options?: AbortOptions): Promise<string>;
  /** Asks Basis Theory (`POST /apple-pay/session`) for an Apple Pay merchant session (the opaque object `completeMerchantValidation` takes). */
  validateApplePayMerchant(request: ApplePayMerchantValidationRequest, options?: AbortOptions): Promise<unknown>;
}

/**
 * Creates a tokenizer for one environment. Every environment speaks Basis Theory's API: `production` and
 * `development` go to `https://api.basistheory.com` with the service's public key for that tenant; `local` goes to
 * the sandbox's emulation (`http://localhost:4010`, its test public key).
 * Throws `TesseraConfigurationError` for an unknown environment, a missing key or a bad URL. Touches no DOM.
 */
export function createTokenizer(options: TokenizerOptions): Tokenizer {
  const connection = resolveVaultConnection(options);
  const fetchImpl = options.fetch;
  const post = (path: string, body: unknown, requestOptions?: AbortOptions, secrets?: string[]): Promise<unknown> =>
    postToVault(connection, path, body, requestOptions, fetchImpl, secrets);

  const tokenizeCardToken = async (card: CardInput, requestOptions?: AbortOptions): Promise<VaultToken> => {
    const result = validateCard(card);
    if (!result.ok) throw new TesseraValidationError(result.errors, `The card is not valid: ${result.errors.map((error) => `${error.field} ${error.message}`).join('; ')}`);
    const valid = result.card;
    // The number stays a string (a number would corrupt a 19-digit PAN); BT's card token wants snake_case fields.
    const body: Record<string, unknown> = { type: 'card', data: toVaultCardData<string | number>(valid) };
    if (valid.cardholderName !== undefined) body.metadata = { cardholder_name: valid.cardholderName };
    const answer = await post(vaultCardsPath, body, requestOptions, [valid.cvc]);
    return readBasisTheoryToken(basisTheoryTokenOf(answer), 'card');
  };
  const tokenizeCardToResponse = async (card: CardInput, requestOptions?: AbortOptions): Promise<CardTokenResponse> =>
    toCardTokenResponse(await tokenizeCardToken(card, requestOptions));

  const wallets = walletVault(connection, fetchImpl);
  const tokenizeWallet = async (type: 'apple_pay' | 'google_pay', walletToken: WalletToken, requestOptions?: AbortOptions): Promise<string> =>
    toServiceTokenString(await wallets.tokenizeWallet(type, walletToken, requestOptions), connection.provider);

  return {
    environment: connection.environment,
    vaultUrl: connection.vaultUrl,
    tokenizeCardToResponse,
    tokenizeCardRaw: tokenizeCardToResponse,
    tokenizeCard: async (card, requestOptions) => toServiceTokenString(await tokenizeCardToken(card, requestOptions), connection.provider),
    tokenizeCardWithFacts: async (card, requestOptions) => tokenizedCardFrom(await tokenizeCardToken(card, requestOptions), connection.provider),
    tokenizeApplePay: (walletToken, requestOptions) => tokenizeWallet('apple_pay', walletToken, requestOptions),
    tokenizeGooglePay: (walletToken, requestOptions) => tokenizeWallet('google_pay', walletToken, requestOptions),
    validateApplePayMerchant: wallets.validateApplePayMerchant,
  };
}
