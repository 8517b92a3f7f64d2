/// <reference types="googlepay" />
import type * as requests from './google-pay-request.js';
import type * as sheets from './google-pay-sheet.js';
import type { GooglePayStandIn } from './google-pay-state.js';

// Parts of the Google pay.js stand-in (`./google-pay-js.ts`, served beside it): `google.payments.api.PaymentsClient`
// and its button.

declare const developerError: typeof requests.developerError;
declare const checkBase: typeof requests.checkBase;
declare const checkPaymentRequest: typeof requests.checkPaymentRequest;
declare const showPaymentSheet: typeof sheets.showPaymentSheet;

/** `createButton(options)`: a "Google Pay" button of the given color, type, radius and size mode, calling `onClick`. */
export function googlePayButton(buttonOptions?: google.payments.api.ButtonOptions): HTMLElement {
  const given: Partial<google.payments.api.ButtonOptions> = buttonOptions || {};
  const wrapper = document.createElement('div');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'gpay-button ' + (given.buttonColor === 'white' ? 'white' : 'black') + ' ' + (given.buttonType || 'buy');
  button.setAttribute('aria-label', 'Google Pay');
  button.textContent = 'Google Pay';
  button.style.cssText = 'min-width:150px;min-height:40px;border-radius:' + (typeof given.buttonRadius === 'number' ? given.buttonRadius : 4) + 'px;border:1px solid #3c4043;background:' + (given.buttonColor === 'white' ? '#fff' : '#000') + ';color:' + (given.buttonColor === 'white' ? '#000' : '#fff') + ';cursor:pointer' + (given.buttonSizeMode === 'fill' ? ';width:100%;height:100%' : '');
  if (typeof given.onClick === 'function') button.addEventListener('click', given.onClick);
  wrapper.appendChild(button);
  return wrapper;
}

/**
 * `google.payments.api.PaymentsClient` for the stand-in `standIn`, implementing the published `PaymentsClient`:
 * `isReadyToPay`, `prefetchPaymentData`, `createButton`, and `loadPaymentData` (checked as pay.js checks it, in a
 * user gesture, one sheet at a time; else a `DEVELOPER_ERROR`).
 */
export function paymentsClientClass(standIn: GooglePayStandIn): typeof google.payments.api.PaymentsClient {
  return class PaymentsClient implements google.payments.api.PaymentsClient {
    declare _environment: google.payments.api.Environment;
    declare _callbacks: google.payments.api.PaymentDataCallbacks;
    constructor(paymentOptions?: google.payments.api.PaymentOptions) {
      const given = paymentOptions || {};
      this._environment = given.environment === 'PRODUCTION' ? 'PRODUCTION' : 'TEST';
      this._callbacks = given.paymentDataCallbacks || {};
    }
    isReadyToPay(request: google.payments.api.IsReadyToPayRequest): Promise<google.payments.api.IsReadyToPayResponse> {
      const problem = checkBase(request);
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- pay.js rejects with a plain PaymentsError
      if (problem) return Promise.reject(developerError(problem));
      const result: google.payments.api.IsReadyToPayResponse = { result: true };
      if (request.existingPaymentMethodRequired) result.paymentMethodPresent = true;
      return Promise.resolve(result);
    }
    prefetchPaymentData(): void {
      // Nothing to prefetch: the sandbox's sheet loads when shown.
    }
    createButton(buttonOptions?: google.payments.api.ButtonOptions): HTMLElement {
      return googlePayButton(buttonOptions);
    }
    loadPaymentData(request: google.payments.api.PaymentDataRequest): Promise<google.payments.api.PaymentData> {
      const problem = checkPaymentRequest(request);
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- pay.js rejects with a plain PaymentsError
      if (problem) return Promise.reject(developerError(problem));
      const activation = (navigator as Partial<Navigator>).userActivation;
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- pay.js rejects with a plain PaymentsError
      if (activation && !activation.isActive) return Promise.reject(developerError('loadPaymentData must be called from a user gesture handler'));
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- pay.js rejects with a plain PaymentsError
      if (standIn.showing) return Promise.reject(developerError('A payment sheet is already showing'));
      standIn.showing = true;
      const callbacks = this._callbacks;
      return new Promise((resolve, reject) => {
        showPaymentSheet(standIn, request, callbacks, resolve, reject);
      });
    }
  };
}
