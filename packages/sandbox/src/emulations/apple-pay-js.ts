import { sandboxRoutes } from '../http/sandbox-routes.js';
import { walletSheetFrame } from './wallet-sheet-frame.js';

/**
 * `GET /applepay/jsapi/1.latest/apple-pay-sdk.js`, the stand-in for Apple Pay JS
 * (`https://applepay.cdn-apple.com/jsapi/1.latest/apple-pay-sdk.js`), as `@types/applepayjs` 14 declares it:
 * `window.ApplePaySession` (an `EventTarget`; `canMakePayments`, `canMakePaymentsWithActiveCard`, `supportsVersion`
 * 1–14, the `STATUS_*` constants, `begin`, `abort`, the `complete*` methods in their positional and update-object
 * forms, the `on*` handlers) and `window.ApplePayError`. Where Safari shows its sheet, this shows the sandbox's
 * (wallet-sheet-page.ts). As Safari: a session is created and begun in a user gesture, one at a time, else an
 * `InvalidAccessError` DOMException; after `begin`, `validatemerchant` (`validationURL` the sandbox vault's
 * `/apple-pay/session`), then once `completeMerchantValidation` came, `paymentmethodselected` and, when the request
 * asks for a postal address, `shippingcontactselected` (a redacted contact, as Safari gives before authorization), each
 * waiting for its `complete*`; the customer's changes fire them again; Pay fires `paymentauthorized` with the token the
 * sheet minted; Cancel fires `cancel`. And `<apple-pay-button>` (attributes `buttonstyle` black, white or white-outline,
 * `type`, `locale`; the `--apple-pay-button-*` CSS properties): a button saying "Apple Pay" or "<Type> with Apple Pay"
 * (in English whatever the locale), `role="button"`, focusable, named by what it says unless the page gave an
 * `aria-label`, and activated by Enter and Space (inferred: Apple documents the element's attributes and CSS
 * properties, not its accessibility). Plain ES2017, no eval, no inline handler or style.
 */
