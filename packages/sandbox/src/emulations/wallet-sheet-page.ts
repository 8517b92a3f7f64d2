import { sandboxRoutes } from '../http/sandbox-routes.js';
import type { RouteResult } from '../http/answer.js';
import { WALLET_SHEET_MESSAGE } from './wallet-sheet-frame.js';

// The stand-in wallet sheet: `GET /sandbox/wallet-sheet?wallet=apple_pay|google_pay`, shown in an iframe by the
// stand-in Apple Pay JS and pay.js (apple-pay-js.ts, google-pay-js.ts). It lists the test wallet cards
// (`GET /sandbox/wallet-cards`), the total, line items, shipping addresses and methods the script sends it, with Pay
// and Cancel. Pay mints the wallet token on the sandbox's own origin (the mint routes are same-origin only) and hands
// it by postMessage to the origin that showed the sheet, only. Its script is a file of its own (strict CSP: no inline
// script, no eval).

/**
 * The test addresses the sheet offers for shipping and billing (the sandbox's choice): the first is picked at first.
 * Each stand-in script gives them in its wallet's shape (Apple's `ApplePayPaymentContact`, Google's `Address`).
 */
export const WALLET_SHEET_ADDRESSES = [
  { id: 'paris', givenName: 'Camille', familyName: 'Martin', lines: ['12 rue de Rivoli'], locality: 'Paris', area: '', postalCode: '75001', countryCode: 'FR', country: 'France', phone: '+33 1 23 45 67 89', email: 'camille.martin@example.com' },
  { id: 'new_york', givenName: 'Jordan', familyName: 'Lee', lines: ['350 Fifth Avenue'], locality: 'New York', area: 'NY', postalCode: '10118', countryCode: 'US', country: 'United States', phone: '+1 212 555 0100', email: 'jordan.lee@example.com' },
] as const;

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

