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