export const applePayJsScript = `/* Tessera sandbox: stand-in for Apple Pay JS. */
(function () {
  'use strict';${walletSheetFrame(sandboxRoutes.applePayJsScript)}
  var base = sandboxBase(document.currentScript);
  var active = null;
  var STATUS = { STATUS_SUCCESS: 0, STATUS_FAILURE: 1, STATUS_INVALID_BILLING_POSTAL_ADDRESS: 2, STATUS_INVALID_SHIPPING_POSTAL_ADDRESS: 3, STATUS_INVALID_SHIPPING_CONTACT: 4, STATUS_PIN_REQUIRED: 5, STATUS_PIN_INCORRECT: 6, STATUS_PIN_LOCKOUT: 7 };
  var NETWORKS = { visa: 'Visa', mastercard: 'MasterCard' };

  function accessError(message) {
    return new DOMException(message, 'InvalidAccessError');
  }
  function inGesture() {
    return !navigator.userActivation || navigator.userActivation.isActive;
  }
  function checkRequest(request) {
    if (!request || typeof request !== 'object') throw new TypeError('Type error');
    ['countryCode', 'currencyCode'].forEach(function (field) {
      if (typeof request[field] !== 'string' || request[field] === '') throw new TypeError('"' + field + '" is required.');
    });
    if (!Array.isArray(request.supportedNetworks) || request.supportedNetworks.length === 0) throw new TypeError('At least one supported network must be provided.');
    if (!Array.isArray(request.merchantCapabilities) || request.merchantCapabilities.indexOf('supports3DS') < 0) throw new TypeError('The "supports3DS" capability is required.');
    if (!request.total || typeof request.total.label !== 'string' || !/^-?[0-9]+(\\.[0-9]+)?$/.test(String(request.total.amount))) throw new TypeError('"total" must have a label and a decimal amount.');
  }
  function items(list) {
    return (list || []).map(function (item) { return { label: item.label, amount: String(item.amount) }; });
  }
  function methods(list) {
    return (list || []).map(function (method) { return { id: method.identifier, label: method.label, amount: String(method.amount), detail: method.detail || '' }; });
  }
  function contact(address, full) {
    var redacted = { locality: address.locality, administrativeArea: address.area, postalCode: address.postalCode, countryCode: address.countryCode, country: address.country, subAdministrativeArea: '', subLocality: '' };
    if (!full) return redacted;
    return Object.assign(redacted, { givenName: address.givenName, familyName: address.familyName, addressLines: address.lines.slice(), emailAddress: address.email, phoneNumber: address.phone, phoneticGivenName: '', phoneticFamilyName: '' });
  }
  function paymentMethod(card) {
    return { displayName: NETWORKS[card.network] + ' ' + card.label.slice(-4), network: NETWORKS[card.network], type: 'credit' };
  }
  function errorText(errors) {
    return (errors || []).map(function (error) { return error && error.message ? error.message : String(error && error.code); }).join(' ');
  }

  class ApplePayError extends Error {
    constructor(code, contactField, message) {
      super(message || '');
      this.name = 'ApplePayError';
      this.code = code;
      this.contactField = contactField;
    }
  }

  class ApplePaySession extends EventTarget {
    constructor(version, request) {
      super();
      if (!ApplePaySession.supportsVersion(version)) throw accessError('"' + version + '" is not a supported version.');
      checkRequest(request);
      if (!inGesture()) throw accessError('Must create a new ApplePaySession from a user gesture handler.');
      this._request = request;
      this._state = 'created';
      this._waiting = null;
      this._queue = [];
      this._sheet = null;
      this._card = null;
      this._address = null;
      this._methods = request.shippingMethods || [];
      this._method = this._methods[0] || null;
      this._started = false;
      this.onvalidatemerchant = null;
      this.onpaymentmethodselected = null;
      this.onshippingcontactselected = null;
      this.onshippingmethodselected = null;
      this.onpaymentauthorized = null;
      this.oncouponcodechanged = null;
      this.oncancel = null;
    }
    static supportsVersion(version) {
      return typeof version === 'number' && Math.floor(version) === version && version >= 1 && version <= 14;
    }
    static canMakePayments() {
      return true;
    }
    static canMakePaymentsWithActiveCard() {
      return Promise.resolve(true);
    }
    static applePayCapabilities() {
      return Promise.resolve({ paymentCredentialStatus: 'paymentCredentialsAvailable' });
    }
    begin() {
      if (this._state !== 'created') throw accessError('This session has already begun.');
      if (!inGesture()) throw accessError('Must call ApplePaySession.begin() from a user gesture handler.');
      if (active !== null) throw accessError('Page already has an active payment session.');
      active = this;
      this._state = 'validating';
      var session = this;
      var request = this._request;
      this._sheet = openSheet(base, 'apple_pay', 'Apple Pay (Tessera sandbox)', function (message) { session._fromSheet(message); });
      this._sheet.post({
        type: 'show',
        currency: request.currencyCode,
        total: items([request.total])[0],
        lineItems: items(request.lineItems),
        shippingMethods: methods(request.shippingMethods),
        shipping: this._wantsAddress(),
        busy: true
      });
      setTimeout(function () {
        session._fire('validatemerchant', { validationURL: base + ${JSON.stringify(sandboxRoutes.vaultApplePayMerchantSession)} });
      }, 0);
    }
    abort() {
      if (this._state === 'created' || this._state === 'ended') throw accessError('There is no active payment session to abort.');
      this._end();
    }
    completeMerchantValidation(merchantSession) {
      if (this._state !== 'validating') throw accessError('The session is not waiting for merchant validation.');
      if (!merchantSession || typeof merchantSession !== 'object') throw new TypeError('Type error');
      this._state = 'showing';
      this._sheet.post({ type: 'show', merchantSession: merchantSession, currency: this._request.currencyCode, total: items([this._request.total])[0], lineItems: items(this._request.lineItems), shippingMethods: methods(this._request.shippingMethods), shipping: this._wantsAddress(), busy: true });
      this._start();
    }
    completePaymentMethodSelection(update, newLineItems) {
      var value = update && update.newTotal ? update : { newTotal: update, newLineItems: newLineItems };
      this._completed('paymentmethodselected', value);
    }
    completeShippingContactSelection(status, newShippingMethods, newTotal, newLineItems) {
      var value = typeof status === 'number' ? { status: status, newShippingMethods: newShippingMethods, newTotal: newTotal, newLineItems: newLineItems } : status;
      this._completed('shippingcontactselected', value);
    }
    completeShippingMethodSelection(status, newTotal, newLineItems) {
      var value = typeof status === 'number' ? { status: status, newTotal: newTotal, newLineItems: newLineItems } : status;
      this._completed('shippingmethodselected', value);
    }
    completeCouponCodeChange(update) {
      this._completed('couponcodechanged', update);
    }
    completePayment(result) {
      if (this._state !== 'authorizing') throw accessError('The session is not waiting for a payment authorization result.');
      var status = typeof result === 'number' ? result : result && typeof result.status === 'number' ? result.status : NaN;
      if (status === STATUS.STATUS_SUCCESS) {
        this._end();
        return;
      }
      if (isNaN(status)) throw new TypeError('Type error');
      this._state = 'showing';
      this._sheet.post({ type: 'failed', error: errorText(result && result.errors) || 'Payment not completed: pick another card or cancel' });
    }
    _start() {
      // Once the merchant is validated and the sheet has shown its first card: the sheet's first choices.
      if (this._state !== 'showing' || this._card === null || this._started) return;
      this._started = true;
      this._queueEvent('paymentmethodselected');
      if (this._wantsAddress()) this._queueEvent('shippingcontactselected');
      this._next();
    }
    _wantsAddress() {
      var fields = this._request.requiredShippingContactFields || [];
      return fields.indexOf('postalAddress') >= 0;
    }
    _fire(type, fields) {
      var event = new Event(type);
      Object.keys(fields).forEach(function (key) { Object.defineProperty(event, key, { value: fields[key], enumerable: true }); });
      var handler = this['on' + type];
      if (typeof handler === 'function') handler.call(this, event);
      this.dispatchEvent(event);
    }
    _queueEvent(type) {
      if (this._queue.indexOf(type) < 0) this._queue.push(type);
    }
    _next() {
      if (this._state !== 'showing' || this._waiting !== null) return;
      while (this._queue.length > 0) {
        var type = this._queue.shift();
        if (typeof this['on' + type] !== 'function' && !this._listens(type)) continue;
        this._waiting = type;
        this._sheet.post({ type: 'update', busy: true });
        if (type === 'paymentmethodselected') this._fire(type, { paymentMethod: paymentMethod(this._card) });
        else if (type === 'shippingcontactselected') this._fire(type, { shippingContact: contact(this._address, false) });
        else if (type === 'shippingmethodselected') this._fire(type, { shippingMethod: this._method });
        return;
      }
      this._sheet.post({ type: 'update', busy: false });
    }
    _listens(type) {
      return this._listened && this._listened[type] === true;
    }
    addEventListener(type, listener, options) {
      this._listened = this._listened || {};
      this._listened[type] = true;
      super.addEventListener(type, listener, options);
    }
    _completed(type, update) {
      if (this._waiting !== type) throw accessError('The session is not waiting for this update.');
      this._waiting = null;
      var message = { type: 'update', busy: false, error: errorText(update && update.errors) };
      if (update && update.newTotal) message.total = items([update.newTotal])[0];
      if (update && update.newLineItems) message.lineItems = items(update.newLineItems);
      if (update && update.newShippingMethods) {
        message.shippingMethods = methods(update.newShippingMethods);
        this._methods = update.newShippingMethods;
        this._method = update.newShippingMethods[0] || null;
      }
      if (update && typeof update.status === 'number' && update.status !== STATUS.STATUS_SUCCESS && !message.error) message.error = 'The merchant cannot use this choice: pick another one';
      this._sheet.post(message);
      this._next();
    }
    _fromSheet(message) {
      if (this._state === 'ended') return;
      if (message.type === 'cancel') {
        this._end();
        this._fire('cancel', { sessionError: { code: 'unknown', info: {} } });
      } else if (message.type === 'card' && message.card) {
        if (this._address === null) this._address = message.address;
        var first = this._card === null;
        this._card = message.card;
        if (first) this._start();
        else if (this._started) { this._queueEvent('paymentmethodselected'); this._next(); }
      } else if (message.type === 'shippingContact') {
        this._address = message.address;
        if (this._started) { this._queueEvent('shippingcontactselected'); this._next(); }
      } else if (message.type === 'shippingMethod') {
        var chosen = this._methods.filter(function (method) { return method.identifier === message.id; })[0];
        if (!chosen) return;
        this._method = chosen;
        if (this._started) { this._queueEvent('shippingmethodselected'); this._next(); }
      } else if (message.type === 'authorized' && this._state === 'showing' && this._started && this._waiting === null) {
        this._state = 'authorizing';
        var billing = contact(message.billingAddress, true);
        var payment = { token: message.token, billingContact: billing };
        if (message.shippingAddress) payment.shippingContact = contact(message.shippingAddress, true);
        this._fire('paymentauthorized', { payment: payment });
      }
    }
    _end() {
      this._state = 'ended';
      if (this._sheet) this._sheet.close();
      if (active === this) active = null;
    }
  }
  Object.keys(STATUS).forEach(function (name) {
    Object.defineProperty(ApplePaySession, name, { value: STATUS[name], enumerable: true });
  });
  window.ApplePaySession = ApplePaySession;
  window.ApplePayError = ApplePayError;

  // <apple-pay-button buttonstyle type locale>: what the button says for its type ('buy' → "Buy with Apple Pay").
  function buttonLabel(type) {
    if (!type || type === 'plain') return 'Apple Pay';
    var verb = type.charAt(0).toUpperCase() + type.slice(1).replace(/-/g, ' ');
    return type === 'set-up' ? 'Set up Apple Pay' : verb + ' with Apple Pay';
  }
  var buttonCss = ':host{display:inline-block;box-sizing:border-box;cursor:pointer;width:var(--apple-pay-button-width,100px);height:var(--apple-pay-button-height,30px);min-height:30px;border-radius:var(--apple-pay-button-border-radius,5px);overflow:hidden}' +
    ':host(:focus-visible){outline:2px solid #0a84ff;outline-offset:2px}' +
    'span{display:flex;align-items:center;justify-content:center;box-sizing:border-box;width:100%;height:100%;padding:var(--apple-pay-button-padding,0 8px);border-radius:inherit;background:#000;color:#fff;font:500 14px -apple-system,system-ui,sans-serif;white-space:nowrap}' +
    ':host([buttonstyle=white]) span{background:#fff;color:#000}' +
    ':host([buttonstyle=white-outline]) span{background:#fff;color:#000;border:1px solid #000}';
  class ApplePayButton extends HTMLElement {
    static get observedAttributes() {
      return ['buttonstyle', 'type', 'locale'];
    }
    constructor() {
      super();
      var root = this.attachShadow({ mode: 'open' });
      // A constructed sheet, as a page's Content-Security-Policy may refuse a <style> element (a browser without
      // constructed sheets shows the text unstyled).
      if ('adoptedStyleSheets' in root) {
        var sheet = new CSSStyleSheet();
        sheet.replaceSync(buttonCss);
        root.adoptedStyleSheets = [sheet];
      }
      this._face = document.createElement('span');
      this._face.setAttribute('part', 'button');
      root.appendChild(this._face);
      this._ownLabel = false;
      // Keyboard: Enter on keydown and Space on keyup activate it, as a native button.
      this.addEventListener('keydown', function (event) {
        if (event.key === 'Enter' || event.key === ' ') event.preventDefault();
        if (event.key === 'Enter' && !event.repeat) this.click();
      });
      this.addEventListener('keyup', function (event) {
        if (event.key === ' ') this.click();
      });
    }
    connectedCallback() {
      if (!this.hasAttribute('role')) this.setAttribute('role', 'button');
      if (!this.hasAttribute('tabindex')) this.setAttribute('tabindex', '0');
      // The page's own aria-label is kept; else the button is named by what it says.
      if (!this.hasAttribute('aria-label')) this._ownLabel = true;
      this._render();
    }
    attributeChangedCallback() {
      this._render();
    }
    _render() {
      var label = buttonLabel(this.getAttribute('type'));
      this._face.textContent = label;
      this._face.lang = this.getAttribute('locale') || '';
      if (this._ownLabel && this.isConnected) this.setAttribute('aria-label', label);
    }
  }
  if (window.customElements && !window.customElements.get('apple-pay-button')) window.customElements.define('apple-pay-button', ApplePayButton);
})();
`;
