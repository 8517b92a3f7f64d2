import type { CardMetadata, ElementMetadata, ElementType, ElementWrapper, EventType, ICardExpirationDateElement, Subscription } from '@basis-theory/web-elements';
import type { BtElementType } from './bt-elements-messages.js';
import type * as errors from './bt-client-errors.js';
import type * as frames from './bt-client-frames.js';
import type * as mount from './bt-client-mount.js';
import type * as ids from './bt-client-random-id.js';
import type { BtClient, ElementInternals, EmulatedElement, Listener } from './bt-client-state.js';

// Parts of the Basis Theory Elements emulation's client (`./bt-elements-client.ts`, served beside it): the element
// objects `createElement` answers, web-elements' own, their state read from their frames.

declare const notSupported: typeof errors.notSupported;
declare const emulatedEvents: typeof frames.emulatedEvents;
declare const frameOptions: typeof frames.frameOptions;
declare const send: typeof frames.send;
declare const mountElement: typeof mount.mountElement;
declare const unmountElement: typeof mount.unmountElement;
declare const randomId: typeof ids.randomId;

/** Defines `key` on `target` as an enumerable getter (web-elements' elements read their state through them). */
export function defineGetter<T extends object, K extends string, V>(target: T, key: K, get: () => V): T & { readonly [P in K]: V } {
  Object.defineProperty(target, key, { enumerable: true, get });
  return target as T & { readonly [P in K]: V };
}

/** An element's methods: mount, update, validate, clear, focus, blur, unmount, on (setValue and setValueRef throw). */
export function elementMethods(client: BtClient, internals: ElementInternals) {
  const { BasisTheoryValidationError } = client.errors;
  return {
    mount: (target: string | Element): Promise<void> => mountElement(client, internals, target),
    update: (options?: Record<string, unknown>): Promise<void> => {
      Object.assign(internals.options, options || {});
      send(client, internals, { type: 'bt-emulation:update', options: frameOptions(options || {}) });
      return Promise.resolve();
    },
    validate: (): void => send(client, internals, { type: 'bt-emulation:validate' }),
    clear: (): void => send(client, internals, { type: 'bt-emulation:clear' }),
    focus: (): void => send(client, internals, { type: 'bt-emulation:focus' }),
    blur: (): void => send(client, internals, { type: 'bt-emulation:blur' }),
    unmount: (): void => unmountElement(client, internals),
    on: (eventType: EventType, listener: Listener): Subscription => {
      if (emulatedEvents().indexOf(eventType) < 0 || typeof listener !== 'function') throw new BasisTheoryValidationError('Unknown event type or listener', {});
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
}

/**
 * `createElement(type, options)` of an emulated type (`client.pages`), once init set the key: the element object, its
 * `mounted`, `metadata` (and a card number's `cardMetadata`) read as getters, an expiry's `month()`, `year()` and
 * `format()`.
 */
export function newElement(client: BtClient, type: ElementType, options?: object): EmulatedElement {
  const { BasisTheoryValidationError } = client.errors;
  if (!Object.prototype.hasOwnProperty.call(client.pages, type)) {
    throw new BasisTheoryValidationError('The sandbox emulation does not emulate "' + String(type).slice(0, 40) + '" elements', {});
  }
  const emulated = type as BtElementType;
  if (client.apiKey === undefined) throw new BasisTheoryValidationError('Call init before createElement', {});
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
  const methods = elementMethods(client, internals);
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
  client.byObject.set(element, internals);
  client.all.push(internals);
  return element;
}
