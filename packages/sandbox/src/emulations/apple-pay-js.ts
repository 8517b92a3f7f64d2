import * as applePayButton from '../browser/apple-pay-button.js';
import * as applePayEvents from '../browser/apple-pay-events.js';
import { applePayJs } from '../browser/apple-pay-js.js';
import * as applePayMerchantValidation from '../browser/apple-pay-merchant-validation.js';
import * as applePayPayment from '../browser/apple-pay-payment.js';
import * as applePayRequest from '../browser/apple-pay-request.js';
import * as applePaySession from '../browser/apple-pay-session.js';
import * as applePaySheetChoices from '../browser/apple-pay-sheet-choices.js';
import * as applePaySheetValues from '../browser/apple-pay-sheet-values.js';
import { sandboxBase } from '../browser/sandbox-base.js';
import { servedScript } from '../browser/served-source.js';
import { openWalletSheet } from '../browser/wallet-sheet-frame.js';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import { walletSheetFrame } from './wallet-sheet-frame.js';

/**
 * `GET /applepay/jsapi/1.latest/apple-pay-sdk.js`, the stand-in for Apple Pay JS
 * (`https://applepay.cdn-apple.com/jsapi/1.latest/apple-pay-sdk.js`): `window.ApplePaySession`,
 * `window.ApplePayError` and `<apple-pay-button>`, typed against `@types/applepayjs` 14 (see
 * `../browser/apple-pay-js.ts`), showing the sandbox's sheet (wallet-sheet-page.ts) where Safari shows its own. Served
 * as its source (with its parts, `../browser/apple-pay-*.ts`) with the paths it calls and the sheet's frame; no eval,
 * no inline handler or style.
 */
export const applePayJsScript = `/* Tessera sandbox: stand-in for Apple Pay JS. */\n${servedScript(
  applePayJs,
  [applePayButton, applePayEvents, applePayMerchantValidation, applePayPayment, applePayRequest, applePaySession, applePaySheetChoices, applePaySheetValues],
  sandboxBase,
  openWalletSheet,
  { script: sandboxRoutes.applePayJsScript, merchantSession: sandboxRoutes.vaultApplePayMerchantSession },
  walletSheetFrame,
)}`;
