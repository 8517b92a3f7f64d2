import { type AbortOptions, TesseraAbortError, TesseraError } from '@tessera/core';
import { TesseraVaultError, TesseraWalletError } from '../errors/errors.js';
import type { Tokenizer } from '../vault/tokenizer.js';
import type { ApplePayMerchantValidationRequest } from '../vault/wallet-vault.js';
import { APPLE_PAY_VERSION, applePaySession, isApplePayAvailable, type ApplePayPayment, type ApplePayPaymentRequest, type ApplePaySessionConstructor, type ApplePaySessionLike } from './apple-pay.js';
import { toApplePayUpdate } from './apple-pay-request.js';
import { toWalletAddress, walletUnavailable, type WalletPaymentRequest, type WalletRequestUpdate, type WalletShippingCallbacks } from './wallet-request.js';

/** One Apple Pay sheet, as {@link runApplePay} drives it. */
export interface ApplePaySheet<R> extends WalletShippingCallbacks {
  request: ApplePayPaymentRequest;
  /** Tessera's request the Apple one was made from, for the shipping updates (currency, label, methods). */
  walletRequest?: WalletPaymentRequest | undefined;
  merchant: ApplePayMerchantValidationRequest;
  signal?: AbortSignal | undefined;
  validate(request: ApplePayMerchantValidationRequest, options: AbortOptions): Promise<unknown>;
  /** Tokenizes the authorized payment: the sheet shows success when it resolves, failure when it throws. */
  tokenize(payment: ApplePayPayment, options: AbortOptions): Promise<R>;
}

const refused = (cause: unknown): TesseraWalletError =>
  new TesseraWalletError('session_refused', 'Safari refused to start the Apple Pay sheet: start it synchronously in the click handler (no await before it), and only one sheet at a time', { cause });

/**
 * Starts the Apple Pay sheet synchronously (call it in the click: Safari wants the user gesture) and settles once:
 * with `tokenize`'s result, or a typed error. Nothing is sent after the sheet is cancelled or `signal` aborts it.
 */
export function runApplePay<R>(Session: ApplePaySessionConstructor, sheet: ApplePaySheet<R>): Promise<R> {
  const { signal } = sheet;
  if (signal?.aborted) return Promise.reject(new TesseraAbortError());
  let session: ApplePaySessionLike;
  try {
    session = new Session(APPLE_PAY_VERSION, sheet.request);
  } catch (error) {
    return Promise.reject(refused(error));
  }
  return new Promise<R>((resolve, reject) => {
    let settled = false;
    const done = (): boolean => {
      if (settled) return false;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      return true;
    };
    const fail = (error: unknown, otherwise?: () => TesseraWalletError): void => {
      if (done()) reject(TesseraError.isInstance(error) || !otherwise ? (error as Error) : otherwise());
    };
    const close = (error: unknown, otherwise?: () => TesseraWalletError): void => {
      if (settled) return;
      fail(error, otherwise);
      try {
        session.abort();
      } catch {
        // The sheet was already closed.
      }
    };
    const onAbort = (): void => close(new TesseraAbortError(undefined, { cause: signal?.reason }));
    signal?.addEventListener('abort', onAbort, { once: true });
    const requestOptions: AbortOptions = signal ? { signal } : {};

    session.onvalidatemerchant = () => {
      sheet.validate(sheet.merchant, requestOptions).then(
        (merchantSession) => {
          if (settled) return;
          try {
            session.completeMerchantValidation(merchantSession);
          } catch (error) {
            close(error, () => new TesseraWalletError('merchant_validation_failed', 'Apple refused the merchant session: register this domain with the service for Apple Pay (see the going-live guide)', { cause: error }));
          }
        },
        // The vault refusing the session is this step's failure (a domain not registered): its error is the cause. Not
        // being reached (connection, time limit, abort) stays its own typed error.
        (error: unknown) => {
          const refusal = TesseraVaultError.isInstance(error) ? ` (HTTP ${error.status})` : undefined;
          const failed = (): TesseraWalletError =>
            new TesseraWalletError('merchant_validation_failed', `The vault refused the Apple Pay merchant validation${refusal ?? ''}: register this domain with the service for Apple Pay (see the going-live guide)`, { cause: error });
          close(refusal === undefined ? error : failed(), failed);
        },
      );
    };
    session.onpaymentauthorized = (event) => {
      if (settled) return;
      sheet.tokenize(event.payment, requestOptions).then(
        (result) => {
          completePayment(session, Session.STATUS_SUCCESS);
          if (done()) resolve(result);
        },
        (error: unknown) => {
          completePayment(session, Session.STATUS_FAILURE);
          fail(error, () => new TesseraWalletError('token_failed', 'The vault could not take the Apple Pay token: try again or pay by card', { cause: error }));
        },
      );
    };
    session.oncancel = () => fail(new TesseraWalletError('cancelled', 'The customer closed the Apple Pay sheet'));

    const update: ShippingUpdate = (callback, complete) => {
      // The callback, its answer made Apple's (an amount that is not in minor units throws there) and the sheet's
      // update, as one step: any throw closes the sheet with a typed error.
      Promise.resolve()
        .then(callback)
        .then((answer) => {
          if (!settled) session[complete]?.(toApplePayUpdate(answer, sheet.walletRequest ?? { currency: sheet.request.currencyCode, label: sheet.request.total.label }));
        })
        .catch((error: unknown) => close(new TesseraWalletError('shipping_update_failed', 'Your shipping callback threw or answered an update the sheet cannot show (amounts in minor units), so the Apple Pay sheet was closed: answer an `error` for an address you cannot ship to', { cause: error })));
    };
    listenToShipping(session, sheet, update);
    try {
      session.begin();
    } catch (error) {
      fail(refused(error));
    }
  });
}

