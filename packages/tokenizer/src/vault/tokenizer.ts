import { type AbortOptions, type CardInput, type CardTokenResponse, TesseraValidationError, validateCard } from '@tessera/core';
import { vaultApplePayPath, vaultApplePaySessionPath, vaultCardsPath, vaultGooglePayPath } from '@tessera/core/internal';
import { basisTheoryTokenOf, readBasisTheoryToken, toCardTokenResponse, type VaultToken } from './basis-theory-token.js';
import { toVaultCardData } from './card-data-fields.js';
import { resolveVaultConnection, type VaultConnection, type VaultConnectionOptions } from './environment.js';
import { toServiceTokenString } from './service-token-envelope.js';
import { tokenizedCardFrom, type TokenizedCardResult } from './tokenized-card.js';
import { postToVault } from './vault-request.js';

export type { TokenizedCard, TokenizedCardResult } from './tokenized-card.js';

/** Options of {@link createTokenizer}. */
export interface TokenizerOptions extends VaultConnectionOptions {
  /** The `fetch` to use (defaults to the global one, looked up at call time). */
  fetch?: typeof fetch;
}

/** A wallet token as the Apple Pay or Google Pay sheet gave it: its JSON string, or the parsed object. */
export type WalletToken = string | Record<string, unknown>;

/** What the Apple Pay sheet asks for in `onvalidatemerchant`. */
export interface ApplePayMerchantValidationRequest {
  /** `event.validationURL` from `onvalidatemerchant`. Not sent: Basis Theory's `/apple-pay/session` does not take it. */
  validationURL?: string;
  /** The page's domain, registered with Apple (a host name; a port is dropped). Defaults to `location.hostname`. */
  domainName?: string;
  /** Merchant name shown on the sheet. */
  displayName: string;
}

/** Browser-side client of the vault. Never needs or accepts a secret API key. */
export interface Tokenizer {
  /** The resolved environment, vault URL and provider name (never the key). */
  readonly environment: VaultConnection['environment'];
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
  /** Tokenizes an Apple Pay payment token (`event.payment.token.paymentData`) into a service token of type `apple_pay`. */
  tokenizeApplePay(walletToken: WalletToken, options?: AbortOptions): Promise<string>;
  /** Tokenizes a Google Pay token (`paymentMethodData.tokenizationData.token`) into a service token of type `google_pay`. */
  tokenizeGooglePay(walletToken: WalletToken, options?: AbortOptions): Promise<string>;
  /** Asks Basis Theory (`POST /apple-pay/session`) for an Apple Pay merchant session (the opaque object `completeMerchantValidation` takes). */
  validateApplePayMerchant(request: ApplePayMerchantValidationRequest, options?: AbortOptions): Promise<unknown>;
}

// BT takes the wallet's payment data as a JSON object (`apple_payment_data`, `google_payment_data`).
function toWalletPaymentData(walletToken: WalletToken): Record<string, unknown> {
  let value: unknown = walletToken;
  if (typeof walletToken === 'string') {
    try {
      value = JSON.parse(walletToken) as unknown;
    } catch {
      value = undefined;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length === 0) {
    throw new TesseraValidationError([{ field: 'walletToken', code: 'required', message: 'Wallet token is required (a JSON object)' }]);
  }
  return value as Record<string, unknown>;
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

  const tokenizeWallet = async (type: 'apple_pay' | 'google_pay', walletToken: WalletToken, requestOptions?: AbortOptions): Promise<string> => {
    const paymentData = toWalletPaymentData(walletToken);
    const body = type === 'apple_pay' ? { apple_payment_data: paymentData } : { google_payment_data: paymentData };
    const answer = await post(type === 'apple_pay' ? vaultApplePayPath : vaultGooglePayPath, body, requestOptions);
    return toServiceTokenString(readBasisTheoryToken(basisTheoryTokenOf(answer, type), type), connection.provider);
  };

  return {
    environment: connection.environment,
    vaultUrl: connection.vaultUrl,
    tokenizeCardToResponse,
    tokenizeCardRaw: tokenizeCardToResponse,
    tokenizeCard: async (card, requestOptions) => toServiceTokenString(await tokenizeCardToken(card, requestOptions), connection.provider),
    tokenizeCardWithFacts: async (card, requestOptions) => tokenizedCardFrom(await tokenizeCardToken(card, requestOptions), connection.provider),
    tokenizeApplePay: (walletToken, requestOptions) => tokenizeWallet('apple_pay', walletToken, requestOptions),
    tokenizeGooglePay: (walletToken, requestOptions) => tokenizeWallet('google_pay', walletToken, requestOptions),
    validateApplePayMerchant: async (request, requestOptions) => {
      // BT's `domain` is a host name: `shop.example:8443` → `shop.example`.
      const domainName = (request.domainName ?? globalThis.location?.hostname)?.replace(/:\d+$/, '');
      const fields = [
        ...(domainName ? [] : [{ field: 'domainName', code: 'required', message: 'is required' }]),
        ...(typeof request.displayName === 'string' && request.displayName !== '' ? [] : [{ field: 'displayName', code: 'required', message: 'is required' }]),
      ];
      if (fields.length > 0) throw new TesseraValidationError(fields);
      return post(vaultApplePaySessionPath, { display_name: request.displayName, domain: domainName }, requestOptions);
    },
  };
}
