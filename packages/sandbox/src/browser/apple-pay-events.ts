/// <reference types="applepayjs" />
import type * as request from './apple-pay-request.js';
import type { ApplePayAnyUpdate, ApplePaySelectionEvent, ApplePaySessionHandlers, ApplePaySessionState } from './apple-pay-session-state.js';
import type * as values from './apple-pay-sheet-values.js';
import type { WalletSheet } from './wallet-sheet-frame.js';
import type { WalletSheetUpdate } from './wallet-sheet-messages.js';

// Parts of the Apple Pay JS stand-in (`./apple-pay-js.ts`, served beside it): a session's event sequence, the
// selection events fired one at a time, each waiting for the merchant's `complete*`, the sheet busy meanwhile.

declare const accessError: typeof request.accessError;
declare const applePayStatuses: typeof request.applePayStatuses;
declare const items: typeof values.items;
declare const total: typeof values.total;
declare const methods: typeof values.methods;
declare const contact: typeof values.contact;
declare const paymentMethod: typeof values.paymentMethod;
declare const errorText: typeof values.errorText;

/** Posts `message` to the session's sheet, if it has one. */
export function postToSheet(session: ApplePaySessionState, message: Parameters<WalletSheet['post']>[0]): void {
  if (session.sheet) session.sheet.post(message);
}

/** Whether the request asks for a postal address. */
export function wantsAddress(session: ApplePaySessionState): boolean {
  const fields = session.request.requiredShippingContactFields || [];
  return fields.indexOf('postalAddress') >= 0;
}

/** Fires the first choices, once the merchant is validated and the sheet has shown its first card. */
export function startEvents(session: ApplePaySessionState): void {
  if (session.state !== 'showing' || session.card === null || session.started) return;
  session.started = true;
  queueEvent(session, 'paymentmethodselected');
  if (wantsAddress(session)) queueEvent(session, 'shippingcontactselected');
  nextEvent(session);
}

/** Fires `type` on the session with `fields`: its `on*` handler, then its listeners. */
export function fireEvent(session: ApplePaySessionState, type: string, fields: Record<string, unknown>): void {
  const event = new Event(type);
  Object.keys(fields).forEach((key) => {
    Object.defineProperty(event, key, { value: fields[key], enumerable: true });
  });
  const target = session.target;
  const handler = (target as unknown as Partial<Record<string, unknown>>)['on' + type];
  if (typeof handler === 'function') (handler as (event: Event) => void).call(target, event);
  target.dispatchEvent(event);
}

/** Queues `type` (once) to fire after those waiting. */
export function queueEvent(session: ApplePaySessionState, type: ApplePaySelectionEvent): void {
  if (session.queue.indexOf(type) < 0) session.queue.push(type);
}

/** Whether the page listens to `type` with `addEventListener`. */
export function listens(session: ApplePaySessionState, type: string): boolean {
  return session.listened[type] === true;
}

/** Fires the next queued event the page handles (the sheet busy until it is completed); else the sheet is free. */
export function nextEvent(session: ApplePaySessionState): void {
  if (session.state !== 'showing' || session.waiting !== null) return;
  let type = session.queue.shift();
  while (type !== undefined) {
    if (typeof session.target['on' + type as keyof ApplePaySessionHandlers] !== 'function' && !listens(session, type)) {
      type = session.queue.shift();
      continue;
    }
    session.waiting = type;
    postToSheet(session, { type: 'update', busy: true });
    if (type === 'paymentmethodselected' && session.card) fireEvent(session, type, { paymentMethod: paymentMethod(session.card) });
    else if (type === 'shippingcontactselected' && session.address) fireEvent(session, type, { shippingContact: contact(session.address, false) });
    else if (type === 'shippingmethodselected') fireEvent(session, type, { shippingMethod: session.method });
    return;
  }
  postToSheet(session, { type: 'update', busy: false });
}

/** The merchant's `complete*` for `type`: its update shown in the sheet, then the next event. */
export function completeEvent(session: ApplePaySessionState, type: ApplePaySelectionEvent, update: ApplePayAnyUpdate | null | undefined): void {
  if (session.waiting !== type) throw accessError('The session is not waiting for this update.');
  session.waiting = null;
  const message: WalletSheetUpdate = { type: 'update', busy: false, error: errorText(update ? update.errors : undefined) };
  if (update && update.newTotal) message.total = total(update.newTotal);
  if (update && update.newLineItems) message.lineItems = items(update.newLineItems);
  if (update && update.newShippingMethods) {
    message.shippingMethods = methods(update.newShippingMethods);
    session.methods = update.newShippingMethods;
    session.method = update.newShippingMethods[0] || null;
  }
  if (update && typeof update.status === 'number' && update.status !== applePayStatuses().STATUS_SUCCESS && !message.error) message.error = 'The merchant cannot use this choice: pick another one';
  postToSheet(session, message);
  nextEvent(session);
}
