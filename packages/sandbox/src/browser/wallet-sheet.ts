import type {
  WalletSheetAddress,
  WalletSheetCard,
  WalletSheetEnvelope,
  WalletSheetFromSheet,
  WalletSheetGoogleMint,
  WalletSheetReady,
  WalletSheetShow,
  WalletSheetTag,
  WalletSheetToSheet,
  WalletSheetWallet,
} from './wallet-sheet-messages.js';

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
 * cards are listed.
 */
export function walletSheet(config: WalletSheetConfig): void {
  'use strict';
  const ADDRESSES = config.addresses;
  const wallet: WalletSheetWallet = new URLSearchParams(location.search).get('wallet') === 'google_pay' ? 'google_pay' : 'apple_pay';
  let parentOrigin: string | null = null;
  const state: { cards: WalletSheetCard[]; show: WalletSheetShow | null; busy: boolean; paying: boolean; announced: boolean } = { cards: [], show: null, busy: true, paying: false, announced: false };
  const el = (id: string): HTMLElement => document.getElementById(id) as HTMLElement;
  const payButton = (): HTMLButtonElement => el('pay') as HTMLButtonElement;
  const select = (id: 'address' | 'method'): HTMLSelectElement => el(id) as HTMLSelectElement;
  document.title = (wallet === 'apple_pay' ? 'Apple Pay' : 'Google Pay') + ' (Tessera sandbox)';
  el('title').textContent = document.title;

  function send(message: WalletSheetFromSheet<unknown>): void {
    if (parentOrigin === null) return;
    (message as WalletSheetEnvelope<WalletSheetFromSheet<unknown>>).tessera = config.tag;
    window.parent.postMessage(message, parentOrigin);
  }
  function selectedCard(): WalletSheetCard | null {
    const checked = document.querySelector<HTMLInputElement>('input[name="card"]:checked');
    if (!checked) return null;
    for (const card of state.cards) if (card.id === checked.value) return card;
    return null;
  }
  function address(): WalletSheetAddress {
    const id = select('address').value;
    for (const entry of ADDRESSES) if (entry.id === id) return entry;
    return ADDRESSES[0] as WalletSheetAddress;
  }
  function refresh(): void {
    payButton().disabled = state.busy || state.paying || state.show === null || selectedCard() === null;
  }
  function money(amount: string): string {
    return String(amount) + ' ' + (state.show && state.show.currency ? state.show.currency : '');
  }
  function row(label: string, amount: string, total: boolean): HTMLTableRowElement {
    const tr = document.createElement('tr');
    if (total) tr.className = 'total';
    const name = document.createElement('td');
    name.textContent = label;
    const value = document.createElement('td');
    value.className = 'amount';
    value.textContent = money(amount);
    tr.appendChild(name);
    tr.appendChild(value);
    return tr;
  }
  function renderSummary(show: WalletSheetShow): void {
    const table = el('summary');
    table.textContent = '';
    (show.lineItems || []).forEach((item) => {
      table.appendChild(row(item.label, item.amount, false));
    });
    table.appendChild(row(show.total.label, show.total.amount, true));
  }
  function renderMethods(show: WalletSheetShow): void {
    const methods = show.shippingMethods || [];
    const list = select('method');
    const current = show.selectedShippingMethod || list.value;
    list.textContent = '';
    methods.forEach((method) => {
      const option = document.createElement('option');
      option.value = method.id;
      option.textContent = method.label + ' (' + money(method.amount) + ')' + (method.detail ? ' ' + method.detail : '');
      list.appendChild(option);
    });
    if (current && methods.some((method) => method.id === current)) list.value = current;
    el('method-label').hidden = methods.length === 0;
  }
  function renderCards(): void {
    const box = el('cards');
    state.cards.forEach((card, index) => {
      const label = document.createElement('label');
      const input = document.createElement('input');
      input.type = 'radio';
      input.name = 'card';
      input.value = card.id;
      input.checked = index === 0;
      input.addEventListener('change', () => {
        send({ type: 'card', card, address: address() });
        refresh();
      });
      label.appendChild(input);
      label.appendChild(document.createTextNode(' ' + card.label));
      label.title = card.description;
      box.appendChild(label);
    });
  }
  ADDRESSES.forEach((entry) => {
    const option = document.createElement('option');
    option.value = entry.id;
    option.textContent = entry.givenName + ' ' + entry.familyName + ', ' + entry.locality + ', ' + entry.country;
    select('address').appendChild(option);
  });
  select('address').addEventListener('change', () => {
    send({ type: 'shippingContact', address: address() });
  });
  select('method').addEventListener('change', () => {
    send({ type: 'shippingMethod', id: select('method').value });
  });
  el('cancel').addEventListener('click', () => {
    send({ type: 'cancel' });
  });
  payButton().addEventListener('click', () => {
    const card = selectedCard();
    if (!card || !state.show) return;
    state.paying = true;
    el('error').textContent = '';
    refresh();
    const show = state.show;
    const path = wallet === 'apple_pay' ? config.mintApplePayPath : config.mintGooglePayPath;
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
          const shipping = address();
          send({ type: 'authorized', token, card, shippingAddress: state.show && state.show.shipping ? shipping : null, billingAddress: shipping, methodId: select('method').value || null });
        },
        (error: unknown) => {
          state.paying = false;
          el('error').textContent = String(error && (error as Partial<Error>).message ? (error as Error).message : error);
          refresh();
        },
      );
  });

  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window.parent) return;
    const data = event.data as WalletSheetEnvelope<WalletSheetToSheet> | null | undefined;
    if (!data || data.tessera !== config.tag) return;
    if (parentOrigin === null) {
      if (data.type !== 'show') return;
      parentOrigin = event.origin;
    } else if (event.origin !== parentOrigin) return;
    if (data.type === 'show') {
      state.show = data;
      state.busy = data.busy === true;
      el('shipping').hidden = !data.shipping;
      renderSummary(data);
      renderMethods(data);
      if (!state.announced) send({ type: 'card', card: selectedCard(), address: address() });
      state.announced = true;
    } else if (data.type === 'update' && state.show) {
      if (data.total) state.show.total = data.total;
      if (data.lineItems) state.show.lineItems = data.lineItems;
      if (data.shippingMethods) state.show.shippingMethods = data.shippingMethods;
      if (typeof data.busy === 'boolean') state.busy = data.busy;
      el('error').textContent = data.error || '';
      renderSummary(state.show);
      renderMethods(state.show);
    } else if (data.type === 'failed') {
      state.paying = false;
      el('error').textContent = data.error || 'Payment not completed: pick another card or cancel';
    }
    refresh();
  });

  fetch(config.cardsPath, { credentials: 'omit' })
    .then((response) => response.json() as Promise<WalletSheetCard[]>)
    .then(
      (cards) => {
        state.cards = cards.filter((card) => card.wallet === wallet || card.wallet === 'both');
        renderCards();
        refresh();
        const ready: WalletSheetEnvelope<WalletSheetReady> = { tessera: config.tag, type: 'ready' };
        window.parent.postMessage(ready, '*');
      },
      () => {
        el('error').textContent = 'The sandbox could not list its wallet cards: check that it is running';
      },
    );
}
