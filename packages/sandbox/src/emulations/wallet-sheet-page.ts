import { servedScript } from '../browser/served-source.js';
import { walletSheet } from '../browser/wallet-sheet.js';
import * as walletSheetMessaging from '../browser/wallet-sheet-messaging.js';
import * as walletSheetPay from '../browser/wallet-sheet-pay.js';
import * as walletSheetView from '../browser/wallet-sheet-view.js';
import type { WalletSheetAddress } from '../browser/wallet-sheet-messages.js';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import type { RouteResult } from '../wire/answer.js';
import { WALLET_SHEET_MESSAGE } from './wallet-sheet-frame.js';

// The stand-in wallet sheet: `GET /sandbox/wallet-sheet?wallet=apple_pay|google_pay`, shown in an iframe by the
// stand-in Apple Pay JS and pay.js (apple-pay-js.ts, google-pay-js.ts). It lists the test wallet cards
// (`GET /sandbox/wallet-cards`), the total, line items, shipping addresses and methods the script sends it, with Pay
// and Cancel. Pay mints the wallet token on the sandbox's own origin (the mint routes are same-origin only) and hands
// it by postMessage to the origin that showed the sheet, only. Its script is a file of its own (strict CSP: no inline
// script, no eval): `../browser/wallet-sheet.ts`, served as its source.

/**
 * The test addresses the sheet offers for shipping and billing (the sandbox's choice): the first is picked at first.
 * Each stand-in script gives them in its wallet's shape (Apple's `ApplePayPaymentContact`, Google's `Address`).
 */
export const WALLET_SHEET_ADDRESSES = [
  { id: 'paris', givenName: 'Camille', familyName: 'Martin', lines: ['12 rue de Rivoli'], locality: 'Paris', area: '', postalCode: '75001', countryCode: 'FR', country: 'France', phone: '+33 1 23 45 67 89', email: 'camille.martin@example.com' },
  { id: 'new_york', givenName: 'Jordan', familyName: 'Lee', lines: ['350 Fifth Avenue'], locality: 'New York', area: 'NY', postalCode: '10118', countryCode: 'US', country: 'United States', phone: '+1 212 555 0100', email: 'jordan.lee@example.com' },
] as const satisfies readonly WalletSheetAddress[];

const styles = `
  body { font: 15px/1.4 system-ui, sans-serif; margin: 0; padding: 16px; color: #111; }
  h1 { font-size: 17px; margin: 0 0 12px; }
  fieldset { border: 1px solid #ddd; border-radius: 8px; margin: 0 0 12px; padding: 8px 12px; }
  legend { font-weight: 600; }
  label { display: block; margin: 4px 0; }
  select { width: 100%; }
  table { width: 100%; border-collapse: collapse; margin-bottom: 12px; }
  td.amount { text-align: right; }
  tr.total td { font-weight: 700; border-top: 1px solid #ddd; }
  .error { color: #b00020; min-height: 1.4em; }
  .actions { display: flex; gap: 8px; }
  .actions button { flex: 1; padding: 10px; font-size: 15px; border-radius: 8px; border: 1px solid #111; }
  #pay { background: #111; color: #fff; }
  #pay:disabled { opacity: 0.4; }
`;

const sheetHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Tessera sandbox wallet sheet</title>
<style>${styles}</style>
<script src="${sandboxRoutes.walletSheetScript.slice(1).replace(/^sandbox\//, '')}" defer></script>
</head>
<body>
<h1 id="title">Test wallet (Tessera sandbox)</h1>
<table id="summary" aria-label="Summary"></table>
<fieldset id="cards"><legend>Card</legend></fieldset>
<fieldset id="shipping" hidden><legend>Shipping</legend>
<label>Shipping address <select id="address"></select></label>
<label id="method-label" hidden>Shipping method <select id="method"></select></label>
</fieldset>
<p class="error" id="error" role="alert"></p>
<div class="actions"><button type="button" id="cancel">Cancel</button><button type="button" id="pay" disabled>Pay</button></div>
</body>
</html>
`;

/** `GET /sandbox/wallet-sheet`: the sheet's page. Framed by any page (the merchant's); scripts from the sandbox only. */
export function walletSheetPage(): RouteResult {
  return {
    html: sheetHtml,
    headers: { 'content-security-policy': "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'", 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' },
  };
}

/** `GET /sandbox/wallet-sheet/sheet.js`: the sheet's script, `../browser/wallet-sheet.ts` served as its source, with its parts. */
export const walletSheetScript = `/* Tessera sandbox: the stand-in wallet sheet. */\n${servedScript(walletSheet, [walletSheetMessaging, walletSheetPay, walletSheetView], {
  tag: WALLET_SHEET_MESSAGE,
  addresses: WALLET_SHEET_ADDRESSES,
  cardsPath: sandboxRoutes.listWalletCards,
  mintApplePayPath: sandboxRoutes.mintApplePayToken,
  mintGooglePayPath: sandboxRoutes.mintGooglePayToken,
})}`;