/** `GET /sandbox/wallet-sheet/sheet.js`: the sheet's script (ES2017). */
export const walletSheetScript = `/* Tessera sandbox: the stand-in wallet sheet. */
(function () {
  'use strict';
  var MESSAGE = ${JSON.stringify(WALLET_SHEET_MESSAGE)};
  var ADDRESSES = ${JSON.stringify(WALLET_SHEET_ADDRESSES)};
  var wallet = new URLSearchParams(location.search).get('wallet') === 'google_pay' ? 'google_pay' : 'apple_pay';
  var parentOrigin = null;
  var state = { cards: [], show: null, busy: true, paying: false, announced: false };
  var el = function (id) { return document.getElementById(id); };
  document.title = (wallet === 'apple_pay' ? 'Apple Pay' : 'Google Pay') + ' (Tessera sandbox)';
  el('title').textContent = document.title;

  function send(message) {
    if (parentOrigin === null) return;
    message.tessera = MESSAGE;
    window.parent.postMessage(message, parentOrigin);
  }
  function selectedCard() {
    var checked = document.querySelector('input[name="card"]:checked');
    if (!checked) return null;
    for (var i = 0; i < state.cards.length; i++) if (state.cards[i].id === checked.value) return state.cards[i];
    return null;
  }
  function address() {
    var id = el('address').value;
    for (var i = 0; i < ADDRESSES.length; i++) if (ADDRESSES[i].id === id) return ADDRESSES[i];
    return ADDRESSES[0];
  }
  function refresh() {
    el('pay').disabled = state.busy || state.paying || state.show === null || selectedCard() === null;
  }
  function money(amount) {
    return String(amount) + ' ' + (state.show && state.show.currency ? state.show.currency : '');
  }
  function row(label, amount, total) {
    var tr = document.createElement('tr');
    if (total) tr.className = 'total';
    var name = document.createElement('td');
    name.textContent = label;
    var value = document.createElement('td');
    value.className = 'amount';
    value.textContent = money(amount);
    tr.appendChild(name);
    tr.appendChild(value);
    return tr;
  }
  function renderSummary() {
    var table = el('summary');
    table.textContent = '';
    var show = state.show;
    (show.lineItems || []).forEach(function (item) { table.appendChild(row(item.label, item.amount, false)); });
    table.appendChild(row(show.total.label, show.total.amount, true));
  }
  function renderMethods() {
    var methods = state.show.shippingMethods || [];
    var select = el('method');
    var current = state.show.selectedShippingMethod || select.value;
    select.textContent = '';
    methods.forEach(function (method) {
      var option = document.createElement('option');
      option.value = method.id;
      option.textContent = method.label + ' (' + money(method.amount) + ')' + (method.detail ? ' ' + method.detail : '');
      select.appendChild(option);
    });
    if (current && methods.some(function (method) { return method.id === current; })) select.value = current;
    el('method-label').hidden = methods.length === 0;
  }
  function renderCards() {
    var box = el('cards');
    state.cards.forEach(function (card, index) {
      var label = document.createElement('label');
      var input = document.createElement('input');
      input.type = 'radio';
      input.name = 'card';
      input.value = card.id;
      input.checked = index === 0;
      input.addEventListener('change', function () {
        send({ type: 'card', card: card, address: address() });
        refresh();
      });
      label.appendChild(input);
      label.appendChild(document.createTextNode(' ' + card.label));
      label.title = card.description;
      box.appendChild(label);
    });
  }
  ADDRESSES.forEach(function (entry) {
    var option = document.createElement('option');
    option.value = entry.id;
    option.textContent = entry.givenName + ' ' + entry.familyName + ', ' + entry.locality + ', ' + entry.country;
    el('address').appendChild(option);
  });
  el('address').addEventListener('change', function () { send({ type: 'shippingContact', address: address() }); });
  el('method').addEventListener('change', function () { send({ type: 'shippingMethod', id: el('method').value }); });
  el('cancel').addEventListener('click', function () { send({ type: 'cancel' }); });
  el('pay').addEventListener('click', function () {
    var card = selectedCard();
    if (!card || !state.show) return;
    state.paying = true;
    el('error').textContent = '';
    refresh();
    var show = state.show;
    var path = wallet === 'apple_pay' ? ${JSON.stringify(sandboxRoutes.mintApplePayToken)} : ${JSON.stringify(sandboxRoutes.mintGooglePayToken)};
    var body = wallet === 'apple_pay'
      ? { card: card.id, merchantSession: show.merchantSession }
      : { card: card.id, gateway: show.mint.gateway, gatewayMerchantId: show.mint.gatewayMerchantId, allowedAuthMethods: show.mint.allowedAuthMethods };
    if (wallet === 'google_pay' && show.mint.assuranceDetailsRequired) body.assuranceDetailsRequired = true;
    fetch(path, { method: 'POST', credentials: 'omit', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (response) {
        return response.json().then(function (json) {
          if (!response.ok) throw new Error(json && (json.detail || (json.error && json.error.message) || json.message) || 'the sandbox refused the token (' + response.status + ')');
          return json;
        });
      })
      .then(function (token) {
        var shipping = address();
        send({ type: 'authorized', token: token, card: card, shippingAddress: state.show.shipping ? shipping : null, billingAddress: shipping, methodId: el('method').value || null });
      }, function (error) {
        state.paying = false;
        el('error').textContent = String(error && error.message ? error.message : error);
        refresh();
      });
  });

  window.addEventListener('message', function (event) {
    if (event.source !== window.parent) return;
    var data = event.data;
    if (!data || data.tessera !== MESSAGE) return;
    if (parentOrigin === null) {
      if (data.type !== 'show') return;
      parentOrigin = event.origin;
    } else if (event.origin !== parentOrigin) return;
    if (data.type === 'show') {
      state.show = data;
      state.busy = data.busy === true;
      el('shipping').hidden = !data.shipping;
      renderSummary();
      renderMethods();
      if (!state.announced) send({ type: 'card', card: selectedCard(), address: address() });
      state.announced = true;
    } else if (data.type === 'update' && state.show) {
      if (data.total) state.show.total = data.total;
      if (data.lineItems) state.show.lineItems = data.lineItems;
      if (data.shippingMethods) state.show.shippingMethods = data.shippingMethods;
      if (typeof data.busy === 'boolean') state.busy = data.busy;
      el('error').textContent = data.error || '';
      renderSummary();
      renderMethods();
    } else if (data.type === 'failed') {
      state.paying = false;
      el('error').textContent = data.error || 'Payment not completed: pick another card or cancel';
    }
    refresh();
  });

  fetch(${JSON.stringify(sandboxRoutes.listWalletCards)}, { credentials: 'omit' })
    .then(function (response) { return response.json(); })
    .then(function (cards) {
      state.cards = cards.filter(function (card) { return card.wallet === wallet || card.wallet === 'both'; });
      renderCards();
      refresh();
      window.parent.postMessage({ tessera: MESSAGE, type: 'ready' }, '*');
    }, function () {
      el('error').textContent = 'The sandbox could not list its wallet cards: check that it is running';
    });
})();
`;
