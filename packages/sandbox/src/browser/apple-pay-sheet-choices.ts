/// <reference types="applepayjs" />
import type * as events from './apple-pay-events.js';
import type * as payment from './apple-pay-payment.js';
import type { ApplePaySessionState, ApplePayStandIn } from './apple-pay-session-state.js';
import type { WalletSheetFromSheet } from './wallet-sheet-messages.js';

// A part of the Apple Pay JS stand-in (`./apple-pay-js.ts`, served beside it): what the customer does in the sheet,
// as the session's events.

declare const queueEvent: typeof events.queueEvent;
declare const nextEvent: typeof events.nextEvent;
declare const startEvents: typeof events.startEvents;
declare const fireEvent: typeof events.fireEvent;
declare const endSession: typeof payment.endSession;
declare const authorizePayment: typeof payment.authorizePayment;

/**
 * A message of the sheet: Cancel ends the session and fires `cancel`; a card, an address or a shipping method chosen
 * fires its selection event (the first card starts the events); Pay authorizes the payment.
 */
export function fromSheet(standIn: ApplePayStandIn, session: ApplePaySessionState, message: WalletSheetFromSheet<ApplePayJS.ApplePayPaymentToken>): void {
  if (session.state === 'ended') return;
  if (message.type === 'cancel') {
    endSession(standIn, session);
    fireEvent(session, 'cancel', { sessionError: { code: 'unknown', info: {} } });
  } else if (message.type === 'card' && message.card) {
    if (session.address === null) session.address = message.address;
    const first = session.card === null;
    session.card = message.card;
    if (first) startEvents(session);
    else if (session.started) {
      queueEvent(session, 'paymentmethodselected');
      nextEvent(session);
    }
  } else if (message.type === 'shippingContact') {
    session.address = message.address;
    if (session.started) {
      queueEvent(session, 'shippingcontactselected');
      nextEvent(session);
    }
  } else if (message.type === 'shippingMethod') {
    const chosen = session.methods.filter((method) => method.identifier === message.id)[0];
    if (!chosen) return;
    session.method = chosen;
    if (session.started) {
      queueEvent(session, 'shippingmethodselected');
      nextEvent(session);
    }
  } else if (message.type === 'authorized' && session.state === 'showing' && session.started && session.waiting === null) {
    authorizePayment(session, message);
  }
}
