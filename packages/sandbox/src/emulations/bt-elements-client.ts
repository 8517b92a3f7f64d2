import { btElementPages } from './bt-elements-pages.js';

// The client script of the Basis Theory Elements emulation: what `@basis-theory/web-elements`' loader injects from
// `{origin}/web-elements/{version}/client/index.js`. It sets `window.BasisTheoryElements` (unless a page already has
// one) to an object of BT's published `BasisTheoryElementsInternal` shape. Its element pages, and the vault they post
// to, are on the script's own origin (read from its `src`), whatever base URL the loader passes. The page holds the
// element objects only: values stay in the frames, which tokenize and answer BT's masked token.

const pages = Object.fromEntries(Object.entries(btElementPages).map(([type, page]) => [type, { file: page.file, title: page.title }]));

/**
 * `GET /web-elements/{version}/client/index.js`: a classic script (ES2017, no eval) that defines
 * `window.BasisTheoryElements`: `init`, `createElement` (`card`, `cardNumber`, `cardExpirationDate`,
 * `cardVerificationCode`, `text`), `tokens.create` with elements in `data`, and `hasElement`. The other members of
 * BT's interface reject (or throw) "not emulated".
 */
export const btElementsClientScript = `/* Tessera sandbox: Basis Theory Elements emulation, client. */
(function () {
  'use strict';
  if (window.BasisTheoryElements) return;
  var script = document.currentScript;
  if (!script || !script.src) return;
  var src = script.src.split(/[?#]/)[0];
  var clientAt = src.lastIndexOf('/client/index.js');
  if (clientAt < 0) return;
  var ownOrigin = new URL(src).origin;
  var hostedBase = src.slice(0, clientAt) + '/hosted-elements/';
  var PAGES = ${JSON.stringify(pages)};
  var EVENTS = ['ready', 'change', 'focus', 'blur', 'keydown', 'click', 'copy'];
  var FRAME_OPTIONS = ['targetId', 'placeholder', 'autoComplete', 'aria-label', 'ariaLabel', 'title', 'disabled', 'readOnly', 'style', 'skipLuhnValidation', 'cardBrand', 'validation', 'maxLength', 'password', 'inputMode'];

  // Basis Theory's two error classes, as web-elements declares them: a message and two fields of their own.
  function basisTheoryError(name, first, second) {
    var ErrorClass = class extends Error {
      constructor(message, a, b) {
        super(message);
        this.name = name;
        this[first] = a;
        this[second] = b;
      }
    };
    Object.defineProperty(ErrorClass, 'name', { value: name });
    return ErrorClass;
  }
  var BasisTheoryValidationError = basisTheoryError('BasisTheoryValidationError', 'details', 'validation');
  var BasisTheoryApiError = basisTheoryError('BasisTheoryApiError', 'status', 'data');
  function notEmulated(name) { return new Error(name + ' is not emulated by the Tessera sandbox'); }
  function rejectNotEmulated(name) { return function () { return Promise.reject(notEmulated(name)); }; }
  function notSupported(name) { return function () { throw new Error(name + ' is not supported by the sandbox emulation'); }; }
  function randomId() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
  }

  var apiKey;
  var channelName = 'tessera-bt-emulation-' + randomId();
  var byObject = new WeakMap();
  var all = [];
  var requests = {};

  function frameOptions(options) {
    var picked = {};
    FRAME_OPTIONS.forEach(function (key) {
      var value = options[key];
      if (value === undefined || typeof value === 'function') return;
      picked[key] = value instanceof RegExp ? value : JSON.parse(JSON.stringify(value));
    });
    return picked;
  }
  function send(internals, message) {
    if (internals.frame && internals.frame.contentWindow) internals.frame.contentWindow.postMessage(message, ownOrigin);
  }
  function emit(internals, event) {
    var listeners = internals.listeners[event.type];
    if (!listeners) return;
    listeners.slice().forEach(function (listener) {
      try { listener(Object.assign({}, event)); } catch (error) { setTimeout(function () { throw error; }); }
    });
  }
  function settleMount(internals, error) {
    var waiting = internals.mounting;
    internals.mounting = null;
    if (!waiting) return;
    if (error) waiting.reject(error); else waiting.resolve();
  }

  window.addEventListener('message', function (message) {
    if (message.origin !== ownOrigin) return;
    var internals = null;
    for (var i = 0; i < all.length; i++) {
      if (all[i].frame && all[i].frame.contentWindow === message.source) { internals = all[i]; break; }
    }
    var data = message.data;
    if (!internals || !data || typeof data.type !== 'string') return;
    if (data.type === 'bt-emulation:loaded') {
      send(internals, { type: 'bt-emulation:init', elementId: internals.id, channel: channelName, apiKey: apiKey, options: frameOptions(internals.options) });
    } else if (data.type === 'bt-emulation:event' && data.event && EVENTS.indexOf(data.event.type) >= 0) {
      var event = data.event;
      if (event.type === 'ready') {
        internals.ready = true;
        settleMount(internals, null);
      } else if (event.type === 'change') {
        internals.metadata = { complete: event.complete, valid: event.valid, maskSatisfied: event.maskSatisfied, empty: event.empty, errors: event.errors };
        if (internals.cardMetadata) {
          internals.cardMetadata = { cardBrand: event.cardBrand };
          if (event.cardLast4) internals.cardMetadata.cardLast4 = event.cardLast4;
          if (event.cardBin) internals.cardMetadata.cardBin = event.cardBin;
        }
      }
      emit(internals, event);
    } else if (data.type === 'bt-emulation:result' && requests[data.requestId] && requests[data.requestId].leader === internals) {
      var request = requests[data.requestId];
      delete requests[data.requestId];
      if (data.token) request.resolve(data.token);
      else if (data.validation) {
        var details = {};
        data.validation.forEach(function (error) { details[error.targetId] = { type: error.type }; });
        request.reject(new BasisTheoryValidationError('Validation error', details, data.validation));
      } else if (data.apiError) request.reject(new BasisTheoryApiError('The vault answered ' + data.apiError.status, data.apiError.status, data.apiError.data));
      else if (data.error === 'misplaced') request.reject(new BasisTheoryValidationError('The sandbox emulation tokenizes cards (type "card") with elements under data only', {}));
      else if (data.error === 'unmounted') request.reject(new BasisTheoryValidationError('An element of the token was unmounted before it was tokenized', {}));
      else request.reject(new BasisTheoryApiError('The sandbox vault could not be reached', 0, undefined));
    }
  });

  function createElement(type, options) {
    if (!Object.prototype.hasOwnProperty.call(PAGES, type)) {
      throw new BasisTheoryValidationError('The sandbox emulation does not emulate "' + String(type).slice(0, 40) + '" elements', {});
    }
    if (apiKey === undefined) throw new BasisTheoryValidationError('Call init before createElement', {});
    var internals = {
      id: randomId(),
      type: type,
      options: Object.assign({}, options || {}),
      frame: null,
      ready: false,
      mounting: null,
      listeners: {},
      metadata: { complete: false, valid: false, maskSatisfied: false, empty: true, errors: [] },
      cardMetadata: type === 'card' || type === 'cardNumber' ? { cardBrand: 'unknown' } : undefined
    };
    var element = {
      mount: function (target) {
        if (internals.frame) return Promise.reject(new BasisTheoryValidationError('This element is already mounted', {}));
        var container = null;
        try { container = typeof target === 'string' ? document.querySelector(target) : target; } catch (error) { container = null; }
        if (!container || typeof container.appendChild !== 'function') {
          return Promise.reject(new BasisTheoryValidationError('The element could not be mounted: no DOM element matches the target', {}));
        }
        var page = PAGES[type];
        var frame = document.createElement('iframe');
        frame.title = type === 'text' ? String(internals.options.title || internals.options['aria-label'] || page.title) : page.title;
        frame.name = 'tessera-bt-' + internals.id;
        frame.src = hostedBase + page.file;
        frame.style.border = '0';
        frame.style.width = '100%';
        frame.style.height = '2.75em';
        frame.style.display = 'block';
        frame.style.overflow = 'hidden';
        internals.frame = frame;
        internals.ready = false;
        var mounted = new Promise(function (resolve, reject) { internals.mounting = { resolve: resolve, reject: reject }; });
        container.appendChild(frame);
        return mounted;
      },
      update: function (options) {
        Object.assign(internals.options, options || {});
        send(internals, { type: 'bt-emulation:update', options: frameOptions(options || {}) });
        return Promise.resolve();
      },
      validate: function () { send(internals, { type: 'bt-emulation:validate' }); },
      clear: function () { send(internals, { type: 'bt-emulation:clear' }); },
      focus: function () { send(internals, { type: 'bt-emulation:focus' }); },
      blur: function () { send(internals, { type: 'bt-emulation:blur' }); },
      unmount: function () {
        if (internals.frame) internals.frame.remove();
        internals.frame = null;
        internals.ready = false;
        settleMount(internals, new BasisTheoryValidationError('The element was unmounted before it was ready', {}));
        Object.keys(requests).forEach(function (id) {
          if (requests[id].leader !== internals) return;
          var request = requests[id];
          delete requests[id];
          request.reject(new BasisTheoryValidationError('An element of the token was unmounted before it was tokenized', {}));
        });
      },
      on: function (eventType, listener) {
        if (EVENTS.indexOf(eventType) < 0 || typeof listener !== 'function') throw new BasisTheoryValidationError('Unknown event type or listener', {});
        var listeners = internals.listeners[eventType] || (internals.listeners[eventType] = []);
        listeners.push(listener);
        return { unsubscribe: function () { var at = listeners.indexOf(listener); if (at >= 0) listeners.splice(at, 1); } };
      },
      setValue: notSupported('setValue'),
      setValueRef: notSupported('setValueRef')
    };
    Object.defineProperty(element, 'mounted', { enumerable: true, get: function () { return internals.ready; } });
    Object.defineProperty(element, 'metadata', { enumerable: true, get: function () { return Object.assign({}, internals.metadata); } });
    if (internals.cardMetadata) Object.defineProperty(element, 'cardMetadata', { enumerable: true, get: function () { return Object.assign({}, internals.cardMetadata); } });
    if (type === 'cardExpirationDate') {
      element.month = function () { return { element: element, method: 'month' }; };
      element.year = function () { return { element: element, method: 'year' }; };
      element.format = function (dateFormat) { return { element: element, method: 'format', formattingOptions: { format: String(dateFormat) } }; };
    }
    byObject.set(element, internals);
    all.push(internals);
    return element;
  }

  // The token model with each element (or ElementWrapper) replaced by a reference the frames resolve.
  function withReferences(value, used) {
    if (value && typeof value === 'object') {
      var internals = byObject.get(value);
      var reference = null;
      if (internals) reference = { __btEmulationElement: internals.id };
      else if (value.element && byObject.get(value.element)) {
        internals = byObject.get(value.element);
        reference = { __btEmulationElement: internals.id, method: String(value.method) };
        if (value.formattingOptions && typeof value.formattingOptions.format === 'string') reference.format = value.formattingOptions.format;
      }
      if (internals) {
        if (used.indexOf(internals) < 0) used.push(internals);
        return reference;
      }
      if (Array.isArray(value)) return value.map(function (item) { return withReferences(item, used); });
      var out = {};
      Object.keys(value).forEach(function (key) { out[key] = withReferences(value[key], used); });
      return out;
    }
    return value;
  }

  function createToken(model) {
    return Promise.resolve().then(function () {
      if (!model || typeof model !== 'object') throw new BasisTheoryValidationError('The token to create must be an object', {});
      var used = [];
      var payload = withReferences(model, used);
      if (used.length === 0) throw notEmulated('tokens.create without an element in data');
      if (used.some(function (internals) { return !internals.ready; })) throw new BasisTheoryValidationError('An element of the token is not mounted', {});
      var leader = used[0];
      var requestId = randomId();
      return new Promise(function (resolve, reject) {
        requests[requestId] = { resolve: resolve, reject: reject, leader: leader };
        send(leader, { type: 'bt-emulation:tokenize', requestId: requestId, payload: payload });
      });
    });
  }

  var elements = {
    init: function (key, elementsBaseUrl) {
      apiKey = typeof key === 'string' ? key : '';
      // The loader passes BT's CDN; a base on this script's own origin (another version or prefix) is taken as given.
      try {
        var given = new URL(elementsBaseUrl);
        if (given.origin === ownOrigin && /\\/hosted-elements\\/?$/.test(given.pathname)) hostedBase = given.href.replace(/\\/?$/, '/');
      } catch (error) { /* keep the script's own base */ }
      return Promise.resolve(elements);
    },
    hasElement: function (payload) { var used = []; withReferences(payload, used); return used.length > 0; },
    createElement: createElement,
    tokens: { create: createToken, retrieve: rejectNotEmulated('tokens.retrieve'), update: rejectNotEmulated('tokens.update'), encrypt: rejectNotEmulated('tokens.encrypt') },
    tokenize: rejectNotEmulated('tokenize'),
    proxy: { get: rejectNotEmulated('proxy'), post: rejectNotEmulated('proxy'), patch: rejectNotEmulated('proxy'), put: rejectNotEmulated('proxy'), delete: rejectNotEmulated('proxy') },
    sessions: { create: rejectNotEmulated('sessions.create') },
    tokenIntents: { create: rejectNotEmulated('tokenIntents.create') },
    client: { post: rejectNotEmulated('client'), put: rejectNotEmulated('client'), patch: rejectNotEmulated('client'), get: rejectNotEmulated('client'), delete: rejectNotEmulated('client') },
    device: { getDeviceInfo: notSupported('device.getDeviceInfo') }
  };
  window.BasisTheoryElements = elements;
})();
`;
