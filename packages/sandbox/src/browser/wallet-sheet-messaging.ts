import type * as view from './wallet-sheet-view.js';
import type { WalletSheetEnvelope, WalletSheetFromSheet, WalletSheetToSheet } from './wallet-sheet-messages.js';
import type { WalletSheetState } from './wallet-sheet-state.js';

// Parts of the stand-in wallet sheet's script (`./wallet-sheet.ts`, served beside it): messaging with the stand-in,
// from the parent window only, the origin of the first `show` only.

declare const el: typeof view.el;
declare const selectedCard: typeof view.selectedCard;
declare const address: typeof view.address;
declare const refresh: typeof view.refresh;
declare const renderSummary: typeof view.renderSummary;
declare const renderMethods: typeof view.renderMethods;

/** Posts `message` to the stand-in's origin (once a `show` named it), tagged. */
export function send(sheet: WalletSheetState, message: WalletSheetFromSheet<unknown>): void {
  if (sheet.parentOrigin === null) return;
  (message as WalletSheetEnvelope<WalletSheetFromSheet<unknown>>).tessera = sheet.config.tag;
  window.parent.postMessage(message, sheet.parentOrigin);
}

/**
 * Listens to the stand-in: `show` (the first names its origin; the sheet then sends its first card), `update` (the
 * merchant's answer to a choice) and `failed` (Pay to try again).
 */
export function listenToStandIn(sheet: WalletSheetState): void {
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window.parent) return;
    const data = event.data as WalletSheetEnvelope<WalletSheetToSheet> | null | undefined;
    if (!data || data.tessera !== sheet.config.tag) return;
    if (sheet.parentOrigin === null) {
      if (data.type !== 'show') return;
      sheet.parentOrigin = event.origin;
    } else if (event.origin !== sheet.parentOrigin) return;
    if (data.type === 'show') {
      sheet.show = data;
      sheet.busy = data.busy === true;
      el('shipping').hidden = !data.shipping;
      renderSummary(sheet, data);
      renderMethods(sheet, data);
      if (!sheet.announced) send(sheet, { type: 'card', card: selectedCard(sheet), address: address(sheet) });
      sheet.announced = true;
    } else if (data.type === 'update' && sheet.show) {
      if (data.total) sheet.show.total = data.total;
      if (data.lineItems) sheet.show.lineItems = data.lineItems;
      if (data.shippingMethods) sheet.show.shippingMethods = data.shippingMethods;
      if (typeof data.busy === 'boolean') sheet.busy = data.busy;
      el('error').textContent = data.error || '';
      renderSummary(sheet, sheet.show);
      renderMethods(sheet, sheet.show);
    } else if (data.type === 'failed') {
      sheet.paying = false;
      el('error').textContent = data.error || 'Payment not completed: pick another card or cancel';
    }
    refresh(sheet);
  });
}
