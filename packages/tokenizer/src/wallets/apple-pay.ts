import { TesseraError } from '@tessera/core';
import { TesseraWalletError } from '../errors.js';
import type { Tokenizer } from '../vault/tokenizer.js';

/** The Apple Pay payment request (`ApplePayJS.ApplePayPaymentRequest`), kept structural so no Apple typings are needed. */
export interface ApplePayPaymentRequest {
  countryCode: string;
  currencyCode: string;
  supportedNetworks: string[];
  merchantCapabilities: string[];
  total: { label: string; amount: string; type?: 'final' | 'pending' };
  [key: string]: unknown;
}

/** The part of `ApplePaySession` the helpers use. */
export interface ApplePaySessionLike {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: Record<string, unknown> } }) => void) | null;
  oncancel: ((event: unknown) => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completePayment(result: { status: number }): void;
}

/** The part of the `ApplePaySession` constructor the helpers use. */
export interface ApplePaySessionConstructor {
  new (version: number, request: ApplePayPaymentRequest): ApplePaySessionLike;
  canMakePayments(): boolean;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

function applePaySession(): ApplePaySessionConstructor | undefined {
  return (globalThis as { ApplePaySession?: ApplePaySessionConstructor }).ApplePaySession;
}

/**
 * True when this browser can show the Apple Pay sheet (`ApplePaySession.canMakePayments()`). False during
 * server-side rendering and in browsers without Apple Pay.
 */
export function isApplePayAvailable(): boolean {
  try {
    return applePaySession()?.canMakePayments() === true;
  } catch {
    // Safari throws on insecure pages and in some iframes: that means "not available" here.
    return false;
  }
}

/** Options of {@link startApplePay}. */
export interface StartApplePayOptions {
  /** Merchant name for the merchant validation. */
  displayName: string;
  /** Domain registered with Apple (default `location.hostname`). */
  domainName?: string;
  /** Apple Pay JS version. Default 3. */
  version?: number;
}

/**
 * Shows the Apple Pay sheet and returns the service token. Merchant validation goes through the vault, the
 * authorized payment token is tokenized by the vault, and the sheet is completed with success or failure.
 * Call it synchronously from a click handler: Apple requires the session to start in a user gesture.
 * Rejects with `TesseraWalletError` (`unavailable`, `cancelled`) or the vault's typed error.
 */
export function startApplePay(tokenizer: Tokenizer, paymentRequest: ApplePayPaymentRequest, options: StartApplePayOptions): Promise<string> {
  const Session = applePaySession();
  if (!Session || !isApplePayAvailable()) {
    return Promise.reject(new TesseraWalletError('unavailable', 'Apple Pay is not available in this browser'));
  }
  const session = new Session(options.version ?? 3, paymentRequest);
  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      reject(TesseraError.isInstance(error) ? error : new TesseraWalletError('failed', 'Apple Pay failed', { cause: error }));
    };
    session.onvalidatemerchant = (event) => {
      const request = { validationURL: event.validationURL, displayName: options.displayName, ...(options.domainName ? { domainName: options.domainName } : {}) };
      tokenizer.validateApplePayMerchant(request).then(
        (merchantSession) => session.completeMerchantValidation(merchantSession),
        (error: unknown) => {
          session.abort();
          fail(error);
        },
      );
    };
    session.onpaymentauthorized = (event) => {
      tokenizer.tokenizeApplePay(event.payment.token).then(
        (serviceToken) => {
          session.completePayment({ status: Session.STATUS_SUCCESS });
          if (!settled) {
            settled = true;
            resolve(serviceToken);
          }
        },
        (error: unknown) => {
          session.completePayment({ status: Session.STATUS_FAILURE });
          fail(error);
        },
      );
    };
    session.oncancel = () => fail(new TesseraWalletError('cancelled', 'The customer closed the Apple Pay sheet'));
    session.begin();
  });
}
