/// <reference types="googlepay" />
import type * as sheets from './google-pay-sheet.js';
import type * as values from './google-pay-sheet-values.js';
import type { GooglePayMintedToken, GooglePaySheetSession } from './google-pay-state.js';
import type { WalletSheetAuthorized } from './wallet-sheet-messages.js';

// A part of the Google pay.js stand-in (`./google-pay-js.ts`, served beside it): the payment data, with the token the
// sheet minted, and `onPaymentAuthorized`.

declare const address: typeof values.address;
declare const finishSheet: typeof sheets.finishSheet;

/**
 * Pay in the sheet: the payment data (the minted token; the email, shipping address and option, billing address the
 * request asked for); resolved at once, or once `onPaymentAuthorized` answers `SUCCESS` (else its error is shown).
 */
export function authorizeGooglePayment(session: GooglePaySheetSession, message: WalletSheetAuthorized<GooglePayMintedToken>): void {
  const { request, card, sheet } = session;
  const paymentData: google.payments.api.PaymentData = { apiVersion: 2, apiVersionMinor: 0, paymentMethodData: message.token.paymentMethodData };
  if (request.emailRequired) paymentData.email = message.billingAddress.email;
  if (request.shippingAddressRequired && message.shippingAddress) paymentData.shippingAddress = address(message.shippingAddress);
  if (request.shippingOptionRequired && session.optionId) paymentData.shippingOptionData = { id: session.optionId };
  const billing = card !== null && card.parameters.billingAddressRequired === true;
  const info = paymentData.paymentMethodData.info;
  if (billing && info) info.billingAddress = address(message.billingAddress);
  if (!session.authorizes) {
    finishSheet(session);
    session.resolve(paymentData);
    return;
  }
  Promise.resolve()
    .then(() => session.callbacks.onPaymentAuthorized?.(paymentData))
    .then(
      (result) => {
        if (result && result.transactionState === 'SUCCESS') {
          finishSheet(session);
          session.resolve(paymentData);
        } else {
          sheet.post({ type: 'failed', error: result && result.error ? result.error.message : 'Payment not completed: pick another card or cancel' });
        }
      },
      () => {
        sheet.post({ type: 'failed', error: 'Payment not completed: pick another card or cancel' });
      },
    );
}
