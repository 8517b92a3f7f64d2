import type * as messaging from './wallet-sheet-messaging.js';
import type * as view from './wallet-sheet-view.js';
import type { WalletSheetGoogleMint } from './wallet-sheet-messages.js';
import type { WalletSheetState } from './wallet-sheet-state.js';

// A part of the stand-in wallet sheet's script (`./wallet-sheet.ts`, served beside it): Pay, the wallet token minted
// on the sandbox's own origin and handed to the stand-in.

declare const send: typeof messaging.send;
declare const el: typeof view.el;
declare const select: typeof view.select;
declare const selectedCard: typeof view.selectedCard;
declare const address: typeof view.address;
declare const refresh: typeof view.refresh;

/**
 * Pay: mints the wallet's token for the chosen card (Apple's with the merchant session, Google's with the gateway)
 * and sends it `authorized` with the addresses and method; a refusal is shown, to pay again.
 */
export function pay(sheet: WalletSheetState): void {
  const card = selectedCard(sheet);
  if (!card || !sheet.show) return;
  sheet.paying = true;
  el('error').textContent = '';
  refresh(sheet);
  const show = sheet.show;
  const wallet = sheet.wallet;
  const path = wallet === 'apple_pay' ? sheet.config.mintApplePayPath : sheet.config.mintGooglePayPath;
  // The Google stand-in always sends `mint`.
  const mint = show.mint as WalletSheetGoogleMint;
  const body: Record<string, unknown> =
    wallet === 'apple_pay'
      ? { card: card.id, merchantSession: show.merchantSession }
      : { card: card.id, gateway: mint.gateway, gatewayMerchantId: mint.gatewayMerchantId, allowedAuthMethods: mint.allowedAuthMethods };
  if (wallet === 'google_pay' && mint.assuranceDetailsRequired) body['assuranceDetailsRequired'] = true;
  fetch(path, { method: 'POST', credentials: 'omit', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    .then((response) =>
      response.json().then((json: unknown) => {
        const refusal = json as { detail?: string; error?: { message?: string }; message?: string } | null;
        if (!response.ok) throw new Error((refusal && (refusal.detail || (refusal.error && refusal.error.message) || refusal.message)) || 'the sandbox refused the token (' + String(response.status) + ')');
        return json;
      }),
    )
    .then(
      (token) => {
        const shipping = address(sheet);
        send(sheet, { type: 'authorized', token, card, shippingAddress: sheet.show && sheet.show.shipping ? shipping : null, billingAddress: shipping, methodId: select('method').value || null });
      },
      (error: unknown) => {
        sheet.paying = false;
        el('error').textContent = String(error && (error as Partial<Error>).message ? (error as Error).message : error);
        refresh(sheet);
      },
    );
}
