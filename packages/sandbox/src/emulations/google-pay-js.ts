import * as googlePayAuthorization from '../browser/google-pay-authorization.js';
import * as googlePayClient from '../browser/google-pay-client.js';
import { googlePayJs } from '../browser/google-pay-js.js';
import * as googlePayRequest from '../browser/google-pay-request.js';
import * as googlePaySheet from '../browser/google-pay-sheet.js';
import * as googlePaySheetValues from '../browser/google-pay-sheet-values.js';
import { sandboxBase } from '../browser/sandbox-base.js';
import { servedScript } from '../browser/served-source.js';
import { openWalletSheet } from '../browser/wallet-sheet-frame.js';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import { walletSheetFrame } from './wallet-sheet-frame.js';

/**
 * `GET /gp/p/js/pay.js`, the stand-in for Google's pay.js (`https://pay.google.com/gp/p/js/pay.js`):
 * `google.payments.api.PaymentsClient`, implementing `@types/googlepay` 0.7's `PaymentsClient` (see
 * `../browser/google-pay-js.ts`), showing the sandbox's sheet (wallet-sheet-page.ts) where pay.js shows Google's.
 * Served as its source (with its parts, `../browser/google-pay-*.ts`) with its own path and the sheet's frame; no eval, no inline handler.
 */
export const googlePayJsScript = `/* Tessera sandbox: stand-in for Google's pay.js. */\n${servedScript(
  googlePayJs,
  [googlePayAuthorization, googlePayClient, googlePayRequest, googlePaySheet, googlePaySheetValues],
  sandboxBase,
  openWalletSheet,
  sandboxRoutes.googlePayJsScript,
  walletSheetFrame,
)}`;
