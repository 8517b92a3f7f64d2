/// <reference types="googlepay" />
import type { sandboxBase } from './sandbox-base.js';
import type { openWalletSheet, WalletSheetFrame } from './wallet-sheet-frame.js';
import type { WalletSheetAddress, WalletSheetFromSheet, WalletSheetLine, WalletSheetShippingMethod, WalletSheetUpdate } from './wallet-sheet-messages.js';

/** The global the stand-in defines, as `@types/googlepay` declares it (`google.payments.api.PaymentsClient`). */
interface GooglePayJsGlobals {
  google?: { payments?: { api?: { PaymentsClient?: typeof google.payments.api.PaymentsClient } } };
}

/** What the token the sheet minted holds that the stand-in reads: pay.js's `PaymentData.paymentMethodData`. */
type GooglePayMintedToken = Pick<google.payments.api.PaymentData, 'paymentMethodData'>;

/**
 * What the stand-in passes `onPaymentDataChanged`: `@types/googlepay`'s `IntermediatePaymentData` but its
 * `paymentMethodData`, which the stand-in does not give (pay.js gives the card's network and last digits there).
 */
type GooglePayIntermediateData = Omit<google.payments.api.IntermediatePaymentData, 'paymentMethodData'>;

/**
 * The stand-in for Google's pay.js (`GET /gp/p/js/pay.js`, for `https://pay.google.com/gp/p/js/pay.js`), typed
 * against `@types/googlepay` 0.7: `google.payments.api.PaymentsClient({ environment, paymentDataCallbacks })`
 * implements the published `PaymentsClient`: `isReadyToPay` (`{ result: true }`), `loadPaymentData`, `createButton`
 * and `prefetchPaymentData`. Where pay.js shows Google's sheet, this shows the sandbox's (`openSheet`,
 * `wallet-sheet.ts`), which mints with the request's `gateway` and `gatewayMerchantId`. `loadPaymentData` rejects a
 * `PaymentsError`: `{ statusCode: 'CANCELED' }` on Cancel, `DEVELOPER_ERROR` for a request pay.js refuses (and,
 * inferred, outside a user gesture, where pay.js's popup is blocked). `onPaymentDataChanged` is called for the
 * `SHIPPING_ADDRESS` / `SHIPPING_OPTION` intents (`INITIALIZE` first, a redacted address, as Google gives before
 * authorization) and `onPaymentAuthorized` for `PAYMENT_AUTHORIZATION`. No inline handler; the button's look is set
 * through `style.cssText`.
 */
