/// <reference types="applepayjs" />
import type * as button from './apple-pay-button.js';
import type { ApplePaySessionHandlers, ApplePayStandIn } from './apple-pay-session-state.js';
import type * as session from './apple-pay-session.js';
import type { sandboxBase } from './sandbox-base.js';
import type { openWalletSheet, WalletSheetFrame } from './wallet-sheet-frame.js';

declare const applePaySessionClass: typeof session.applePaySessionClass;
declare const defineApplePayButton: typeof button.defineApplePayButton;

/** The paths the stand-in calls on the sandbox: its own (to find the sandbox) and the merchant session route. */
export interface ApplePayJsPaths {
  script: string;
  merchantSession: string;
}

/**
 * What the stand-in emulates of `@types/applepayjs`'s `typeof ApplePaySession`: all of it but `openPaymentSetup`
 * (Apple's card setup, which a sandbox has no use for), its `on*` handlers `null` until set (the published type says
 * they are always functions; Safari starts them at `null`).
 */
export type EmulatedApplePaySession = Omit<typeof ApplePaySession, 'openPaymentSetup' | 'prototype'> &
  (new (version: number, paymentRequest: ApplePayJS.ApplePayPaymentRequest) => Omit<ApplePaySession, keyof ApplePaySessionHandlers> & ApplePaySessionHandlers);

/** The globals the stand-in defines, as `@types/applepayjs` declares them (the session as far as emulated). */
type ApplePayJsGlobals = { ApplePaySession: EmulatedApplePaySession; ApplePayError: typeof ApplePayError };

/**
 * The stand-in for Apple Pay JS (`GET /applepay/jsapi/1.latest/apple-pay-sdk.js`, for
 * `https://applepay.cdn-apple.com/jsapi/1.latest/apple-pay-sdk.js`), typed against `@types/applepayjs` 14:
 * `window.ApplePaySession` (an `EventTarget`; `canMakePayments`, `canMakePaymentsWithActiveCard`,
 * `applePayCapabilities`, `supportsVersion` 1–14, the `STATUS_*` constants, `begin`, `abort`, the `complete*` methods
 * in their positional and update-object forms, the `on*` handlers) and `window.ApplePayError`. Where Safari shows its
 * sheet, this shows the sandbox's (`openSheet`, `wallet-sheet.ts`). As Safari: a session is created and begun in a
 * user gesture, one at a time, else an `InvalidAccessError` DOMException; after `begin`, `validatemerchant`
 * (`validationURL` the sandbox vault's `paths.merchantSession`), then once `completeMerchantValidation` came,
 * `paymentmethodselected` and, when the request asks for a postal address, `shippingcontactselected` (a redacted
 * contact, as Safari gives before authorization), each waiting for its `complete*`; the customer's changes fire them
 * again; Pay fires `paymentauthorized` with the token the sheet minted; Cancel fires `cancel`. And
 * `<apple-pay-button>` (attributes `buttonstyle` black, white or white-outline, `type`, `locale`; the
 * `--apple-pay-button-*` CSS properties): a button saying "Apple Pay" or "<Type> with Apple Pay" (in English whatever
 * the locale), `role="button"`, focusable, named by what it says unless the page gave an `aria-label`, and activated
 * by Enter and Space (inferred: Apple documents the element's attributes and CSS properties, not its accessibility).
 * A constructed style sheet, no inline handler. Served with its parts, the `./apple-pay-*.ts` modules (`servedScript`).
 */
export function applePayJs(base: typeof sandboxBase, openSheet: typeof openWalletSheet, paths: ApplePayJsPaths, frame: WalletSheetFrame): void {
  'use strict';
  const standIn: ApplePayStandIn = { sandbox: base(document.currentScript, paths.script), paths, frame, openSheet, active: null };

  class ApplePayError extends Error {
    declare code: ApplePayJS.ApplePayErrorCode;
    declare contactField: ApplePayJS.ApplePayErrorContactField | undefined;
    constructor(code: ApplePayJS.ApplePayErrorCode, contactField?: ApplePayJS.ApplePayErrorContactField, message?: string) {
      super(message || '');
      this.name = 'ApplePayError';
      this.code = code;
      this.contactField = contactField;
    }
  }

  const page = window as unknown as ApplePayJsGlobals;
  page.ApplePaySession = applePaySessionClass(standIn);
  page.ApplePayError = ApplePayError;
  defineApplePayButton();
}
