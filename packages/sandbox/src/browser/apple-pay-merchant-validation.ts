/// <reference types="applepayjs" />
import type * as events from './apple-pay-events.js';
import type * as request from './apple-pay-request.js';
import type { ApplePaySessionState, ApplePayStandIn } from './apple-pay-session-state.js';
import type * as choices from './apple-pay-sheet-choices.js';
import type * as values from './apple-pay-sheet-values.js';

// Parts of the Apple Pay JS stand-in (`./apple-pay-js.ts`, served beside it): a session's begin and merchant
// validation, the sheet shown busy, `validatemerchant` with the sandbox vault's merchant session URL, then the sheet.

declare const accessError: typeof request.accessError;
declare const inGesture: typeof request.inGesture;
declare const total: typeof values.total;
declare const items: typeof values.items;
declare const methods: typeof values.methods;
declare const wantsAddress: typeof events.wantsAddress;
declare const fireEvent: typeof events.fireEvent;
declare const postToSheet: typeof events.postToSheet;
declare const startEvents: typeof events.startEvents;
declare const fromSheet: typeof choices.fromSheet;

/**
 * `begin()`: as Safari, once, in a user gesture, one active session a page; opens the sheet (busy) and fires
 * `validatemerchant` with the sandbox vault's merchant session route.
 */
export function beginSession(standIn: ApplePayStandIn, session: ApplePaySessionState): void {
  if (session.state !== 'created') throw accessError('This session has already begun.');
  if (!inGesture()) throw accessError('Must call ApplePaySession.begin() from a user gesture handler.');
  if (standIn.active !== null) throw accessError('Page already has an active payment session.');
  standIn.active = session;
  session.state = 'validating';
  const request = session.request;
  session.sheet = standIn.openSheet<ApplePayJS.ApplePayPaymentToken>(standIn.frame, standIn.sandbox, 'apple_pay', 'Apple Pay (Tessera sandbox)', (message) => {
    fromSheet(standIn, session, message);
  });
  session.sheet.post({
    type: 'show',
    currency: request.currencyCode,
    total: total(request.total),
    lineItems: items(request.lineItems),
    shippingMethods: methods(request.shippingMethods),
    shipping: wantsAddress(session),
    busy: true,
  });
  setTimeout(() => {
    fireEvent(session, 'validatemerchant', { validationURL: standIn.sandbox + standIn.paths.merchantSession });
  }, 0);
}

/** `completeMerchantValidation(merchantSession)`: the sheet shows, and the first choices fire once it has a card. */
export function merchantValidated(session: ApplePaySessionState, merchantSession: unknown): void {
  if (session.state !== 'validating') throw accessError('The session is not waiting for merchant validation.');
  if (!merchantSession || typeof merchantSession !== 'object') throw new TypeError('Type error');
  session.state = 'showing';
  const request = session.request;
  postToSheet(session, { type: 'show', merchantSession, currency: request.currencyCode, total: total(request.total), lineItems: items(request.lineItems), shippingMethods: methods(request.shippingMethods), shipping: wantsAddress(session), busy: true });
  startEvents(session);
}