export function googlePayJs(base: typeof sandboxBase, openSheet: typeof openWalletSheet, scriptPath: string, frame: WalletSheetFrame): void {
  'use strict';
  const sandbox = base(document.currentScript, scriptPath);
  let showing = false;

  function developerError(message: string): google.payments.api.PaymentsError {
    return { statusCode: 'DEVELOPER_ERROR', statusMessage: message };
  }
  function cardMethod<Method extends google.payments.api.IsReadyToPayPaymentMethodSpecification>(request: { allowedPaymentMethods: Method[] } | null | undefined): Method | null {
    const methods = request && Array.isArray(request.allowedPaymentMethods) ? request.allowedPaymentMethods : [];
    return methods.filter((method) => method && method.type === 'CARD')[0] || null;
  }
  function checkBase(request: google.payments.api.IsReadyToPayRequest | null | undefined): string | null {
    if (!request || request.apiVersion !== 2) return 'apiVersion must be 2';
    if (typeof request.apiVersionMinor !== 'number') return 'apiVersionMinor is required';
    const card = cardMethod(request);
    if (!card || !card.parameters) return 'allowedPaymentMethods must have a CARD method with parameters';
    if (!Array.isArray(card.parameters.allowedAuthMethods) || card.parameters.allowedAuthMethods.length === 0) return 'allowedPaymentMethods[0].parameters.allowedAuthMethods is required';
    if (!Array.isArray(card.parameters.allowedCardNetworks) || card.parameters.allowedCardNetworks.length === 0) return 'allowedPaymentMethods[0].parameters.allowedCardNetworks is required';
    return null;
  }
  /** The card method's gateway and merchant id, once `checkPaymentRequest` found them. */
  function gatewayOf(request: google.payments.api.PaymentDataRequest): { gateway: string; gatewayMerchantId: string } {
    const card = cardMethod(request);
    const spec = card ? card.tokenizationSpecification : undefined;
    const parameters = spec && spec.type === 'PAYMENT_GATEWAY' ? spec.parameters : undefined;
    return { gateway: (parameters && parameters.gateway) || '', gatewayMerchantId: (parameters && parameters.gatewayMerchantId) || '' };
  }
  function checkPaymentRequest(request: google.payments.api.PaymentDataRequest | null | undefined): string | null {
    const problem = checkBase(request);
    if (problem || !request) return problem;
    const card = cardMethod(request);
    const spec = card ? (card.tokenizationSpecification as Partial<google.payments.api.PaymentGatewayTokenizationSpecification> | undefined) : undefined;
    if (!spec || spec.type !== 'PAYMENT_GATEWAY' || !spec.parameters || !spec.parameters.gateway || !spec.parameters.gatewayMerchantId) return 'tokenizationSpecification must be PAYMENT_GATEWAY with parameters.gateway and parameters.gatewayMerchantId';
    const info = request.transactionInfo as Partial<google.payments.api.TransactionInfo> | undefined;
    if (!info || typeof info.currencyCode !== 'string' || ['FINAL', 'ESTIMATED', 'NOT_CURRENTLY_KNOWN'].indexOf(String(info.totalPriceStatus)) < 0) return 'transactionInfo must have currencyCode and totalPriceStatus';
    if (info.totalPriceStatus !== 'NOT_CURRENTLY_KNOWN' && !/^[0-9]+(\.[0-9]{1,2})?$/.test(String(info.totalPrice))) return 'transactionInfo.totalPrice must be a decimal amount';
    if (!request.merchantInfo || typeof request.merchantInfo !== 'object') return 'merchantInfo is required';
    return null;
  }
  function transaction(info: google.payments.api.TransactionInfo): { currency: string; total: WalletSheetLine; lineItems: WalletSheetLine[] } {
    return {
      currency: info.currencyCode,
      total: { label: info.totalPriceLabel || 'Total', amount: String(info.totalPrice || '') },
      lineItems: (info.displayItems || []).map((item) => ({ label: item.label, amount: String(item.price) })),
    };
  }
  function options(parameters: Partial<google.payments.api.ShippingOptionParameters> | undefined): WalletSheetShippingMethod[] {
    return parameters && Array.isArray(parameters.shippingOptions)
      ? parameters.shippingOptions.map((option) => ({ id: option.id, label: option.label, amount: '', detail: option.description || '' }))
      : [];
  }
  function redacted(entry: WalletSheetAddress): google.payments.api.IntermediateAddress {
    return { administrativeArea: entry.area, countryCode: entry.countryCode, locality: entry.locality, postalCode: entry.postalCode };
  }
  function address(entry: WalletSheetAddress): google.payments.api.Address {
    return Object.assign(redacted(entry), { name: entry.givenName + ' ' + entry.familyName, address1: entry.lines[0] || '', address2: entry.lines[1] || '', address3: '', sortingCode: '', phoneNumber: entry.phone });
  }

  class PaymentsClient implements google.payments.api.PaymentsClient {
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
    loadPaymentData(request: google.payments.api.PaymentDataRequest): Promise<google.payments.api.PaymentData> {
      const problem = checkPaymentRequest(request);
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- pay.js rejects with a plain PaymentsError
      if (problem) return Promise.reject(developerError(problem));
      const activation = (navigator as Partial<Navigator>).userActivation;
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- pay.js rejects with a plain PaymentsError
      if (activation && !activation.isActive) return Promise.reject(developerError('loadPaymentData must be called from a user gesture handler'));
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- pay.js rejects with a plain PaymentsError
      if (showing) return Promise.reject(developerError('A payment sheet is already showing'));
      showing = true;
      const callbacks = this._callbacks;
      const intents = Array.isArray(request.callbackIntents) ? request.callbackIntents : [];
      const changes = typeof callbacks.onPaymentDataChanged === 'function' && (intents.indexOf('SHIPPING_ADDRESS') >= 0 || intents.indexOf('SHIPPING_OPTION') >= 0);
      const authorizes = typeof callbacks.onPaymentAuthorized === 'function' && intents.indexOf('PAYMENT_AUTHORIZATION') >= 0;
      const card = cardMethod(request);
      const gateway = gatewayOf(request);
      const shippingOptions: Partial<google.payments.api.ShippingOptionParameters> = request.shippingOptionRequired ? request.shippingOptionParameters || {} : {};
      const state: { address: WalletSheetAddress | null; optionId: string | null } = { address: null, optionId: shippingOptions.defaultSelectedOptionId || (options(shippingOptions)[0] || { id: undefined }).id || null };
      return new Promise((resolve, reject) => {
        const sheet = openSheet<GooglePayMintedToken>(frame, sandbox, 'google_pay', 'Google Pay (Tessera sandbox)', onMessage);
        // checkPaymentRequest found the transaction info.
        const view = transaction(request.transactionInfo as google.payments.api.TransactionInfo);
        sheet.post({
          type: 'show',
          currency: view.currency,
          total: view.total,
          lineItems: view.lineItems,
          shippingMethods: options(shippingOptions),
          selectedShippingMethod: state.optionId,
          shipping: request.shippingAddressRequired === true,
          mint: { gateway: gateway.gateway, gatewayMerchantId: gateway.gatewayMerchantId, allowedAuthMethods: card ? card.parameters.allowedAuthMethods : [], assuranceDetailsRequired: card !== null && card.parameters.assuranceDetailsRequired === true },
          busy: changes,
        });
        function finish(): void {
          showing = false;
          sheet.close();
        }
        function changed(trigger: google.payments.api.CallbackTrigger): void {
          if (!changes || (trigger === 'SHIPPING_ADDRESS' && intents.indexOf('SHIPPING_ADDRESS') < 0) || (trigger === 'SHIPPING_OPTION' && intents.indexOf('SHIPPING_OPTION') < 0)) {
            sheet.post({ type: 'update', busy: false });
            return;
          }
          sheet.post({ type: 'update', busy: true });
          const data: GooglePayIntermediateData = { callbackTrigger: trigger };
          if (request.shippingAddressRequired && state.address) data.shippingAddress = redacted(state.address);
          if (request.shippingOptionRequired && state.optionId) data.shippingOptionData = { id: state.optionId };
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
                  state.optionId = update.newShippingOptionParameters.defaultSelectedOptionId || (offered[0] || { id: undefined }).id || null;
                }
                sheet.post(message);
              },
              () => {
                sheet.post({ type: 'update', busy: false, error: 'The merchant could not update the order: try again or cancel' });
              },
            );
        }
        function onMessage(message: WalletSheetFromSheet<GooglePayMintedToken>): void {
          if (message.type === 'cancel') {
            finish();
            // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- pay.js rejects with a plain PaymentsError
            reject({ statusCode: 'CANCELED', statusMessage: 'User closed the Payment Request UI.' } satisfies google.payments.api.PaymentsError);
          } else if (message.type === 'card') {
            if (state.address === null) {
              state.address = message.address;
              changed('INITIALIZE');
            }
          } else if (message.type === 'shippingContact') {
            state.address = message.address;
            changed('SHIPPING_ADDRESS');
          } else if (message.type === 'shippingMethod') {
            state.optionId = message.id;
            changed('SHIPPING_OPTION');
          } else if (message.type === 'authorized') {
            const paymentData: google.payments.api.PaymentData = { apiVersion: 2, apiVersionMinor: 0, paymentMethodData: message.token.paymentMethodData };
            if (request.emailRequired) paymentData.email = message.billingAddress.email;
            if (request.shippingAddressRequired && message.shippingAddress) paymentData.shippingAddress = address(message.shippingAddress);
            if (request.shippingOptionRequired && state.optionId) paymentData.shippingOptionData = { id: state.optionId };
            const billing = card !== null && card.parameters.billingAddressRequired === true;
            const info = paymentData.paymentMethodData.info;
            if (billing && info) info.billingAddress = address(message.billingAddress);
            if (!authorizes) {
              finish();
              resolve(paymentData);
              return;
            }
            Promise.resolve()
              .then(() => callbacks.onPaymentAuthorized?.(paymentData))
              .then(
                (result) => {
                  if (result && result.transactionState === 'SUCCESS') {
                    finish();
                    resolve(paymentData);
                  } else {
                    sheet.post({ type: 'failed', error: result && result.error ? result.error.message : 'Payment not completed: pick another card or cancel' });
                  }
                },
                () => {
                  sheet.post({ type: 'failed', error: 'Payment not completed: pick another card or cancel' });
                },
              );
          }
        }
      });
    }
  }
  const page = window as unknown as GooglePayJsGlobals;
  page.google = page.google || {};
  page.google.payments = page.google.payments || {};
  page.google.payments.api = page.google.payments.api || {};
  page.google.payments.api.PaymentsClient = PaymentsClient;
}
