import type {
  BasisTheoryApiError as PublishedApiError,
  BasisTheoryElements,
  BasisTheoryElementsInternal,
  BasisTheoryValidationError as PublishedValidationError,
  CardMetadata,
  CreateCardElementOptions,
  CreateCardExpirationDateElementOptions,
  CreateCardNumberElementOptions,
  CreateCardVerificationCodeElementOptions,
  CreateCopyButtonElementOptions,
  CreateTextElementOptions,
  CreateToken,
  ElementMetadata,
  ElementType,
  ElementWrapper,
  EventType,
  FieldError,
  FieldErrorType,
  ICardElement,
  ICardExpirationDateElement,
  ICardNumberElement,
  ICardVerificationCodeElement,
  ITextElement,
  Subscription,
  Token,
} from '@basis-theory/web-elements';
import type {
  BtClientMessage,
  BtElementEvent,
  BtElementPage,
  BtElementReference,
  BtElementType,
  BtFrameMessage,
  BtFrameOptions,
  BtTokenPayload,
} from './bt-elements-messages.js';

/** What the client keeps of one element it created; the page holds only the element object. */
interface ElementInternals {
  id: string;
  type: BtElementType;
  /** The options as given to `createElement` and `update`, merged. */
  options: Record<string, unknown>;
  frame: HTMLIFrameElement | null;
  ready: boolean;
  mounting: { resolve: () => void; reject: (error: Error) => void } | null;
  listeners: Partial<Record<EventType, Listener[]>>;
  metadata: ElementMetadata;
  cardMetadata: CardMetadata | undefined;
}

/**
 * A listener as `on` takes it: of the events of the type it listens to (web-elements' `ElementEventListener`), which
 * is the type of every event it is given.
 */
type Listener = (event: never) => void;

/** A tokenization under way: its promise, and the element whose frame gathers the values and calls the vault. */
interface TokenRequest {
  resolve: (token: Token) => void;
  reject: (error: Error) => void;
  leader: ElementInternals;
}

/** The element objects the emulation makes: web-elements' own, one per emulated type. */
type EmulatedElement = ICardElement | ICardNumberElement | ICardExpirationDateElement | ICardVerificationCodeElement | ITextElement;

/**
 * The client script of the Basis Theory Elements emulation (`GET /web-elements/{version}/client/index.js`, what
 * `@basis-theory/web-elements`' loader injects): defines `window.BasisTheoryElements` (unless the page has one) as
 * web-elements' published `BasisTheoryElementsInternal`: `init`, `createElement` (the types of `pages`), `tokens.create`
 * with elements in `data`, and `hasElement`; the other members reject (or throw) "not emulated". Its element pages
 * (`pages`, under `hosted-elements/`) and the vault they post to are on the script's own origin (read from its `src`),
 * whatever base URL the loader passes. The page holds the element objects only: values stay in the frames, which
 * tokenize and answer the vault's masked token (see `./bt-element-frame.ts` and the messages,
 * `./bt-elements-messages.ts`).
 */
