import { type AbortOptions, TesseraAbortError, TesseraError } from '@tessera/core';
import { TesseraVaultError, TesseraWalletError } from '../errors/errors.js';
import type { Tokenizer } from '../vault/tokenizer.js';
import type { ApplePayMerchantValidationRequest } from '../vault/wallet-vault.js';
import { toWalletAddress, walletAmount, walletUnavailable, type WalletLineItem, type WalletPaymentRequest, type WalletRequestUpdate, type WalletShippingCallbacks, type WalletShippingMethod } from './wallet-request.js';

/** The Apple Pay payment request (`ApplePayJS.ApplePayPaymentRequest`), kept structural so no Apple typings are needed. */
export interface ApplePayPaymentRequest {
  countryCode: string;
  currencyCode: string;
  supportedNetworks: string[];
  merchantCapabilities: string[];
  total: { label: string; amount: string; type?: 'final' | 'pending' };
  [key: string]: unknown;
}

/** The authorized payment of `onpaymentauthorized` (`ApplePayJS.ApplePayPayment`): the token and the contacts asked for. */
export interface ApplePayPayment {
  /** The whole `ApplePayPaymentToken` (`paymentData`, `paymentMethod`, `transactionIdentifier`): what the vault takes. */
  token: Record<string, unknown>;
  shippingContact?: Record<string, unknown>;
  billingContact?: Record<string, unknown>;
}

/** The part of `ApplePaySession` the helpers use. */
export interface ApplePaySessionLike {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: ApplePayPayment }) => void) | null;
  oncancel: ((event: unknown) => void) | null;
  onshippingcontactselected?: ((event: { shippingContact: Record<string, unknown> }) => void) | null;
  onshippingmethodselected?: ((event: { shippingMethod: { identifier: string } }) => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completePayment(result: { status: number }): void;
  completeShippingContactSelection?(update: Record<string, unknown>): void;
  completeShippingMethodSelection?(update: Record<string, unknown>): void;
}

