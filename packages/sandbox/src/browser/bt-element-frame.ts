import type { Brand } from '@basis-theory/web-elements';
import type * as inputs from './bt-frame-inputs.js';
import type * as parent from './bt-frame-parent.js';
import type { BtFrame, Field } from './bt-frame-state.js';

declare const listenToInputs: typeof inputs.listenToInputs;
declare const listenToParent: typeof parent.listenToParent;
declare const post: typeof parent.post;

/**
 * A card brand as the element frame detects it: Basis Theory's id (`CARD_BRANDS`), its ranges by prefix (the longest
 * matching prefix wins), PAN lengths, CVC length, and where the number's groups break.
 */
export interface BtCardBrand {
  id: Brand;
  ranges: readonly (readonly [from: string, to?: string])[];
  lengths: readonly number[];
  cvc: number;
  gaps: readonly number[];
}

/**
 * The script every element page of the Basis Theory Elements emulation runs (`hosted-elements/element.js`, served by
 * `../emulations/bt-elements-pages.ts`; no eval, no inline handler: the pages' CSP allows their own script and style
 * sheet only). It takes configuration and commands (`BtClientMessage`) only from its parent window and that
 * window's origin, answers (`BtFrameMessage`) only to that origin, and never posts a card number or CVC to it:
 * values of sibling frames are gathered frame to frame over a BroadcastChannel of the sandbox's origin whose name the
 * client draws at random, and only the vault's masked token goes back to the page. `brands` (and `unknownBrand`) are
 * core's brand ranges and rules, so the vault agrees with the frame. Served with its parts, the `./bt-frame-*.ts`
 * modules (`servedScript`), each a concept of it.
 */
export function btElementFrame(brands: readonly BtCardBrand[], unknownBrand: BtCardBrand): void {
  'use strict';
  const parentWindow = window.parent;
  if (parentWindow === window) return;
  const parentOrigin = (location.ancestorOrigins && location.ancestorOrigins[0]) || (document.referrer ? new URL(document.referrer).origin : '');
  if (!parentOrigin || parentOrigin === 'null') return;
  const prefix = location.pathname.slice(0, location.pathname.indexOf('/web-elements/'));
  // Each input of the served pages has its label and description.
  const fields: Field[] = Array.from(document.querySelectorAll('input'), (input) => ({
    input,
    id: input.id,
    error: document.getElementById(input.id + '-error') as HTMLElement,
    label: document.getElementById(input.id + '-label') as HTMLElement,
    blurred: false,
  }));
  const first = fields[0];
  if (!first) return;
  const byId: Record<string, Field> = {};
  fields.forEach((field) => {
    byId[field.id] = field;
  });
  const frame: BtFrame = {
    brands,
    unknownBrand,
    parentWindow,
    parentOrigin,
    vaultUrl: location.origin + prefix + '/tokens',
    kind: document.body.getAttribute('data-element'),
    fields,
    byId,
    first,
    config: null,
    siblings: null,
    lastChange: '',
    appliedInline: [],
    sheet: null,
    pending: {},
  };
  listenToInputs(frame);
  listenToParent(frame);
  post(frame, { type: 'bt-emulation:loaded' });
}
