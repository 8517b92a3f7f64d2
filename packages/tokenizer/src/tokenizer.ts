import { type CardInput, type CardTokenResponse, cardTokenResponse, TesseraValidationError, validateCard, vaultApplePayPath, vaultApplePaySessionPath, vaultCardsPath, vaultGooglePayPath } from '@tessera/core';
import * as z from 'zod/mini';
import { resolveVaultConnection, type VaultConnection, type VaultConnectionOptions } from './environment.js';
import { TesseraInvalidResponseError } from './errors.js';
import { toServiceTokenString } from './service-token-envelope.js';
import { postToVault, type RequestOptions } from './vault-request.js';

/** Options of {@link createTokenizer}. */
export interface TokenizerOptions extends VaultConnectionOptions {
  /** The `fetch` to use (defaults to the global one, looked up at call time). */
  fetch?: typeof fetch;
}

/** A wallet token as the Apple Pay or Google Pay sheet gave it: its JSON string, or the parsed object. */
export type WalletToken = string | Record<string, unknown>;

/** What the Apple Pay sheet asks for in `onvalidatemerchant`. */
export interface ApplePayMerchantValidationRequest {
  /** `event.validationURL` from `onvalidatemerchant`. */
  validationURL: string;
  /** The page's domain, registered with Apple. Defaults to `location.hostname`. */
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
  tokenizeCard(card: CardInput, options?: RequestOptions): Promise<string>;
  /** Like {@link Tokenizer.tokenizeCard} but returns the vault's raw `CardTokenResponse`. */
  tokenizeCardRaw(card: CardInput, options?: RequestOptions): Promise<CardTokenResponse>;
  /** Tokenizes an Apple Pay payment token (`event.payment.token.paymentData`) into a service token of type `apple_pay`. */
  tokenizeApplePay(walletToken: WalletToken, options?: RequestOptions): Promise<string>;
  /** Tokenizes a Google Pay token (`paymentMethodData.tokenizationData.token`) into a service token of type `google_pay`. */
  tokenizeGooglePay(walletToken: WalletToken, options?: RequestOptions): Promise<string>;
  /** Asks the vault for an Apple Pay merchant session (the opaque object `completeMerchantValidation` takes). */
  validateApplePayMerchant(request: ApplePayMerchantValidationRequest, options?: RequestOptions): Promise<unknown>;
}

function parseTokenResponse(value: unknown): CardTokenResponse {
  const result = z.safeParse(cardTokenResponse, value);
  if (!result.success) throw new TesseraInvalidResponseError('The vault returned a token in an unexpected shape');
  return result.data;
}

function toWalletTokenString(walletToken: WalletToken): string {
  const text = typeof walletToken === 'string' ? walletToken : typeof walletToken === 'object' && walletToken !== null ? JSON.stringify(walletToken) : '';
  if (text.trim() === '') {
    throw new TesseraValidationError([{ field: 'walletToken', code: 'required', message: 'Wallet token is required' }]);
  }
  return text;
}


/**
 * Creates a tokenizer for one environment. `local` points at the sandbox (`http://127.0.0.1:4010`, key
 * `pk_test_tessera_sandbox`); `production` and `development` need your public `vaultKey`.
 * Throws `TesseraConfigurationError` for an unknown environment, a missing key or a bad URL. Touches no DOM.
 */
export function createTokenizer(options: TokenizerOptions): Tokenizer {
  const connection = resolveVaultConnection(options);
  const fetchImpl = options.fetch;
  const post = (path: string, body: unknown, requestOptions?: RequestOptions): Promise<unknown> =>
    postToVault(connection, path, body, requestOptions, fetchImpl ?? globalThis.fetch);

  const tokenizeCardRaw = async (card: CardInput, requestOptions?: RequestOptions): Promise<CardTokenResponse> => {
    const result = validateCard(card);
    if (!result.ok) throw new TesseraValidationError(result.errors, 'The card is not valid');
    const valid = result.card;
    const body: Record<string, unknown> = { cardNumber: valid.number, expiryMonth: valid.expiryMonth, expiryYear: valid.expiryYear, cvc: valid.cvc };
    if (valid.cardholderName !== undefined) body.cardholderName = valid.cardholderName;
    return parseTokenResponse(await post(vaultCardsPath, body, requestOptions));
  };

  const tokenizeWallet = async (type: 'apple_pay' | 'google_pay', walletToken: WalletToken, requestOptions?: RequestOptions): Promise<string> => {
    const body = { walletToken: toWalletTokenString(walletToken) };
    const path = type === 'apple_pay' ? vaultApplePayPath : vaultGooglePayPath;
    return toServiceTokenString(type, parseTokenResponse(await post(path, body, requestOptions)), connection.provider);
  };

  return {
    environment: connection.environment,
    vaultUrl: connection.vaultUrl,
    tokenizeCardRaw,
    tokenizeCard: async (card, requestOptions) => toServiceTokenString('card', await tokenizeCardRaw(card, requestOptions), connection.provider),
    tokenizeApplePay: (walletToken, requestOptions) => tokenizeWallet('apple_pay', walletToken, requestOptions),
    tokenizeGooglePay: (walletToken, requestOptions) => tokenizeWallet('google_pay', walletToken, requestOptions),
    validateApplePayMerchant: async (request, requestOptions) => {
      const domainName = request.domainName ?? (typeof location === 'undefined' ? undefined : location.hostname);
      const fields = [
        ...(typeof request.validationURL === 'string' && request.validationURL !== '' ? [] : [{ field: 'validationURL', code: 'required', message: 'is required' }]),
        ...(domainName ? [] : [{ field: 'domainName', code: 'required', message: 'is required' }]),
        ...(typeof request.displayName === 'string' && request.displayName !== '' ? [] : [{ field: 'displayName', code: 'required', message: 'is required' }]),
      ];
      if (fields.length > 0) throw new TesseraValidationError(fields);
      return post(vaultApplePaySessionPath, { validationURL: request.validationURL, domainName, displayName: request.displayName }, requestOptions);
    },
  };
}
