import type { EventType } from '@basis-theory/web-elements';
import type { BtClientMessage, BtElementEvent, BtFrameMessage, BtFrameOptions } from './bt-elements-messages.js';
import type { BtClient, ElementInternals, FieldErrorDetails } from './bt-client-state.js';

// Parts of the Basis Theory Elements emulation's client (`./bt-elements-client.ts`, served beside it): messaging with
// the element frames, on the script's own origin only: init and commands to them, their events and tokenizations' results
// back.

/** The element events the emulation gives (web-elements' `EventType`s). */
export function emulatedEvents(): readonly EventType[] {
  return ['ready', 'change', 'focus', 'blur', 'keydown', 'click', 'copy'];
}

/** The merchant's options, of web-elements' types, copied as the frame reads them (JSON, a RegExp as itself, no function). */
export function frameOptions(options: Record<string, unknown>): BtFrameOptions {
  const FRAME_OPTIONS: readonly (keyof BtFrameOptions)[] = [
    'targetId', 'placeholder', 'autoComplete', 'aria-label', 'ariaLabel', 'title', 'disabled', 'readOnly', 'style',
    'skipLuhnValidation', 'cardBrand', 'validation', 'maxLength', 'password', 'inputMode',
  ];
  const picked: Record<string, unknown> = {};
  FRAME_OPTIONS.forEach((key) => {
    const value = options[key];
    if (value === undefined || typeof value === 'function') return;
    picked[key] = value instanceof RegExp ? value : JSON.parse(JSON.stringify(value));
  });
  return picked;
}

/** Posts `message` to the element's frame, for the script's own origin only. */
export function send(client: BtClient, internals: ElementInternals, message: BtClientMessage): void {
  if (internals.frame && internals.frame.contentWindow) internals.frame.contentWindow.postMessage(message, client.ownOrigin);
}

/** Calls the element's listeners of `event`'s type, each with its own copy; a listener's error is thrown apart. */
export function emit(internals: ElementInternals, event: BtElementEvent): void {
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

/** Settles the element's `mount()`: resolved when ready, rejected with `error`. */
export function settleMount(internals: ElementInternals, error: Error | null): void {
  const waiting = internals.mounting;
  internals.mounting = null;
  if (!waiting) return;
  if (error) waiting.reject(error);
  else waiting.resolve();
}

/** Settles a tokenization with the leading frame's result: the token, or web-elements' error for what went wrong. */
export function settleTokenRequest(client: BtClient, internals: ElementInternals, data: Extract<BtFrameMessage, { type: 'bt-emulation:result' }>): void {
  const request = client.requests[data.requestId];
  if (!request || request.leader !== internals) return;
  delete client.requests[data.requestId];
  const { BasisTheoryValidationError, BasisTheoryApiError } = client.errors;
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

/**
 * Listens to the element frames (a message from one of this client's frames, on its own origin): a frame loaded gets
 * its init (once init gave the key); its events update the element's state and reach its listeners; a result settles
 * its tokenization.
 */
export function listenToFrames(client: BtClient): void {
  const EVENTS = emulatedEvents();
  window.addEventListener('message', (message: MessageEvent<BtFrameMessage | null | undefined>) => {
    if (message.origin !== client.ownOrigin) return;
    let internals: ElementInternals | null = null;
    for (const candidate of client.all) {
      if (candidate.frame && candidate.frame.contentWindow === message.source) {
        internals = candidate;
        break;
      }
    }
    const data = message.data;
    if (!internals || !data || typeof data.type !== 'string') return;
    if (data.type === 'bt-emulation:loaded') {
      // An element exists only once init has set the key.
      if (client.apiKey === undefined) return;
      send(client, internals, { type: 'bt-emulation:init', elementId: internals.id, channel: client.channelName, apiKey: client.apiKey, options: frameOptions(internals.options) });
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
      settleTokenRequest(client, internals, data);
    }
  });
}