/** The part of the `ApplePaySession` constructor the helpers use. */
export interface ApplePaySessionConstructor {
  new (version: number, request: ApplePayPaymentRequest): ApplePaySessionLike;
  canMakePayments(): boolean;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

/** Apple Pay JS version of the sessions (3, as the service's own library starts them). */
export const APPLE_PAY_VERSION = 3;

/** `window.ApplePaySession`, when Safari or Apple Pay JS defines it. */
export const applePaySession = (): ApplePaySessionConstructor | undefined => (globalThis as { ApplePaySession?: ApplePaySessionConstructor }).ApplePaySession;

/**
 * True when this browser can show the Apple Pay sheet (`ApplePaySession.canMakePayments()`). False during
 * server-side rendering and in browsers without Apple Pay (the wallet buttons load Apple Pay JS for those first).
 */
export function isApplePayAvailable(): boolean {
  try {
    return applePaySession()?.canMakePayments() === true;
  } catch {
    // Safari throws on insecure pages and in some iframes: that means "not available" here.
    return false;
  }
}

/**
 * Apple's payment request from Tessera's: amounts from minor units, the contact fields asked for, the service's card
 * networks with 3DS (as the service's own library asks).
 */
export function toApplePayRequest(request: WalletPaymentRequest): ApplePayPaymentRequest {
  const address = ['postalAddress', 'name'];
  const shipping = [...(request.shippingAddressRequired ? address : []), ...(request.emailRequired ? ['email'] : []), ...(request.phoneNumberRequired ? ['phone'] : [])];
  const { total, lineItems, shippingMethods } = applePayAmounts(request, request, 'request.');
  return {
    countryCode: request.country,
    currencyCode: request.currency,
    supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
    merchantCapabilities: ['supports3DS'],
    total,
    ...(request.lineItems ? { lineItems } : {}),
    ...(shipping.length > 0 ? { requiredShippingContactFields: shipping } : {}),
    ...(request.billingAddressRequired ? { requiredBillingContactFields: address } : {}),
    ...(shippingMethods ? { shippingMethods } : {}),
  };
}

/**
 * The total, lines and shipping methods of a request or a shipping update, as Apple spells them (amounts as decimal
 * strings; an amount not in minor units is a `TesseraValidationError` naming it, `field` its path's start).
 */
function applePayAmounts(amounts: { amount: number; lineItems?: WalletLineItem[] | undefined; shippingMethods?: WalletShippingMethod[] | undefined }, request: Pick<WalletPaymentRequest, 'currency' | 'label'>, field = '') {
  const amount = (minor: number, path: string): string => walletAmount(minor, request.currency, `${field}${path}`);
  return {
    total: { label: request.label, amount: amount(amounts.amount, 'amount'), type: 'final' as const },
    lineItems: (amounts.lineItems ?? []).map((item, index) => ({ label: item.label, amount: amount(item.amount, `lineItems.${index}.amount`), type: 'final' })),
    shippingMethods: amounts.shippingMethods?.map((method, index) => ({ identifier: method.id, label: method.label, detail: method.detail ?? '', amount: amount(method.amount, `shippingMethods.${index}.amount`) })),
  };
}

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
      // The sheet may have ended meanwhile (cancelled, timed out, aborted): completing it then throws, which changes
      // nothing of the outcome.
      const finish = (status: number): void => {
        try {
          session.completePayment({ status });
        } catch {
          // Already closed.
        }
      };
      sheet.tokenize(event.payment, requestOptions).then(
        (result) => {
          finish(Session.STATUS_SUCCESS);
          if (done()) resolve(result);
        },
        (error: unknown) => {
          finish(Session.STATUS_FAILURE);
          fail(error, () => new TesseraWalletError('token_failed', 'The vault could not take the Apple Pay token: try again or pay by card', { cause: error }));
        },
      );
    };
    session.oncancel = () => fail(new TesseraWalletError('cancelled', 'The customer closed the Apple Pay sheet'));

    const update = (callback: () => WalletRequestUpdate | Promise<WalletRequestUpdate>, complete: 'completeShippingContactSelection' | 'completeShippingMethodSelection'): void => {
      // The callback, its answer made Apple's (an amount that is not in minor units throws there) and the sheet's
      // update, as one step: any throw closes the sheet with a typed error.
      Promise.resolve()
        .then(callback)
        .then((answer) => {
          if (!settled) session[complete]?.(toApplePayUpdate(answer, sheet.walletRequest ?? { currency: sheet.request.currencyCode, label: sheet.request.total.label }));
        })
        .catch((error: unknown) => close(new TesseraWalletError('shipping_update_failed', 'Your shipping callback threw or answered an update the sheet cannot show (amounts in minor units), so the Apple Pay sheet was closed: answer an `error` for an address you cannot ship to', { cause: error })));
    };
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
    try {
      session.begin();
    } catch (error) {
      fail(refused(error));
    }
  });
}

/** Apple's update objects (Apple Pay JS 3: `ApplePayShippingContactUpdate`, `ApplePayShippingMethodUpdate`) from Tessera's. */
function toApplePayUpdate(answer: WalletRequestUpdate, request: Pick<WalletPaymentRequest, 'currency' | 'label'>): Record<string, unknown> {
  const ApplePayError = (globalThis as { ApplePayError?: new (code: string, field?: string, message?: string) => unknown }).ApplePayError;
  const { total, lineItems, shippingMethods } = applePayAmounts(answer, request);
  return {
    newTotal: total,
    newLineItems: lineItems,
    ...(shippingMethods ? { newShippingMethods: shippingMethods } : {}),
    ...(answer.error ? { errors: [ApplePayError ? new ApplePayError('addressUnserviceable', undefined, answer.error) : { code: 'addressUnserviceable', message: answer.error }] } : {}),
  };
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
