/// <reference types="googlepay" />
import type * as authorization from './google-pay-authorization.js';
import type * as requests from './google-pay-request.js';
import type * as values from './google-pay-sheet-values.js';
import type { GooglePayIntermediateData, GooglePayMintedToken, GooglePaySheetSession, GooglePayStandIn } from './google-pay-state.js';
import type { WalletSheetFromSheet, WalletSheetUpdate } from './wallet-sheet-messages.js';

// Parts of the Google pay.js stand-in (`./google-pay-js.ts`, served beside it): `loadPaymentData`'s sheet, shown with
// the request, the customer's choices passed to `onPaymentDataChanged` and its answers shown, Cancel rejecting.

declare const cardMethod: typeof requests.cardMethod;
declare const gatewayOf: typeof requests.gatewayOf;
declare const transaction: typeof values.transaction;
declare const options: typeof values.options;
declare const redacted: typeof values.redacted;
declare const authorizeGooglePayment: typeof authorization.authorizeGooglePayment;

/** Shows the sheet for a checked `request` (busy while `onPaymentDataChanged` answers); settles `resolve` or `reject`. */
export function showPaymentSheet(
  standIn: GooglePayStandIn,
  request: google.payments.api.PaymentDataRequest,
  callbacks: google.payments.api.PaymentDataCallbacks,
  resolve: GooglePaySheetSession['resolve'],
  reject: GooglePaySheetSession['reject'],
): void {
  const intents = Array.isArray(request.callbackIntents) ? request.callbackIntents : [];
  const changes = typeof callbacks.onPaymentDataChanged === 'function' && (intents.indexOf('SHIPPING_ADDRESS') >= 0 || intents.indexOf('SHIPPING_OPTION') >= 0);
  const authorizes = typeof callbacks.onPaymentAuthorized === 'function' && intents.indexOf('PAYMENT_AUTHORIZATION') >= 0;
  const card = cardMethod(request);
  const gateway = gatewayOf(request);
  const shippingOptions: Partial<google.payments.api.ShippingOptionParameters> = request.shippingOptionRequired ? request.shippingOptionParameters || {} : {};
  const optionId = shippingOptions.defaultSelectedOptionId || (options(shippingOptions)[0] || { id: undefined }).id || null;
  let session: GooglePaySheetSession | null = null;
  const sheet = standIn.openSheet<GooglePayMintedToken>(standIn.frame, standIn.sandbox, 'google_pay', 'Google Pay (Tessera sandbox)', (message) => {
    if (session) fromGoogleSheet(session, message);
  });
  session = { standIn, request, callbacks, intents, changes, authorizes, card, sheet, address: null, optionId, resolve, reject };
  // checkPaymentRequest found the transaction info.
  const view = transaction(request.transactionInfo as google.payments.api.TransactionInfo);
  sheet.post({
    type: 'show',
    currency: view.currency,
    total: view.total,
    lineItems: view.lineItems,
    shippingMethods: options(shippingOptions),
    selectedShippingMethod: optionId,
    shipping: request.shippingAddressRequired === true,
    mint: { gateway: gateway.gateway, gatewayMerchantId: gateway.gatewayMerchantId, allowedAuthMethods: card ? card.parameters.allowedAuthMethods : [], assuranceDetailsRequired: card !== null && card.parameters.assuranceDetailsRequired === true },
    busy: changes,
  });
}

/** Closes the sheet: another may show. */
export function finishSheet(session: GooglePaySheetSession): void {
  session.standIn.showing = false;
  session.sheet.close();
}

/** A choice for `trigger`: `onPaymentDataChanged` called (if it asked for it), its update shown in the sheet. */
export function paymentDataChanged(session: GooglePaySheetSession, trigger: google.payments.api.CallbackTrigger): void {
  const { sheet, intents, request, callbacks } = session;
  if (!session.changes || (trigger === 'SHIPPING_ADDRESS' && intents.indexOf('SHIPPING_ADDRESS') < 0) || (trigger === 'SHIPPING_OPTION' && intents.indexOf('SHIPPING_OPTION') < 0)) {
    sheet.post({ type: 'update', busy: false });
    return;
  }
  sheet.post({ type: 'update', busy: true });
  const data: GooglePayIntermediateData = { callbackTrigger: trigger };
  if (request.shippingAddressRequired && session.address) data.shippingAddress = redacted(session.address);
  if (request.shippingOptionRequired && session.optionId) data.shippingOptionData = { id: session.optionId };
  Promise.resolve()
    .then(() => callbacks.onPaymentDataChanged?.(data as google.payments.api.IntermediatePaymentData))
    .then(
      (answer) => {
        const update: google.payments.api.PaymentDataRequestUpdate = answer || {};
        const message: WalletSheetUpdate = { type: 'update', busy: false, error: update.error ? update.error.message || update.error.reason : '' };
        if (update.newTransactionInfo) {
          const next = transaction(update.newTransactionInfo);
          message.total = next.total;
          message.lineItems = next.lineItems;
        }
        if (update.newShippingOptionParameters) {
          const offered = options(update.newShippingOptionParameters);
          message.shippingMethods = offered;
          session.optionId = update.newShippingOptionParameters.defaultSelectedOptionId || (offered[0] || { id: undefined }).id || null;
        }
        sheet.post(message);
      },
      () => {
        sheet.post({ type: 'update', busy: false, error: 'The merchant could not update the order: try again or cancel' });
      },
    );
}

/** A message of the sheet: Cancel rejects `CANCELED`; the first card, an address or an option chosen is a change; Pay authorizes. */
export function fromGoogleSheet(session: GooglePaySheetSession, message: WalletSheetFromSheet<GooglePayMintedToken>): void {
  if (message.type === 'cancel') {
    finishSheet(session);
    session.reject({ statusCode: 'CANCELED', statusMessage: 'User closed the Payment Request UI.' } satisfies google.payments.api.PaymentsError);
  } else if (message.type === 'card') {
    if (session.address === null) {
      session.address = message.address;
      paymentDataChanged(session, 'INITIALIZE');
    }
  } else if (message.type === 'shippingContact') {
    session.address = message.address;
    paymentDataChanged(session, 'SHIPPING_ADDRESS');
  } else if (message.type === 'shippingMethod') {
    session.optionId = message.id;
    paymentDataChanged(session, 'SHIPPING_OPTION');
  } else if (message.type === 'authorized') {
    authorizeGooglePayment(session, message);
  }
}
