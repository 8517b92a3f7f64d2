import { type AbortOptions, TesseraValidationError } from '@tessera/core';
import { vaultApplePayPath, vaultApplePaySessionPath, vaultGooglePayPath } from '@tessera/core/internal';
import { basisTheoryTokenOf, readBasisTheoryToken, type VaultToken } from './basis-theory-token.js';
import type { VaultConnection } from './environment.js';
import { postToVault } from './vault-request.js';

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

/** The vault's three wallet calls, written once for the tokenizer and the wallet buttons. */
export interface WalletVault {
  validateApplePayMerchant: (request: ApplePayMerchantValidationRequest, options?: AbortOptions) => Promise<unknown>;
  tokenizeWallet: (type: 'apple_pay' | 'google_pay', walletToken: WalletToken, options?: AbortOptions) => Promise<VaultToken>;
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

/** The wallet calls of one vault connection (`POST /apple-pay/session`, `/apple-pay`, `/google-pay`, with `BT-API-KEY`). */
export function walletVault(connection: VaultConnection, fetchImpl?: typeof fetch): WalletVault {
  return {
    async tokenizeWallet(type, walletToken, options) {
      const paymentData = toWalletPaymentData(walletToken);
      const body = type === 'apple_pay' ? { apple_payment_data: paymentData } : { google_payment_data: paymentData };
      const answer = await postToVault(connection, type === 'apple_pay' ? vaultApplePayPath : vaultGooglePayPath, body, options, fetchImpl);
      return readBasisTheoryToken(basisTheoryTokenOf(answer, type), type);
    },
    async validateApplePayMerchant(request, options) {
      // BT's `domain` is a host name: `shop.example:8443` → `shop.example`.
      const domainName = (request.domainName ?? globalThis.location?.hostname)?.replace(/:\d+$/, '');
      const fields = [
        ...(domainName ? [] : [{ field: 'domainName', code: 'required', message: 'is required' }]),
        ...(typeof request.displayName === 'string' && request.displayName !== '' ? [] : [{ field: 'displayName', code: 'required', message: 'is required' }]),
      ];
      if (fields.length > 0) throw new TesseraValidationError(fields);
      return postToVault(connection, vaultApplePaySessionPath, { display_name: request.displayName, domain: domainName }, options, fetchImpl);
    },
  };
}
