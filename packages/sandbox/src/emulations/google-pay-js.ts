import { sandboxRoutes } from '../http/sandbox-routes.js';
import { walletSheetFrame } from './wallet-sheet-frame.js';

/**
 * `GET /gp/p/js/pay.js`, the stand-in for Google's pay.js (`https://pay.google.com/gp/p/js/pay.js`), as
 * `@types/googlepay` 0.7 declares it: `google.payments.api.PaymentsClient({ environment, paymentDataCallbacks })`
 * with `isReadyToPay` (`{ result: true }`), `loadPaymentData`, `createButton` and `prefetchPaymentData`. Where pay.js
 * shows Google's sheet, this shows the sandbox's (wallet-sheet-page.ts), which mints with the request's `gateway` and
 * `gatewayMerchantId`. `loadPaymentData` rejects a `PaymentsError`: `{ statusCode: 'CANCELED' }` on Cancel,
 * `DEVELOPER_ERROR` for a request pay.js refuses (and, inferred, outside a user gesture, where pay.js's popup is
 * blocked). `onPaymentDataChanged` is called for the `SHIPPING_ADDRESS` / `SHIPPING_OPTION` intents (`INITIALIZE` first,
 * a redacted address, as Google gives before authorization) and `onPaymentAuthorized` for `PAYMENT_AUTHORIZATION`.
 * Plain ES2017, no eval, no inline handler.
 */
