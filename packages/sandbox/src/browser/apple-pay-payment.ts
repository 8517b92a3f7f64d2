/// <reference types="applepayjs" />
import type * as request from './apple-pay-request.js';
import type { ApplePaySessionState, ApplePayStandIn } from './apple-pay-session-state.js';
import type * as values from './apple-pay-sheet-values.js';
import type * as events from './apple-pay-events.js';
import type { WalletSheetAuthorized } from './wallet-sheet-messages.js';

// Parts of the Apple Pay JS stand-in (`./apple-pay-js.ts`, served beside it): the payment, `paymentauthorized` with the
// token the sheet minted, the merchant's `completePayment`, and the session's end.

declare const accessError: typeof request.accessError;
declare const applePayStatuses: typeof request.applePayStatuses;
declare const contact: typeof values.contact;
declare const errorText: typeof values.errorText;
declare const fireEvent: typeof events.fireEvent;
declare const postToSheet: typeof events.postToSheet;

/** Pay in the sheet: `paymentauthorized` with the sheet's token and the full contacts. */
export function authorizePayment(session: ApplePaySessionState, message: WalletSheetAuthorized<ApplePayJS.ApplePayPaymentToken>): void {
  session.state = 'authorizing';
  const payment: ApplePayJS.ApplePayPayment = { token: message.token, billingContact: contact(message.billingAddress, true) };
  if (message.shippingAddress) payment.shippingContact = contact(message.shippingAddress, true);
  fireEvent(session, 'paymentauthorized', { payment });
}

/** `completePayment(result)`: success ends the session; a failure shows its errors in the sheet, to pay again. */
export function paymentCompleted(standIn: ApplePayStandIn, session: ApplePaySessionState, result: number | ApplePayJS.ApplePayPaymentAuthorizationResult): void {
  if (session.state !== 'authorizing') throw accessError('The session is not waiting for a payment authorization result.');
  const status = typeof result === 'number' ? result : result && typeof result.status === 'number' ? result.status : NaN;
  if (status === applePayStatuses().STATUS_SUCCESS) {
    endSession(standIn, session);
    return;
  }
  if (isNaN(status)) throw new TypeError('Type error');
  session.state = 'showing';
  postToSheet(session, { type: 'failed', error: errorText(typeof result === 'object' && result ? result.errors : undefined) || 'Payment not completed: pick another card or cancel' });
}

/** Ends the session: the sheet closed, and the page free to begin another. */
export function endSession(standIn: ApplePayStandIn, session: ApplePaySessionState): void {
  session.state = 'ended';
  if (session.sheet) session.sheet.close();
  if (standIn.active === session) standIn.active = null;
}