/** How a shipping change reaches the sheet: the merchant's callback, then the sheet method that shows its answer. */
type ShippingUpdate = (callback: () => WalletRequestUpdate | Promise<WalletRequestUpdate>, complete: 'completeShippingContactSelection' | 'completeShippingMethodSelection') => void;

/** Completes the authorized payment on the sheet. It may have ended meanwhile (cancelled, timed out, aborted): completing it then throws, which changes nothing of the outcome. */
function completePayment(session: ApplePaySessionLike, status: number): void {
  try {
    session.completePayment({ status });
  } catch {
    // Already closed.
  }
}

/** Hands the shipping contact and method the customer picks on the sheet to the sheet's callbacks, when it has them. */
function listenToShipping(session: ApplePaySessionLike, sheet: ApplePaySheet<unknown>, update: ShippingUpdate): void {
  const { onShippingContactChange, onShippingMethodChange } = sheet;
  if (onShippingContactChange) {
    session.onshippingcontactselected = (event) => update(() => onShippingContactChange(toWalletAddress(event.shippingContact) ?? {}), 'completeShippingContactSelection');
  }
  if (onShippingMethodChange) {
    session.onshippingmethodselected = (event) => {
      const method = sheet.walletRequest?.shippingMethods?.find((candidate) => candidate.id === event.shippingMethod.identifier);
      if (method) update(() => onShippingMethodChange(method), 'completeShippingMethodSelection');
    };
  }
}

/** Options of {@link startApplePay}. */
export interface StartApplePayOptions {
  /** Merchant name for the merchant validation. */
  displayName: string;
  /** Domain registered with Apple (default `location.hostname`). */
  domainName?: string;
  /** Closes the sheet (`session.abort()`) and rejects with `TesseraAbortError`. */
  signal?: AbortSignal;
}

/**
 * Shows the Apple Pay sheet and returns the service token. Merchant validation goes through the vault, the
 * authorized payment token is tokenized by the vault, and the sheet is completed with success or failure.
 * Call it synchronously from a click handler: Apple requires the session to start in a user gesture.
 * Rejects with `TesseraWalletError` (`not_available`, `session_refused`, `merchant_validation_failed`, `cancelled`,
 * `token_failed`), the vault's typed error, or `TesseraAbortError`. The wallet buttons (`createWalletButtons`) do all
 * of this, and render the button.
 */
export function startApplePay(tokenizer: Tokenizer, paymentRequest: ApplePayPaymentRequest, options: StartApplePayOptions): Promise<string> {
  const Session = applePaySession();
  if (!Session || !isApplePayAvailable()) return Promise.reject(walletUnavailable('apple_pay'));
  const { signal, ...merchant } = options;
  return runApplePay(Session, {
    request: paymentRequest,
    merchant,
    signal,
    validate: (request, requestOptions) => tokenizer.validateApplePayMerchant(request, requestOptions),
    tokenize: (payment, requestOptions) => tokenizer.tokenizeApplePay(payment.token, requestOptions),
  });
}
