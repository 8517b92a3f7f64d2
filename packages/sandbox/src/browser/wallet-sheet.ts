import type { WalletSheetAddress, WalletSheetCard, WalletSheetEnvelope, WalletSheetReady, WalletSheetTag, WalletSheetWallet } from './wallet-sheet-messages.js';
import type * as messaging from './wallet-sheet-messaging.js';
import type * as paying from './wallet-sheet-pay.js';
import type { WalletSheetState } from './wallet-sheet-state.js';
import type * as view from './wallet-sheet-view.js';

declare const send: typeof messaging.send;
declare const listenToStandIn: typeof messaging.listenToStandIn;
declare const pay: typeof paying.pay;
declare const el: typeof view.el;
declare const select: typeof view.select;
declare const address: typeof view.address;
declare const refresh: typeof view.refresh;
declare const renderCards: typeof view.renderCards;

/** What the sandbox gives the sheet's script: the messages' tag, its test addresses and the routes it calls. */
export interface WalletSheetConfig {
  tag: WalletSheetTag;
  addresses: readonly WalletSheetAddress[];
  /** `GET`: the test wallet cards (`WalletSheetCard[]`). */
  cardsPath: string;
  /** `POST`: mint an Apple Pay token for a card and a merchant session. */
  mintApplePayPath: string;
  /** `POST`: mint a Google Pay token for a card, a gateway and its merchant id. */
  mintGooglePayPath: string;
}

/**
 * The stand-in wallet sheet's script (`GET /sandbox/wallet-sheet/sheet.js`, in the page `?wallet=apple_pay|google_pay`
 * shown in an iframe by `wallet-sheet-frame.ts`): lists the test wallet cards, the total, line items, shipping
 * addresses and methods the stand-in sends it, with Pay and Cancel. It answers only the origin whose `show` came first;
 * Pay mints the wallet token on the sandbox's own origin and hands it to that origin, only. It says `ready` once its
 * cards are listed. Served with its parts, the `./wallet-sheet-*.ts` modules (`servedScript`).
 */
export function walletSheet(config: WalletSheetConfig): void {
  'use strict';
  const wallet: WalletSheetWallet = new URLSearchParams(location.search).get('wallet') === 'google_pay' ? 'google_pay' : 'apple_pay';
  const sheet: WalletSheetState = { config, wallet, parentOrigin: null, cards: [], show: null, busy: true, paying: false, announced: false };
  document.title = (wallet === 'apple_pay' ? 'Apple Pay' : 'Google Pay') + ' (Tessera sandbox)';
  el('title').textContent = document.title;

  config.addresses.forEach((entry) => {
    const option = document.createElement('option');
    option.value = entry.id;
    option.textContent = entry.givenName + ' ' + entry.familyName + ', ' + entry.locality + ', ' + entry.country;
    select('address').appendChild(option);
  });
  select('address').addEventListener('change', () => {
    send(sheet, { type: 'shippingContact', address: address(sheet) });
  });
  select('method').addEventListener('change', () => {
    send(sheet, { type: 'shippingMethod', id: select('method').value });
  });
  el('cancel').addEventListener('click', () => {
    send(sheet, { type: 'cancel' });
  });
  el('pay').addEventListener('click', () => {
    pay(sheet);
  });
  listenToStandIn(sheet);

  fetch(config.cardsPath, { credentials: 'omit' })
    .then((response) => response.json() as Promise<WalletSheetCard[]>)
    .then(
      (cards) => {
        sheet.cards = cards.filter((card) => card.wallet === wallet || card.wallet === 'both');
        renderCards(sheet);
        refresh(sheet);
        const ready: WalletSheetEnvelope<WalletSheetReady> = { tessera: config.tag, type: 'ready' };
        window.parent.postMessage(ready, '*');
      },
      () => {
        el('error').textContent = 'The sandbox could not list its wallet cards: check that it is running';
      },
    );
}
