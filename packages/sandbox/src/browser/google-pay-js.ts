/// <reference types="googlepay" />
import type * as client from './google-pay-client.js';
import type { GooglePayJsGlobals } from './google-pay-state.js';
import type { sandboxBase } from './sandbox-base.js';
import type { openWalletSheet, WalletSheetFrame } from './wallet-sheet-frame.js';

declare const paymentsClientClass: typeof client.paymentsClientClass;

/**
 * The stand-in for Google's pay.js (`GET /gp/p/js/pay.js`, for `https://pay.google.com/gp/p/js/pay.js`), typed
 * against `@types/googlepay` 0.7: `google.payments.api.PaymentsClient({ environment, paymentDataCallbacks })`
 * implements the published `PaymentsClient`: `isReadyToPay` (`{ result: true }`), `loadPaymentData`, `createButton`
 * and `prefetchPaymentData`. Where pay.js shows Google's sheet, this shows the sandbox's (`openSheet`,
 * `wallet-sheet.ts`), which mints with the request's `gateway` and `gatewayMerchantId`. `loadPaymentData` rejects a
 * `PaymentsError`: `{ statusCode: 'CANCELED' }` on Cancel, `DEVELOPER_ERROR` for a request pay.js refuses (and,
 * inferred, outside a user gesture, where pay.js's popup is blocked). `onPaymentDataChanged` is called for the
 * `SHIPPING_ADDRESS` / `SHIPPING_OPTION` intents (`INITIALIZE` first, a redacted address, as Google gives before
 * authorization) and `onPaymentAuthorized` for `PAYMENT_AUTHORIZATION`. No inline handler; the button's look is set
 * through `style.cssText`. Served with its parts, the `./google-pay-*.ts` modules (`servedScript`).
 */
export function googlePayJs(base: typeof sandboxBase, openSheet: typeof openWalletSheet, scriptPath: string, frame: WalletSheetFrame): void {
  'use strict';
  const PaymentsClient = paymentsClientClass({ sandbox: base(document.currentScript, scriptPath), frame, openSheet, showing: false });
  const page = window as unknown as GooglePayJsGlobals;
  page.google = page.google || {};
  page.google.payments = page.google.payments || {};
  page.google.payments.api = page.google.payments.api || {};
  page.google.payments.api.PaymentsClient = PaymentsClient;
}
