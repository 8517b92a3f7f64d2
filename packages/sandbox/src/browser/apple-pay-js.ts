/// <reference types="applepayjs" />
import type { sandboxBase } from './sandbox-base.js';
import type { openWalletSheet, WalletSheet, WalletSheetFrame } from './wallet-sheet-frame.js';
import type { WalletSheetAddress, WalletSheetCard, WalletSheetFromSheet, WalletSheetLine, WalletSheetShippingMethod, WalletSheetUpdate } from './wallet-sheet-messages.js';

/** The paths the stand-in calls on the sandbox: its own (to find the sandbox) and the merchant session route. */
export interface ApplePayJsPaths {
  script: string;
  merchantSession: string;
}

/** The `on*` handlers of a session, each `null` until the page sets it (as in Safari). */
type ApplePaySessionHandlers = { [K in keyof ApplePaySession as K extends `on${string}` ? K : never]: ApplePaySession[K] | null };

/**
 * What the stand-in emulates of `@types/applepayjs`'s `typeof ApplePaySession`: all of it but `openPaymentSetup`
 * (Apple's card setup, which a sandbox has no use for), its `on*` handlers `null` until set (the published type says
 * they are always functions; Safari starts them at `null`).
 */
type EmulatedApplePaySession = Omit<typeof ApplePaySession, 'openPaymentSetup' | 'prototype'> &
  (new (version: number, paymentRequest: ApplePayJS.ApplePayPaymentRequest) => Omit<ApplePaySession, keyof ApplePaySessionHandlers> & ApplePaySessionHandlers);

/** The globals the stand-in defines, as `@types/applepayjs` declares them (the session as far as emulated). */
type ApplePayJsGlobals = { ApplePaySession: EmulatedApplePaySession; ApplePayError: typeof ApplePayError };

/** Any of the `complete*Selection` / `completeCouponCodeChange` updates (object or positional), as the stand-in reads it. */
interface ApplePayAnyUpdate {
  status?: number | undefined;
  newTotal?: ApplePayJS.ApplePayLineItem | undefined;
  newLineItems?: ApplePayJS.ApplePayLineItem[] | undefined;
  newShippingMethods?: ApplePayJS.ApplePayShippingMethod[] | undefined;
  errors?: ApplePayJS.ApplePayError[] | undefined;
}

/**
 * The payment method the stand-in gives: `@types/applepayjs` requires `paymentPass`, which Safari gives only for a
 * card an issuer's app provisioned; the stand-in's test cards have none.
 */
type ApplePayStandInPaymentMethod = Omit<ApplePayJS.ApplePayPaymentMethod, 'paymentPass'>;

/** The events the session fires while the sheet shows, each waiting for its `complete*`. */
type ApplePaySelectionEvent = 'paymentmethodselected' | 'shippingcontactselected' | 'shippingmethodselected' | 'couponcodechanged';

/**
 * The stand-in for Apple Pay JS (`GET /applepay/jsapi/1.latest/apple-pay-sdk.js`, for
 * `https://applepay.cdn-apple.com/jsapi/1.latest/apple-pay-sdk.js`), typed against `@types/applepayjs` 14:
 * `window.ApplePaySession` (an `EventTarget`; `canMakePayments`, `canMakePaymentsWithActiveCard`,
 * `applePayCapabilities`, `supportsVersion` 1–14, the `STATUS_*` constants, `begin`, `abort`, the `complete*` methods
 * in their positional and update-object forms, the `on*` handlers) and `window.ApplePayError`. Where Safari shows its
 * sheet, this shows the sandbox's (`openSheet`, `wallet-sheet.ts`). As Safari: a session is created and begun in a
 * user gesture, one at a time, else an `InvalidAccessError` DOMException; after `begin`, `validatemerchant`
 * (`validationURL` the sandbox vault's `paths.merchantSession`), then once `completeMerchantValidation` came,
 * `paymentmethodselected` and, when the request asks for a postal address, `shippingcontactselected` (a redacted
 * contact, as Safari gives before authorization), each waiting for its `complete*`; the customer's changes fire them
 * again; Pay fires `paymentauthorized` with the token the sheet minted; Cancel fires `cancel`. And
 * `<apple-pay-button>` (attributes `buttonstyle` black, white or white-outline, `type`, `locale`; the
 * `--apple-pay-button-*` CSS properties): a button saying "Apple Pay" or "<Type> with Apple Pay" (in English whatever
 * the locale), `role="button"`, focusable, named by what it says unless the page gave an `aria-label`, and activated
 * by Enter and Space (inferred: Apple documents the element's attributes and CSS properties, not its accessibility).
 * A constructed style sheet, no inline handler.
 */