export const googlePayJsScript = `/* Tessera sandbox: stand-in for Google's pay.js. */
(function () {
  'use strict';${walletSheetFrame(sandboxRoutes.googlePayJsScript)}
  var base = sandboxBase(document.currentScript);
  var showing = false;

  function developerError(message) {
    return { statusCode: 'DEVELOPER_ERROR', statusMessage: message };
  }
  function cardMethod(request) {
    var methods = request && Array.isArray(request.allowedPaymentMethods) ? request.allowedPaymentMethods : [];
    return methods.filter(function (method) { return method && method.type === 'CARD'; })[0] || null;
  }
  function checkBase(request) {
    if (!request || request.apiVersion !== 2) return 'apiVersion must be 2';
    if (typeof request.apiVersionMinor !== 'number') return 'apiVersionMinor is required';
    var card = cardMethod(request);
    if (!card || !card.parameters) return 'allowedPaymentMethods must have a CARD method with parameters';
    if (!Array.isArray(card.parameters.allowedAuthMethods) || card.parameters.allowedAuthMethods.length === 0) return 'allowedPaymentMethods[0].parameters.allowedAuthMethods is required';
    if (!Array.isArray(card.parameters.allowedCardNetworks) || card.parameters.allowedCardNetworks.length === 0) return 'allowedPaymentMethods[0].parameters.allowedCardNetworks is required';
    return null;
  }
  function checkPaymentRequest(request) {
    var problem = checkBase(request);
    if (problem) return problem;
    var spec = cardMethod(request).tokenizationSpecification;
    if (!spec || spec.type !== 'PAYMENT_GATEWAY' || !spec.parameters || !spec.parameters.gateway || !spec.parameters.gatewayMerchantId) return 'tokenizationSpecification must be PAYMENT_GATEWAY with parameters.gateway and parameters.gatewayMerchantId';
    var info = request.transactionInfo;
    if (!info || typeof info.currencyCode !== 'string' || ['FINAL', 'ESTIMATED', 'NOT_CURRENTLY_KNOWN'].indexOf(info.totalPriceStatus) < 0) return 'transactionInfo must have currencyCode and totalPriceStatus';
    if (info.totalPriceStatus !== 'NOT_CURRENTLY_KNOWN' && !/^[0-9]+(\\.[0-9]{1,2})?$/.test(String(info.totalPrice))) return 'transactionInfo.totalPrice must be a decimal amount';
    if (!request.merchantInfo || typeof request.merchantInfo !== 'object') return 'merchantInfo is required';
    return null;
  }
  function transaction(info) {
    return {
      currency: info.currencyCode,
      total: { label: info.totalPriceLabel || 'Total', amount: String(info.totalPrice || '') },
      lineItems: (info.displayItems || []).map(function (item) { return { label: item.label, amount: String(item.price) }; })
    };
  }
  function options(parameters) {
    return parameters && Array.isArray(parameters.shippingOptions)
      ? parameters.shippingOptions.map(function (option) { return { id: option.id, label: option.label, amount: '', detail: option.description || '' }; })
      : [];
  }
  function address(entry, full) {
    var value = { administrativeArea: entry.area, countryCode: entry.countryCode, locality: entry.locality, postalCode: entry.postalCode };
    if (!full) return value;
    return Object.assign(value, { name: entry.givenName + ' ' + entry.familyName, address1: entry.lines[0] || '', address2: entry.lines[1] || '', address3: '', sortingCode: '', phoneNumber: entry.phone });
  }

  function PaymentsClient(options) {
    if (!(this instanceof PaymentsClient)) throw new TypeError("Class constructor PaymentsClient cannot be invoked without 'new'");
    options = options || {};
    this._environment = options.environment === 'PRODUCTION' ? 'PRODUCTION' : 'TEST';
    this._callbacks = options.paymentDataCallbacks || {};
  }
  PaymentsClient.prototype.isReadyToPay = function (request) {
    var problem = checkBase(request);
    if (problem) return Promise.reject(developerError(problem));
    var result = { result: true };
    if (request.existingPaymentMethodRequired) result.paymentMethodPresent = true;
    return Promise.resolve(result);
  };
  PaymentsClient.prototype.prefetchPaymentData = function () {};
  PaymentsClient.prototype.createButton = function (options) {
    options = options || {};
    var wrapper = document.createElement('div');
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'gpay-button ' + (options.buttonColor === 'white' ? 'white' : 'black') + ' ' + (options.buttonType || 'buy');
    button.setAttribute('aria-label', 'Google Pay');
    button.textContent = 'Google Pay';
    button.style.cssText = 'min-width:150px;min-height:40px;border-radius:' + (typeof options.buttonRadius === 'number' ? options.buttonRadius : 4) + 'px;border:1px solid #3c4043;background:' + (options.buttonColor === 'white' ? '#fff' : '#000') + ';color:' + (options.buttonColor === 'white' ? '#000' : '#fff') + ';cursor:pointer' + (options.buttonSizeMode === 'fill' ? ';width:100%;height:100%' : '');
    if (typeof options.onClick === 'function') button.addEventListener('click', options.onClick);
    wrapper.appendChild(button);
    return wrapper;
  };
  PaymentsClient.prototype.loadPaymentData = function (request) {
    var problem = checkPaymentRequest(request);
    if (problem) return Promise.reject(developerError(problem));
    if (navigator.userActivation && !navigator.userActivation.isActive) return Promise.reject(developerError('loadPaymentData must be called from a user gesture handler'));
    if (showing) return Promise.reject(developerError('A payment sheet is already showing'));
    showing = true;
    var callbacks = this._callbacks;
    var intents = Array.isArray(request.callbackIntents) ? request.callbackIntents : [];
    var changes = typeof callbacks.onPaymentDataChanged === 'function' && (intents.indexOf('SHIPPING_ADDRESS') >= 0 || intents.indexOf('SHIPPING_OPTION') >= 0);
    var authorizes = typeof callbacks.onPaymentAuthorized === 'function' && intents.indexOf('PAYMENT_AUTHORIZATION') >= 0;
    var spec = cardMethod(request);
    var shippingOptions = request.shippingOptionRequired ? request.shippingOptionParameters || {} : {};
    var state = { address: null, optionId: shippingOptions.defaultSelectedOptionId || (options(shippingOptions)[0] || {}).id || null, busy: false };
    return new Promise(function (resolve, reject) {
      var sheet = openSheet(base, 'google_pay', 'Google Pay (Tessera sandbox)', onMessage);
      var view = transaction(request.transactionInfo);
      sheet.post({
        type: 'show',
        currency: view.currency,
        total: view.total,
        lineItems: view.lineItems,
        shippingMethods: options(shippingOptions),
        selectedShippingMethod: state.optionId,
        shipping: request.shippingAddressRequired === true,
        mint: { gateway: spec.tokenizationSpecification.parameters.gateway, gatewayMerchantId: spec.tokenizationSpecification.parameters.gatewayMerchantId, allowedAuthMethods: spec.parameters.allowedAuthMethods, assuranceDetailsRequired: spec.parameters.assuranceDetailsRequired === true },
        busy: changes
      });
      function finish() {
        showing = false;
        sheet.close();
      }
      function changed(trigger) {
        if (!changes || (trigger === 'SHIPPING_ADDRESS' && intents.indexOf('SHIPPING_ADDRESS') < 0) || (trigger === 'SHIPPING_OPTION' && intents.indexOf('SHIPPING_OPTION') < 0)) {
          sheet.post({ type: 'update', busy: false });
          return;
        }
        sheet.post({ type: 'update', busy: true });
        var data = { callbackTrigger: trigger };
        if (request.shippingAddressRequired && state.address) data.shippingAddress = address(state.address, false);
        if (request.shippingOptionRequired && state.optionId) data.shippingOptionData = { id: state.optionId };
        Promise.resolve().then(function () { return callbacks.onPaymentDataChanged(data); }).then(function (update) {
          update = update || {};
          var message = { type: 'update', busy: false, error: update.error ? update.error.message || update.error.reason : '' };
          if (update.newTransactionInfo) {
            var next = transaction(update.newTransactionInfo);
            message.total = next.total;
            message.lineItems = next.lineItems;
          }
          if (update.newShippingOptionParameters) {
            message.shippingMethods = options(update.newShippingOptionParameters);
            state.optionId = update.newShippingOptionParameters.defaultSelectedOptionId || (message.shippingMethods[0] || {}).id || null;
          }
          sheet.post(message);
        }, function () {
          sheet.post({ type: 'update', busy: false, error: 'The merchant could not update the order: try again or cancel' });
        });
      }
      function onMessage(message) {
        if (message.type === 'cancel') {
          finish();
          reject({ statusCode: 'CANCELED', statusMessage: 'User closed the Payment Request UI.' });
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
          var paymentData = { apiVersion: 2, apiVersionMinor: 0, paymentMethodData: message.token.paymentMethodData };
          if (request.emailRequired) paymentData.email = message.billingAddress.email;
          if (request.shippingAddressRequired && message.shippingAddress) paymentData.shippingAddress = address(message.shippingAddress, true);
          if (request.shippingOptionRequired && state.optionId) paymentData.shippingOptionData = { id: state.optionId };
          var billing = spec.parameters.billingAddressRequired === true;
          if (billing) paymentData.paymentMethodData.info.billingAddress = address(message.billingAddress, true);
          if (!authorizes) {
            finish();
            resolve(paymentData);
            return;
          }
          Promise.resolve().then(function () { return callbacks.onPaymentAuthorized(paymentData); }).then(function (result) {
            if (result && result.transactionState === 'SUCCESS') {
              finish();
              resolve(paymentData);
            } else {
              sheet.post({ type: 'failed', error: result && result.error ? result.error.message : 'Payment not completed: pick another card or cancel' });
            }
          }, function () {
            sheet.post({ type: 'failed', error: 'Payment not completed: pick another card or cancel' });
          });
        }
      }
    });
  };
  window.google = window.google || {};
  window.google.payments = window.google.payments || {};
  window.google.payments.api = window.google.payments.api || {};
  window.google.payments.api.PaymentsClient = PaymentsClient;
})();
`;