export function btElementsClient(pages: Readonly<Record<BtElementType, BtElementPage>>): void {
  'use strict';
  if (window.BasisTheoryElements) return;
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement) || !script.src) return;
  const src = script.src.split(/[?#]/)[0] ?? '';
  const clientAt = src.lastIndexOf('/client/index.js');
  if (clientAt < 0) return;
  const ownOrigin = new URL(src).origin;
  let hostedBase = src.slice(0, clientAt) + '/hosted-elements/';
  const EVENTS: readonly EventType[] = ['ready', 'change', 'focus', 'blur', 'keydown', 'click', 'copy'];
  const FRAME_OPTIONS: readonly (keyof BtFrameOptions)[] = [
    'targetId', 'placeholder', 'autoComplete', 'aria-label', 'ariaLabel', 'title', 'disabled', 'readOnly', 'style',
    'skipLuhnValidation', 'cardBrand', 'validation', 'maxLength', 'password', 'inputMode',
  ];

  // Basis Theory's two error classes, as web-elements declares them: a message and two fields of their own.
  type FieldErrorDetails = Record<string, { type: FieldErrorType }>;
  const BasisTheoryValidationError = class extends Error implements PublishedValidationError<FieldErrorDetails> {
    declare readonly details: FieldErrorDetails;
    declare readonly validation: FieldError[] | undefined;
    constructor(message: string, details: FieldErrorDetails, validation?: FieldError[]) {
      super(message);
      this.name = 'BasisTheoryValidationError';
      this.details = details;
      this.validation = validation;
    }
  };
  Object.defineProperty(BasisTheoryValidationError, 'name', { value: 'BasisTheoryValidationError' });
  const BasisTheoryApiError = class extends Error implements PublishedApiError {
    declare readonly status: number;
    declare readonly data: unknown;
    constructor(message: string, status: number, data: unknown) {
      super(message);
      this.name = 'BasisTheoryApiError';
      this.status = status;
      this.data = data;
    }
  };
  Object.defineProperty(BasisTheoryApiError, 'name', { value: 'BasisTheoryApiError' });
  const notEmulated = (name: string): Error => new Error(name + ' is not emulated by the Tessera sandbox');
  const rejectNotEmulated = (name: string) => (): Promise<never> => Promise.reject(notEmulated(name));
  const notSupported = (name: string) => (): never => {
    throw new Error(name + ' is not supported by the sandbox emulation');
  };
  const randomId = (): string => {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => (b + 256).toString(16).slice(1)).join('');
  };

  let apiKey: string | undefined;
  const channelName = 'tessera-bt-emulation-' + randomId();
  const byObject = new WeakMap<object, ElementInternals>();
  const all: ElementInternals[] = [];
  const requests: Record<string, TokenRequest> = {};

  function frameOptions(options: Record<string, unknown>): BtFrameOptions {
    const picked: Record<string, unknown> = {};
    FRAME_OPTIONS.forEach((key) => {
      const value = options[key];
      if (value === undefined || typeof value === 'function') return;
      picked[key] = value instanceof RegExp ? value : JSON.parse(JSON.stringify(value));
    });
    // The merchant's options, of web-elements' types, copied as the frame reads them.
    return picked;
  }
  function send(internals: ElementInternals, message: BtClientMessage): void {
    if (internals.frame && internals.frame.contentWindow) internals.frame.contentWindow.postMessage(message, ownOrigin);
  }
  function emit(internals: ElementInternals, event: BtElementEvent): void {
    const listeners = internals.listeners[event.type];
    if (!listeners) return;
    listeners.slice().forEach((listener) => {
      try {
        (listener as (event: BtElementEvent) => void)(Object.assign({}, event));
      } catch (error) {
        setTimeout(() => {
          throw error;
        });
      }
    });
  }
  function settleMount(internals: ElementInternals, error: Error | null): void {
    const waiting = internals.mounting;
    internals.mounting = null;
    if (!waiting) return;
    if (error) waiting.reject(error);
    else waiting.resolve();
  }

  window.addEventListener('message', (message: MessageEvent<BtFrameMessage | null | undefined>) => {
    if (message.origin !== ownOrigin) return;
    let internals: ElementInternals | null = null;
    for (const candidate of all) {
      if (candidate.frame && candidate.frame.contentWindow === message.source) {
        internals = candidate;
        break;
      }
    }
    const data = message.data;
    if (!internals || !data || typeof data.type !== 'string') return;
    if (data.type === 'bt-emulation:loaded') {
      // An element exists only once init has set the key.
      if (apiKey === undefined) return;
      send(internals, { type: 'bt-emulation:init', elementId: internals.id, channel: channelName, apiKey, options: frameOptions(internals.options) });
    } else if (data.type === 'bt-emulation:event' && data.event && EVENTS.indexOf(data.event.type) >= 0) {
      const event = data.event;
      if (event.type === 'ready') {
        internals.ready = true;
        settleMount(internals, null);
      } else if (event.type === 'change') {
        internals.metadata = { complete: event.complete, valid: event.valid, maskSatisfied: event.maskSatisfied, empty: event.empty, errors: event.errors };
        if (internals.cardMetadata) {
          // A card number's frame always reports its brand.
          internals.cardMetadata = { cardBrand: event.cardBrand ?? 'unknown' };
          if (event.cardLast4) internals.cardMetadata.cardLast4 = event.cardLast4;
          if (event.cardBin) internals.cardMetadata.cardBin = event.cardBin;
        }
      }
      emit(internals, event);
    } else if (data.type === 'bt-emulation:result') {
      const request = requests[data.requestId];
      if (!request || request.leader !== internals) return;
      delete requests[data.requestId];
      if ('token' in data && data.token) request.resolve(data.token);
      else if ('validation' in data && data.validation) {
        const details: FieldErrorDetails = {};
        data.validation.forEach((error) => {
          details[error.targetId] = { type: error.type };
        });
        request.reject(new BasisTheoryValidationError('Validation error', details, data.validation));
      } else if ('apiError' in data && data.apiError) request.reject(new BasisTheoryApiError('The vault answered ' + data.apiError.status, data.apiError.status, data.apiError.data));
      else if ('error' in data && data.error === 'misplaced') request.reject(new BasisTheoryValidationError('The sandbox emulation tokenizes cards (type "card") with elements under data only', {}));
      else if ('error' in data && data.error === 'unmounted') request.reject(new BasisTheoryValidationError('An element of the token was unmounted before it was tokenized', {}));
      else request.reject(new BasisTheoryApiError('The sandbox vault could not be reached', 0, undefined));
    }
  });

  /** Defines `key` on `target` as an enumerable getter (web-elements' elements read their state through them). */
  function defineGetter<T extends object, K extends string, V>(target: T, key: K, get: () => V): T & { readonly [P in K]: V } {
    Object.defineProperty(target, key, { enumerable: true, get });
    return target as T & { readonly [P in K]: V };
  }

  function createElement(type: 'card', options?: CreateCardElementOptions): ICardElement;
  function createElement(type: 'text', options: CreateTextElementOptions): ITextElement;
  function createElement(type: 'cardNumber', options: CreateCardNumberElementOptions): ICardNumberElement;
  function createElement(type: 'cardExpirationDate', options: CreateCardExpirationDateElementOptions): ICardExpirationDateElement;
  function createElement(type: 'cardVerificationCode', options: CreateCardVerificationCodeElementOptions): ICardVerificationCodeElement;
  /** Not emulated: throws. */
  function createElement(type: 'copyButton', options: CreateCopyButtonElementOptions): never;
  function createElement(type: ElementType, options?: object): EmulatedElement {
    if (!Object.prototype.hasOwnProperty.call(pages, type)) {
      throw new BasisTheoryValidationError('The sandbox emulation does not emulate "' + String(type).slice(0, 40) + '" elements', {});
    }
    const emulated = type as BtElementType;
    if (apiKey === undefined) throw new BasisTheoryValidationError('Call init before createElement', {});
    const internals: ElementInternals = {
      id: randomId(),
      type: emulated,
      options: Object.assign<Record<string, unknown>, object>({}, options || {}),
      frame: null,
      ready: false,
      mounting: null,
      listeners: {},
      metadata: { complete: false, valid: false, maskSatisfied: false, empty: true, errors: [] },
      cardMetadata: emulated === 'card' || emulated === 'cardNumber' ? { cardBrand: 'unknown' } : undefined,
    };
    const methods = {
      mount: (target: string | Element): Promise<void> => {
        if (internals.frame) return Promise.reject(new BasisTheoryValidationError('This element is already mounted', {}));
        let container: Element | null;
        try {
          container = typeof target === 'string' ? document.querySelector(target) : target;
        } catch {
          container = null;
        }
        if (!container || typeof container.appendChild !== 'function') {
          return Promise.reject(new BasisTheoryValidationError('The element could not be mounted: no DOM element matches the target', {}));
        }
        const page = pages[emulated];
        const frame = document.createElement('iframe');
        const label: unknown = internals.options.title || internals.options['aria-label'] || page.title;
        frame.title = emulated === 'text' ? String(label) : page.title;
        frame.name = 'tessera-bt-' + internals.id;
        frame.src = hostedBase + page.file;
        frame.style.border = '0';
        frame.style.width = '100%';
        frame.style.height = '2.75em';
        frame.style.display = 'block';
        frame.style.overflow = 'hidden';
        internals.frame = frame;
        internals.ready = false;
        const mounted = new Promise<void>((resolve, reject) => {
          internals.mounting = { resolve, reject };
        });
        container.appendChild(frame);
        return mounted;
      },
      update: (options?: Record<string, unknown>): Promise<void> => {
        Object.assign(internals.options, options || {});
        send(internals, { type: 'bt-emulation:update', options: frameOptions(options || {}) });
        return Promise.resolve();
      },
      validate: (): void => send(internals, { type: 'bt-emulation:validate' }),
      clear: (): void => send(internals, { type: 'bt-emulation:clear' }),
      focus: (): void => send(internals, { type: 'bt-emulation:focus' }),
      blur: (): void => send(internals, { type: 'bt-emulation:blur' }),
      unmount: (): void => {
        if (internals.frame) internals.frame.remove();
        internals.frame = null;
        internals.ready = false;
        settleMount(internals, new BasisTheoryValidationError('The element was unmounted before it was ready', {}));
        Object.keys(requests).forEach((id) => {
          const request = requests[id];
          if (!request || request.leader !== internals) return;
          delete requests[id];
          request.reject(new BasisTheoryValidationError('An element of the token was unmounted before it was tokenized', {}));
        });
      },
      on: (eventType: EventType, listener: Listener): Subscription => {
        if (EVENTS.indexOf(eventType) < 0 || typeof listener !== 'function') throw new BasisTheoryValidationError('Unknown event type or listener', {});
        const listeners = internals.listeners[eventType] || (internals.listeners[eventType] = []);
        listeners.push(listener);
        return {
          unsubscribe: () => {
            const at = listeners.indexOf(listener);
            if (at >= 0) listeners.splice(at, 1);
          },
        };
      },
      setValue: notSupported('setValue'),
      setValueRef: notSupported('setValueRef'),
    };
    const base = defineGetter(defineGetter(methods, 'mounted', () => internals.ready), 'metadata', (): ElementMetadata => Object.assign({}, internals.metadata));
    let element: EmulatedElement = base;
    if (internals.cardMetadata) element = defineGetter(base, 'cardMetadata', (): CardMetadata | undefined => Object.assign({}, internals.cardMetadata));
    if (emulated === 'cardExpirationDate') {
      const dateElement: ICardExpirationDateElement = Object.assign(base, {
        month: (): ElementWrapper<ICardExpirationDateElement> => ({ element: dateElement, method: 'month' }),
        year: (): ElementWrapper<ICardExpirationDateElement> => ({ element: dateElement, method: 'year' }),
        format: (dateFormat: string): ElementWrapper<ICardExpirationDateElement> => ({ element: dateElement, method: 'format', formattingOptions: { format: String(dateFormat) } }),
      });
      element = dateElement;
    }
    byObject.set(element, internals);
    all.push(internals);
    return element;
  }

  // The token model with each element (or ElementWrapper) replaced by a reference the frames resolve.
  function withReferences(value: unknown, used: ElementInternals[]): unknown {
    if (value && typeof value === 'object') {
      const wrapper = value as { element?: unknown; method?: unknown; formattingOptions?: { format?: unknown } };
      let internals = byObject.get(value);
      let reference: BtElementReference | null = null;
      if (internals) reference = { __btEmulationElement: internals.id };
      else if (wrapper.element && typeof wrapper.element === 'object' && byObject.get(wrapper.element)) {
        internals = byObject.get(wrapper.element);
        if (internals) reference = { __btEmulationElement: internals.id, method: String(wrapper.method) };
        if (reference && wrapper.formattingOptions && typeof wrapper.formattingOptions.format === 'string') reference.format = wrapper.formattingOptions.format;
      }
      if (internals) {
        if (used.indexOf(internals) < 0) used.push(internals);
        return reference;
      }
      if (Array.isArray(value)) return value.map((item: unknown) => withReferences(item, used));
      const out: Record<string, unknown> = {};
      Object.keys(value).forEach((key) => {
        out[key] = withReferences((value as Record<string, unknown>)[key], used);
      });
      return out;
    }
    return value;
  }

  function createToken(model: CreateToken): Promise<Token> {
    return Promise.resolve().then(() => {
      if (!model || typeof model !== 'object') throw new BasisTheoryValidationError('The token to create must be an object', {});
      const used: ElementInternals[] = [];
      // An object, as the model is.
      const payload = withReferences(model, used) as BtTokenPayload;
      if (used.length === 0) throw notEmulated('tokens.create without an element in data');
      if (used.some((internals) => !internals.ready)) throw new BasisTheoryValidationError('An element of the token is not mounted', {});
      const leader = used[0] as ElementInternals;
      const requestId = randomId();
      return new Promise<Token>((resolve, reject) => {
        requests[requestId] = { resolve, reject, leader };
        send(leader, { type: 'bt-emulation:tokenize', requestId, payload });
      });
    });
  }

  const elements: BasisTheoryElementsInternal = {
    init: (key: string | undefined, elementsBaseUrl: string): Promise<BasisTheoryElements> => {
      apiKey = typeof key === 'string' ? key : '';
      // The loader passes BT's CDN; a base on this script's own origin (another version or prefix) is taken as given.
      try {
        const given = new URL(elementsBaseUrl);
        if (given.origin === ownOrigin && /\/hosted-elements\/?$/.test(given.pathname)) hostedBase = given.href.replace(/\/?$/, '/');
      } catch {
        // keep the script's own base
      }
      return Promise.resolve(elements);
    },
    hasElement: (payload: unknown): boolean => {
      const used: ElementInternals[] = [];
      withReferences(payload, used);
      return used.length > 0;
    },
    createElement,
    tokens: { create: createToken, retrieve: rejectNotEmulated('tokens.retrieve'), update: rejectNotEmulated('tokens.update'), encrypt: rejectNotEmulated('tokens.encrypt') },
    tokenize: rejectNotEmulated('tokenize'),
    proxy: { get: rejectNotEmulated('proxy'), post: rejectNotEmulated('proxy'), patch: rejectNotEmulated('proxy'), put: rejectNotEmulated('proxy'), delete: rejectNotEmulated('proxy') },
    sessions: { create: rejectNotEmulated('sessions.create') },
    tokenIntents: { create: rejectNotEmulated('tokenIntents.create') },
    client: { post: rejectNotEmulated('client'), put: rejectNotEmulated('client'), patch: rejectNotEmulated('client'), get: rejectNotEmulated('client'), delete: rejectNotEmulated('client') },
    device: { getDeviceInfo: notSupported('device.getDeviceInfo') },
  };
  window.BasisTheoryElements = elements;
}
