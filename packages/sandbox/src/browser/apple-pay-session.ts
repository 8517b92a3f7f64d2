/// <reference types="applepayjs" />
import type { EmulatedApplePaySession } from './apple-pay-js.js';
import type * as validation from './apple-pay-merchant-validation.js';
import type * as events from './apple-pay-events.js';
import type * as payment from './apple-pay-payment.js';
import type * as request from './apple-pay-request.js';
import type { ApplePayAnyUpdate, ApplePaySessionHandlers, ApplePaySessionState, ApplePayStandIn } from './apple-pay-session-state.js';

// A part of the Apple Pay JS stand-in (`./apple-pay-js.ts`, served beside it): the `ApplePaySession` class, its API
// as `@types/applepayjs` declares it, each method handing its session's state to the part that does it.

declare const accessError: typeof request.accessError;
declare const inGesture: typeof request.inGesture;
declare const checkRequest: typeof request.checkRequest;
declare const applePayStatuses: typeof request.applePayStatuses;
declare const beginSession: typeof validation.beginSession;
declare const merchantValidated: typeof validation.merchantValidated;
declare const completeEvent: typeof events.completeEvent;
declare const paymentCompleted: typeof payment.paymentCompleted;
declare const endSession: typeof payment.endSession;

/**
 * `window.ApplePaySession` for the stand-in `standIn`: an `EventTarget` with `supportsVersion` 1–14,
 * `canMakePayments`, `canMakePaymentsWithActiveCard`, `applePayCapabilities`, the `STATUS_*` constants, `begin`,
 * `abort`, the `complete*` methods in their positional and update-object forms, and the `on*` handlers (`null` until
 * set). As Safari, it is created in a user gesture, else an `InvalidAccessError` DOMException.
 */
export function applePaySessionClass(standIn: ApplePayStandIn): EmulatedApplePaySession {
  const STATUS = applePayStatuses();
  class ApplePaySession extends EventTarget {
    declare _session: ApplePaySessionState;
    declare onvalidatemerchant: ApplePaySessionHandlers['onvalidatemerchant'];
    declare onpaymentmethodselected: ApplePaySessionHandlers['onpaymentmethodselected'];
    declare onshippingcontactselected: ApplePaySessionHandlers['onshippingcontactselected'];
    declare onshippingmethodselected: ApplePaySessionHandlers['onshippingmethodselected'];
    declare onpaymentauthorized: ApplePaySessionHandlers['onpaymentauthorized'];
    declare oncouponcodechanged: ApplePaySessionHandlers['oncouponcodechanged'];
    declare oncancel: ApplePaySessionHandlers['oncancel'];
    constructor(version: number, request: ApplePayJS.ApplePayPaymentRequest) {
      super();
      if (!ApplePaySession.supportsVersion(version)) throw accessError('"' + version + '" is not a supported version.');
      checkRequest(request);
      if (!inGesture()) throw accessError('Must create a new ApplePaySession from a user gesture handler.');
      const shippingMethods = request.shippingMethods || [];
      this._session = { target: this, request, state: 'created', waiting: null, queue: [], sheet: null, card: null, address: null, methods: shippingMethods, method: shippingMethods[0] || null, started: false, listened: {} };
      this.onvalidatemerchant = null;
      this.onpaymentmethodselected = null;
      this.onshippingcontactselected = null;
      this.onshippingmethodselected = null;
      this.onpaymentauthorized = null;
      this.oncouponcodechanged = null;
      this.oncancel = null;
    }
    static supportsVersion(version: number): boolean {
      return typeof version === 'number' && Math.floor(version) === version && version >= 1 && version <= 14;
    }
    static canMakePayments(): boolean {
      return true;
    }
    static canMakePaymentsWithActiveCard(): Promise<boolean> {
      return Promise.resolve(true);
    }
    static applePayCapabilities(): Promise<ApplePayJS.PaymentCredentialStatusResponse> {
      return Promise.resolve({ paymentCredentialStatus: 'paymentCredentialsAvailable' });
    }
    begin(): void {
      beginSession(standIn, this._session);
    }
    abort(): void {
      if (this._session.state === 'created' || this._session.state === 'ended') throw accessError('There is no active payment session to abort.');
      endSession(standIn, this._session);
    }
    completeMerchantValidation(merchantSession: unknown): void {
      merchantValidated(this._session, merchantSession);
    }
    completePaymentMethodSelection(update: ApplePayJS.ApplePayPaymentMethodUpdate | ApplePayJS.ApplePayLineItem, newLineItems?: ApplePayJS.ApplePayLineItem[]): void {
      const value: ApplePayAnyUpdate = update && (update as Partial<ApplePayJS.ApplePayPaymentMethodUpdate>).newTotal ? (update as ApplePayJS.ApplePayPaymentMethodUpdate) : { newTotal: update as ApplePayJS.ApplePayLineItem, newLineItems };
      completeEvent(this._session, 'paymentmethodselected', value);
    }
    completeShippingContactSelection(
      status: number | ApplePayJS.ApplePayShippingContactUpdate,
      newShippingMethods?: ApplePayJS.ApplePayShippingMethod[],
      newTotal?: ApplePayJS.ApplePayLineItem,
      newLineItems?: ApplePayJS.ApplePayLineItem[],
    ): void {
      const value: ApplePayAnyUpdate = typeof status === 'number' ? { status, newShippingMethods, newTotal, newLineItems } : status;
      completeEvent(this._session, 'shippingcontactselected', value);
    }
    completeShippingMethodSelection(status: number | ApplePayJS.ApplePayShippingMethodUpdate, newTotal?: ApplePayJS.ApplePayLineItem, newLineItems?: ApplePayJS.ApplePayLineItem[]): void {
      const value: ApplePayAnyUpdate = typeof status === 'number' ? { status, newTotal, newLineItems } : status;
      completeEvent(this._session, 'shippingmethodselected', value);
    }
    completeCouponCodeChange(update: ApplePayJS.ApplePayCouponCodeUpdate): void {
      completeEvent(this._session, 'couponcodechanged', update);
    }
    completePayment(result: number | ApplePayJS.ApplePayPaymentAuthorizationResult): void {
      paymentCompleted(standIn, this._session, result);
    }
    override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: AddEventListenerOptions | boolean): void {
      this._session.listened[type] = true;
      super.addEventListener(type, listener, options);
    }
  }
  (Object.keys(STATUS) as (keyof typeof STATUS)[]).forEach((name) => {
    Object.defineProperty(ApplePaySession, name, { value: STATUS[name], enumerable: true });
  });
  return ApplePaySession as unknown as EmulatedApplePaySession;
}