export function applePayJs(base: typeof sandboxBase, openSheet: typeof openWalletSheet, paths: ApplePayJsPaths, frame: WalletSheetFrame): void {
  'use strict';
  const sandbox = base(document.currentScript, paths.script);
  let active: ApplePaySession | null = null;
  const STATUS = { STATUS_SUCCESS: 0, STATUS_FAILURE: 1, STATUS_INVALID_BILLING_POSTAL_ADDRESS: 2, STATUS_INVALID_SHIPPING_POSTAL_ADDRESS: 3, STATUS_INVALID_SHIPPING_CONTACT: 4, STATUS_PIN_REQUIRED: 5, STATUS_PIN_INCORRECT: 6, STATUS_PIN_LOCKOUT: 7 };
  const NETWORKS: Record<WalletSheetCard['network'], string> = { visa: 'Visa', mastercard: 'MasterCard' };

  function accessError(message: string): DOMException {
    return new DOMException(message, 'InvalidAccessError');
  }
  function inGesture(): boolean {
    const activation = (navigator as Partial<Navigator>).userActivation;
    return !activation || activation.isActive;
  }
  function checkRequest(request: unknown): asserts request is ApplePayJS.ApplePayPaymentRequest {
    if (!request || typeof request !== 'object') throw new TypeError('Type error');
    const fields = request as Partial<Record<string, unknown>> & Partial<Pick<ApplePayJS.ApplePayPaymentRequest, 'total'>>;
    ['countryCode', 'currencyCode'].forEach((field) => {
      if (typeof fields[field] !== 'string' || fields[field] === '') throw new TypeError('"' + field + '" is required.');
    });
    const networks = fields['supportedNetworks'];
    if (!Array.isArray(networks) || networks.length === 0) throw new TypeError('At least one supported network must be provided.');
    const capabilities = fields['merchantCapabilities'];
    if (!Array.isArray(capabilities) || capabilities.indexOf('supports3DS') < 0) throw new TypeError('The "supports3DS" capability is required.');
    if (!fields.total || typeof fields.total.label !== 'string' || !/^-?[0-9]+(\.[0-9]+)?$/.test(String(fields.total.amount))) throw new TypeError('"total" must have a label and a decimal amount.');
  }
  function items(list: readonly ApplePayJS.ApplePayLineItem[] | undefined): WalletSheetLine[] {
    return (list || []).map((item) => ({ label: item.label, amount: String(item.amount) }));
  }
  function total(item: ApplePayJS.ApplePayLineItem): WalletSheetLine {
    return { label: item.label, amount: String(item.amount) };
  }
  function methods(list: readonly ApplePayJS.ApplePayShippingMethod[] | undefined): WalletSheetShippingMethod[] {
    return (list || []).map((method) => ({ id: method.identifier, label: method.label, amount: String(method.amount), detail: method.detail || '' }));
  }
  function contact(address: WalletSheetAddress, full: boolean): ApplePayJS.ApplePayPaymentContact {
    const redacted: ApplePayJS.ApplePayPaymentContact = { locality: address.locality, administrativeArea: address.area, postalCode: address.postalCode, countryCode: address.countryCode, country: address.country, subAdministrativeArea: '', subLocality: '' };
    if (!full) return redacted;
    return Object.assign(redacted, { givenName: address.givenName, familyName: address.familyName, addressLines: address.lines.slice(), emailAddress: address.email, phoneNumber: address.phone, phoneticGivenName: '', phoneticFamilyName: '' });
  }
  function paymentMethod(card: WalletSheetCard): ApplePayStandInPaymentMethod {
    return { displayName: NETWORKS[card.network] + ' ' + card.label.slice(-4), network: NETWORKS[card.network], type: 'credit' };
  }
  function errorText(errors: readonly (Partial<ApplePayJS.ApplePayError> | null | undefined)[] | undefined): string {
    return (errors || []).map((error) => (error && error.message ? error.message : String(error && error.code))).join(' ');
  }

  class ApplePayError extends Error {
    declare code: ApplePayJS.ApplePayErrorCode;
    declare contactField: ApplePayJS.ApplePayErrorContactField | undefined;
    constructor(code: ApplePayJS.ApplePayErrorCode, contactField?: ApplePayJS.ApplePayErrorContactField, message?: string) {
      super(message || '');
      this.name = 'ApplePayError';
      this.code = code;
      this.contactField = contactField;
    }
  }

  class ApplePaySession extends EventTarget {
    declare static readonly STATUS_SUCCESS: number;
    declare static readonly STATUS_FAILURE: number;
    declare static readonly STATUS_INVALID_BILLING_POSTAL_ADDRESS: number;
    declare static readonly STATUS_INVALID_SHIPPING_POSTAL_ADDRESS: number;
    declare static readonly STATUS_INVALID_SHIPPING_CONTACT: number;
    declare static readonly STATUS_PIN_REQUIRED: number;
    declare static readonly STATUS_PIN_INCORRECT: number;
    declare static readonly STATUS_PIN_LOCKOUT: number;
    declare _request: ApplePayJS.ApplePayPaymentRequest;
    declare _state: 'created' | 'validating' | 'showing' | 'authorizing' | 'ended';
    declare _waiting: ApplePaySelectionEvent | null;
    declare _queue: ApplePaySelectionEvent[];
    declare _sheet: WalletSheet | null;
    declare _card: WalletSheetCard | null;
    declare _address: WalletSheetAddress | null;
    declare _methods: ApplePayJS.ApplePayShippingMethod[];
    declare _method: ApplePayJS.ApplePayShippingMethod | null;
    declare _started: boolean;
    declare _listened: Partial<Record<string, boolean>> | undefined;
    declare onvalidatemerchant: ApplePaySessionHandlers['onvalidatemerchant'];
    declare onpaymentmethodselected: ApplePaySessionHandlers['onpaymentmethodselected'];
    declare onshippingcontactselected: ApplePaySessionHandlers['onshippingcontactselected'];
    declare onshippingmethodselected: ApplePaySessionHandlers['onshippingmethodselected'];
    declare onpaymentauthorized: ApplePaySessionHandlers['onpaymentauthorized'];
    declare oncouponcodechanged: ApplePaySessionHandlers['oncouponcodechanged'];
    declare oncancel: ApplePaySessionHandlers['oncancel'];
    constructor(version: number, request: ApplePayJS.ApplePayPaymentRequest) {
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
    static supportsVersion(version: number): boolean {
      return typeof version === 'number' && Math.floor(version) === version && version >= 1 && version <= 14;
    }
    static canMakePayments(): boolean {
      return true;
    }
    static canMakePaymentsWithActiveCard(): Promise<boolean> {
      return Promise.resolve(true);
    }
    static applePayCapabilities(): Promise<ApplePayJS.PaymentCredentialStatusResponse> {
      return Promise.resolve({ paymentCredentialStatus: 'paymentCredentialsAvailable' });
    }
    begin(): void {
      if (this._state !== 'created') throw accessError('This session has already begun.');
      if (!inGesture()) throw accessError('Must call ApplePaySession.begin() from a user gesture handler.');
      if (active !== null) throw accessError('Page already has an active payment session.');
      // eslint-disable-next-line @typescript-eslint/no-this-alias -- the page's one active session (Safari allows one at a time)
      active = this;
      this._state = 'validating';
      const request = this._request;
      this._sheet = openSheet<ApplePayJS.ApplePayPaymentToken>(frame, sandbox, 'apple_pay', 'Apple Pay (Tessera sandbox)', (message) => {
        this._fromSheet(message);
      });
      this._sheet.post({
        type: 'show',
        currency: request.currencyCode,
        total: total(request.total),
        lineItems: items(request.lineItems),
        shippingMethods: methods(request.shippingMethods),
        shipping: this._wantsAddress(),
        busy: true,
      });
      setTimeout(() => {
        this._fire('validatemerchant', { validationURL: sandbox + paths.merchantSession });
      }, 0);
    }
    abort(): void {
      if (this._state === 'created' || this._state === 'ended') throw accessError('There is no active payment session to abort.');
      this._end();
    }
    completeMerchantValidation(merchantSession: unknown): void {
      if (this._state !== 'validating') throw accessError('The session is not waiting for merchant validation.');
      if (!merchantSession || typeof merchantSession !== 'object') throw new TypeError('Type error');
      this._state = 'showing';
      const request = this._request;
      this._post({ type: 'show', merchantSession, currency: request.currencyCode, total: total(request.total), lineItems: items(request.lineItems), shippingMethods: methods(request.shippingMethods), shipping: this._wantsAddress(), busy: true });
      this._start();
    }
    completePaymentMethodSelection(update: ApplePayJS.ApplePayPaymentMethodUpdate | ApplePayJS.ApplePayLineItem, newLineItems?: ApplePayJS.ApplePayLineItem[]): void {
      const value: ApplePayAnyUpdate = update && (update as Partial<ApplePayJS.ApplePayPaymentMethodUpdate>).newTotal ? (update as ApplePayJS.ApplePayPaymentMethodUpdate) : { newTotal: update as ApplePayJS.ApplePayLineItem, newLineItems };
      this._completed('paymentmethodselected', value);
    }
    completeShippingContactSelection(
      status: number | ApplePayJS.ApplePayShippingContactUpdate,
      newShippingMethods?: ApplePayJS.ApplePayShippingMethod[],
      newTotal?: ApplePayJS.ApplePayLineItem,
      newLineItems?: ApplePayJS.ApplePayLineItem[],
    ): void {
      const value: ApplePayAnyUpdate = typeof status === 'number' ? { status, newShippingMethods, newTotal, newLineItems } : status;
      this._completed('shippingcontactselected', value);
    }
    completeShippingMethodSelection(status: number | ApplePayJS.ApplePayShippingMethodUpdate, newTotal?: ApplePayJS.ApplePayLineItem, newLineItems?: ApplePayJS.ApplePayLineItem[]): void {
      const value: ApplePayAnyUpdate = typeof status === 'number' ? { status, newTotal, newLineItems } : status;
      this._completed('shippingmethodselected', value);
    }
    completeCouponCodeChange(update: ApplePayJS.ApplePayCouponCodeUpdate): void {
      this._completed('couponcodechanged', update);
    }
    completePayment(result: number | ApplePayJS.ApplePayPaymentAuthorizationResult): void {
      if (this._state !== 'authorizing') throw accessError('The session is not waiting for a payment authorization result.');
      const status = typeof result === 'number' ? result : result && typeof result.status === 'number' ? result.status : NaN;
      if (status === STATUS.STATUS_SUCCESS) {
        this._end();
        return;
      }
      if (isNaN(status)) throw new TypeError('Type error');
      this._state = 'showing';
      this._post({ type: 'failed', error: errorText(typeof result === 'object' && result ? result.errors : undefined) || 'Payment not completed: pick another card or cancel' });
    }
    override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: AddEventListenerOptions | boolean): void {
      this._listened = this._listened || {};
      this._listened[type] = true;
      super.addEventListener(type, listener, options);
    }
    _post(message: Parameters<WalletSheet['post']>[0]): void {
      if (this._sheet) this._sheet.post(message);
    }
    _start(): void {
      // Once the merchant is validated and the sheet has shown its first card: the sheet's first choices.
      if (this._state !== 'showing' || this._card === null || this._started) return;
      this._started = true;
      this._queueEvent('paymentmethodselected');
      if (this._wantsAddress()) this._queueEvent('shippingcontactselected');
      this._next();
    }
    _wantsAddress(): boolean {
      const fields = this._request.requiredShippingContactFields || [];
      return fields.indexOf('postalAddress') >= 0;
    }
    _fire(type: string, fields: Record<string, unknown>): void {
      const event = new Event(type);
      Object.keys(fields).forEach((key) => {
        Object.defineProperty(event, key, { value: fields[key], enumerable: true });
      });
      const handler = (this as unknown as Partial<Record<string, unknown>>)['on' + type];
      if (typeof handler === 'function') (handler as (event: Event) => void).call(this, event);
      this.dispatchEvent(event);
    }
    _queueEvent(type: ApplePaySelectionEvent): void {
      if (this._queue.indexOf(type) < 0) this._queue.push(type);
    }
    _next(): void {
      if (this._state !== 'showing' || this._waiting !== null) return;
      let type = this._queue.shift();
      while (type !== undefined) {
        if (typeof this['on' + type as keyof ApplePaySessionHandlers] !== 'function' && !this._listens(type)) {
          type = this._queue.shift();
          continue;
        }
        this._waiting = type;
        this._post({ type: 'update', busy: true });
        if (type === 'paymentmethodselected' && this._card) this._fire(type, { paymentMethod: paymentMethod(this._card) });
        else if (type === 'shippingcontactselected' && this._address) this._fire(type, { shippingContact: contact(this._address, false) });
        else if (type === 'shippingmethodselected') this._fire(type, { shippingMethod: this._method });
        return;
      }
      this._post({ type: 'update', busy: false });
    }
    _listens(type: string): boolean {
      return this._listened !== undefined && this._listened[type] === true;
    }
    _completed(type: ApplePaySelectionEvent, update: ApplePayAnyUpdate | null | undefined): void {
      if (this._waiting !== type) throw accessError('The session is not waiting for this update.');
      this._waiting = null;
      const message: WalletSheetUpdate = { type: 'update', busy: false, error: errorText(update ? update.errors : undefined) };
      if (update && update.newTotal) message.total = total(update.newTotal);
      if (update && update.newLineItems) message.lineItems = items(update.newLineItems);
      if (update && update.newShippingMethods) {
        message.shippingMethods = methods(update.newShippingMethods);
        this._methods = update.newShippingMethods;
        this._method = update.newShippingMethods[0] || null;
      }
      if (update && typeof update.status === 'number' && update.status !== STATUS.STATUS_SUCCESS && !message.error) message.error = 'The merchant cannot use this choice: pick another one';
      this._post(message);
      this._next();
    }
    _fromSheet(message: WalletSheetFromSheet<ApplePayJS.ApplePayPaymentToken>): void {
      if (this._state === 'ended') return;
      if (message.type === 'cancel') {
        this._end();
        this._fire('cancel', { sessionError: { code: 'unknown', info: {} } });
      } else if (message.type === 'card' && message.card) {
        if (this._address === null) this._address = message.address;
        const first = this._card === null;
        this._card = message.card;
        if (first) this._start();
        else if (this._started) {
          this._queueEvent('paymentmethodselected');
          this._next();
        }
      } else if (message.type === 'shippingContact') {
        this._address = message.address;
        if (this._started) {
          this._queueEvent('shippingcontactselected');
          this._next();
        }
      } else if (message.type === 'shippingMethod') {
        const chosen = this._methods.filter((method) => method.identifier === message.id)[0];
        if (!chosen) return;
        this._method = chosen;
        if (this._started) {
          this._queueEvent('shippingmethodselected');
          this._next();
        }
      } else if (message.type === 'authorized' && this._state === 'showing' && this._started && this._waiting === null) {
        this._state = 'authorizing';
        const payment: ApplePayJS.ApplePayPayment = { token: message.token, billingContact: contact(message.billingAddress, true) };
        if (message.shippingAddress) payment.shippingContact = contact(message.shippingAddress, true);
        this._fire('paymentauthorized', { payment });
      }
    }
    _end(): void {
      this._state = 'ended';
      if (this._sheet) this._sheet.close();
      if (active === this) active = null;
    }
  }
  (Object.keys(STATUS) as (keyof typeof STATUS)[]).forEach((name) => {
    Object.defineProperty(ApplePaySession, name, { value: STATUS[name], enumerable: true });
  });
  const page = window as unknown as ApplePayJsGlobals;
  page.ApplePaySession = ApplePaySession;
  page.ApplePayError = ApplePayError;

  // <apple-pay-button buttonstyle type locale>: what the button says for its type ('buy' → "Buy with Apple Pay").
  function buttonLabel(type: string | null): string {
    if (!type || type === 'plain') return 'Apple Pay';
    const verb = type.charAt(0).toUpperCase() + type.slice(1).replace(/-/g, ' ');
    return type === 'set-up' ? 'Set up Apple Pay' : verb + ' with Apple Pay';
  }
  const buttonCss =
    ':host{display:inline-block;box-sizing:border-box;cursor:pointer;width:var(--apple-pay-button-width,100px);height:var(--apple-pay-button-height,30px);min-height:30px;border-radius:var(--apple-pay-button-border-radius,5px);overflow:hidden}' +
    ':host(:focus-visible){outline:2px solid #0a84ff;outline-offset:2px}' +
    'span{display:flex;align-items:center;justify-content:center;box-sizing:border-box;width:100%;height:100%;padding:var(--apple-pay-button-padding,0 8px);border-radius:inherit;background:#000;color:#fff;font:500 14px -apple-system,system-ui,sans-serif;white-space:nowrap}' +
    ':host([buttonstyle=white]) span{background:#fff;color:#000}' +
    ':host([buttonstyle=white-outline]) span{background:#fff;color:#000;border:1px solid #000}';
  class ApplePayButton extends HTMLElement {
    declare _face: HTMLSpanElement;
    declare _ownLabel: boolean;
    static get observedAttributes(): string[] {
      return ['buttonstyle', 'type', 'locale'];
    }
    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      // A constructed sheet, as a page's Content-Security-Policy may refuse a <style> element (a browser without
      // constructed sheets shows the text unstyled).
      if ('adoptedStyleSheets' in root) {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(buttonCss);
        root.adoptedStyleSheets = [sheet];
      }
      this._face = document.createElement('span');
      this._face.setAttribute('part', 'button');
      root.appendChild(this._face);
      this._ownLabel = false;
      // Keyboard: Enter on keydown and Space on keyup activate it, as a native button.
      this.addEventListener('keydown', function (this: HTMLElement, event: KeyboardEvent) {
        if (event.key === 'Enter' || event.key === ' ') event.preventDefault();
        if (event.key === 'Enter' && !event.repeat) this.click();
      });
      this.addEventListener('keyup', function (this: HTMLElement, event: KeyboardEvent) {
        if (event.key === ' ') this.click();
      });
    }
    connectedCallback(): void {
      if (!this.hasAttribute('role')) this.setAttribute('role', 'button');
      if (!this.hasAttribute('tabindex')) this.setAttribute('tabindex', '0');
      // The page's own aria-label is kept; else the button is named by what it says.
      if (!this.hasAttribute('aria-label')) this._ownLabel = true;
      this._render();
    }
    attributeChangedCallback(): void {
      this._render();
    }
    _render(): void {
      const label = buttonLabel(this.getAttribute('type'));
      this._face.textContent = label;
      this._face.lang = this.getAttribute('locale') || '';
      if (this._ownLabel && this.isConnected) this.setAttribute('aria-label', label);
    }
  }
  const registry = (window as Partial<Window>).customElements;
  if (registry && !registry.get('apple-pay-button')) registry.define('apple-pay-button', ApplePayButton);
}
