import type * as messaging from './wallet-sheet-messaging.js';
import type { WalletSheetAddress, WalletSheetCard, WalletSheetShow } from './wallet-sheet-messages.js';
import type { WalletSheetState } from './wallet-sheet-state.js';

// Parts of the stand-in wallet sheet's script (`./wallet-sheet.ts`, served beside it): what it shows, the summary,
// shipping methods and cards, and what the customer chose.

declare const send: typeof messaging.send;

/** The page's element `id`. */
export function el(id: string): HTMLElement {
  return document.getElementById(id) as HTMLElement;
}

/** The Pay button. */
export function payButton(): HTMLButtonElement {
  return el('pay') as HTMLButtonElement;
}

/** The address or shipping method list. */
export function select(id: 'address' | 'method'): HTMLSelectElement {
  return el(id) as HTMLSelectElement;
}

/** The card chosen, if any. */
export function selectedCard(sheet: WalletSheetState): WalletSheetCard | null {
  const checked = document.querySelector<HTMLInputElement>('input[name="card"]:checked');
  if (!checked) return null;
  for (const card of sheet.cards) if (card.id === checked.value) return card;
  return null;
}

/** The address chosen (the first by default). */
export function address(sheet: WalletSheetState): WalletSheetAddress {
  const addresses = sheet.config.addresses;
  const id = select('address').value;
  for (const entry of addresses) if (entry.id === id) return entry;
  return addresses[0] as WalletSheetAddress;
}

/** Pay is enabled once the sheet shows, a card is chosen, and nothing is waited for. */
export function refresh(sheet: WalletSheetState): void {
  payButton().disabled = sheet.busy || sheet.paying || sheet.show === null || selectedCard(sheet) === null;
}

/** `amount` with the currency shown. */
export function money(sheet: WalletSheetState, amount: string): string {
  return String(amount) + ' ' + (sheet.show && sheet.show.currency ? sheet.show.currency : '');
}

/** One row of the summary (the total's apart). */
export function row(sheet: WalletSheetState, label: string, amount: string, total: boolean): HTMLTableRowElement {
  const tr = document.createElement('tr');
  if (total) tr.className = 'total';
  const name = document.createElement('td');
  name.textContent = label;
  const value = document.createElement('td');
  value.className = 'amount';
  value.textContent = money(sheet, amount);
  tr.appendChild(name);
  tr.appendChild(value);
  return tr;
}

/** The summary: the line items, then the total. */
export function renderSummary(sheet: WalletSheetState, show: WalletSheetShow): void {
  const table = el('summary');
  table.textContent = '';
  (show.lineItems || []).forEach((item) => {
    table.appendChild(row(sheet, item.label, item.amount, false));
  });
  table.appendChild(row(sheet, show.total.label, show.total.amount, true));
}

/** The shipping methods, the chosen one kept (or the one the stand-in selects); hidden when there is none. */
export function renderMethods(sheet: WalletSheetState, show: WalletSheetShow): void {
  const methods = show.shippingMethods || [];
  const list = select('method');
  const current = show.selectedShippingMethod || list.value;
  list.textContent = '';
  methods.forEach((method) => {
    const option = document.createElement('option');
    option.value = method.id;
    option.textContent = method.label + ' (' + money(sheet, method.amount) + ')' + (method.detail ? ' ' + method.detail : '');
    list.appendChild(option);
  });
  if (current && methods.some((method) => method.id === current)) list.value = current;
  el('method-label').hidden = methods.length === 0;
}

/** The cards, as radio buttons (the first chosen); choosing one tells the stand-in. */
export function renderCards(sheet: WalletSheetState): void {
  const box = el('cards');
  sheet.cards.forEach((card, index) => {
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = 'card';
    input.value = card.id;
    input.checked = index === 0;
    input.addEventListener('change', () => {
      send(sheet, { type: 'card', card, address: address(sheet) });
      refresh(sheet);
    });
    label.appendChild(input);
    label.appendChild(document.createTextNode(' ' + card.label));
    label.title = card.description;
    box.appendChild(label);
  });
}
