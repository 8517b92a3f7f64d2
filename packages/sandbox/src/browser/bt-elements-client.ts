import type {
  BasisTheoryElements,
  BasisTheoryElementsInternal,
  CreateCardElementOptions,
  CreateCardExpirationDateElementOptions,
  CreateCardNumberElementOptions,
  CreateCardVerificationCodeElementOptions,
  CreateCopyButtonElementOptions,
  CreateTextElementOptions,
  CreateToken,
  ElementType,
  ICardElement,
  ICardExpirationDateElement,
  ICardNumberElement,
  ICardVerificationCodeElement,
  ITextElement,
  Token,
} from '@basis-theory/web-elements';
import type { BtElementPage, BtElementType } from './bt-elements-messages.js';
import type * as element from './bt-client-element.js';
import type * as errors from './bt-client-errors.js';
import type * as frames from './bt-client-frames.js';
import type * as ids from './bt-client-random-id.js';
import type { BtClient, ElementInternals, EmulatedElement } from './bt-client-state.js';
import type * as tokens from './bt-client-tokens.js';

declare const btErrorClasses: typeof errors.btErrorClasses;
declare const rejectNotEmulated: typeof errors.rejectNotEmulated;
declare const notSupported: typeof errors.notSupported;
declare const randomId: typeof ids.randomId;
declare const listenToFrames: typeof frames.listenToFrames;
declare const newElement: typeof element.newElement;
declare const withReferences: typeof tokens.withReferences;
declare const newToken: typeof tokens.newToken;

/**
 * The client script of the Basis Theory Elements emulation (`GET /web-elements/{version}/client/index.js`, what
 * `@basis-theory/web-elements`' loader injects): defines `window.BasisTheoryElements` (unless the page has one) as
 * web-elements' published `BasisTheoryElementsInternal`: `init`, `createElement` (the types of `pages`), `tokens.create`
 * with elements in `data`, and `hasElement`; the other members reject (or throw) "not emulated". Its element pages
 * (`pages`, under `hosted-elements/`) and the vault they post to are on the script's own origin (read from its `src`),
 * whatever base URL the loader passes. The page holds the element objects only: values stay in the frames, which
 * tokenize and answer the vault's masked token (see `./bt-element-frame.ts` and the messages,
 * `./bt-elements-messages.ts`). Served with its parts, the `./bt-client-*.ts` modules (`servedScript`).
 */
export function btElementsClient(pages: Readonly<Record<BtElementType, BtElementPage>>): void {
  'use strict';
  if (window.BasisTheoryElements) return;
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement) || !script.src) return;
  const src = script.src.split(/[?#]/)[0] ?? '';
  const clientAt = src.lastIndexOf('/client/index.js');
  if (clientAt < 0) return;
  const client: BtClient = {
    pages,
    ownOrigin: new URL(src).origin,
    hostedBase: src.slice(0, clientAt) + '/hosted-elements/',
    apiKey: undefined,
    channelName: 'tessera-bt-emulation-' + randomId(),
    errors: btErrorClasses(),
    byObject: new WeakMap<object, ElementInternals>(),
    all: [],
    requests: {},
  };
  listenToFrames(client);

  function createElement(type: 'card', options?: CreateCardElementOptions): ICardElement;
  function createElement(type: 'text', options: CreateTextElementOptions): ITextElement;
  function createElement(type: 'cardNumber', options: CreateCardNumberElementOptions): ICardNumberElement;
  function createElement(type: 'cardExpirationDate', options: CreateCardExpirationDateElementOptions): ICardExpirationDateElement;
  function createElement(type: 'cardVerificationCode', options: CreateCardVerificationCodeElementOptions): ICardVerificationCodeElement;
  /** Not emulated: throws. */
  function createElement(type: 'copyButton', options: CreateCopyButtonElementOptions): never;
  function createElement(type: ElementType, options?: object): EmulatedElement {
    return newElement(client, type, options);
  }

  function createToken(model: CreateToken): Promise<Token> {
    return newToken(client, model);
  }

  const elements: BasisTheoryElementsInternal = {
    init: (key: string | undefined, elementsBaseUrl: string): Promise<BasisTheoryElements> => {
      client.apiKey = typeof key === 'string' ? key : '';
      // The loader passes BT's CDN; a base on this script's own origin (another version or prefix) is taken as given.
      try {
        const given = new URL(elementsBaseUrl);
        if (given.origin === client.ownOrigin && /\/hosted-elements\/?$/.test(given.pathname)) client.hostedBase = given.href.replace(/\/?$/, '/');
      } catch {
        // keep the script's own base
      }
      return Promise.resolve(elements);
    },
    hasElement: (payload: unknown): boolean => {
      const used: ElementInternals[] = [];
      withReferences(client, payload, used);
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
