import type { FieldErrorType } from '@basis-theory/web-elements';
import type { BtChangeEvent } from './bt-elements-messages.js';
import type * as parent from './bt-frame-parent.js';
import type { BtFrame, FrameMetadata } from './bt-frame-state.js';
import type * as style from './bt-frame-style.js';
import type * as validation from './bt-frame-validation.js';

// Parts of the element frame's script (`./bt-element-frame.ts`, served beside it): what the customer and the page
// learn of the state, each input's error text and `aria-invalid`, and the change events.

declare const metadata: typeof validation.metadata;
declare const stateOf: typeof validation.stateOf;
declare const cardFacts: typeof validation.cardFacts;
declare const applyStyle: typeof style.applyStyle;
declare const post: typeof parent.post;

/**
 * Shows each input's error (`aria-invalid` and its description): an invalid value at once, an incomplete one once
 * the input was left or the element submitted (`submitted`, an empty input then incomplete too); styles the element
 * for its state. Answers the element's metadata.
 */
export function render(frame: BtFrame, submitted: boolean): FrameMetadata {
  const messages: Record<FieldErrorType, string> = { incomplete: ' is incomplete.', invalid: ' is invalid.' };
  const meta = metadata(frame);
  frame.fields.forEach((field) => {
    const state = stateOf(frame, field);
    const type = state.error || (submitted && state.empty ? 'incomplete' : null);
    const shown = type !== null && (type === 'invalid' || field.blurred || submitted);
    field.input.setAttribute('aria-invalid', shown ? 'true' : 'false');
    field.error.textContent = shown ? String(field.label.textContent) + messages[type] : '';
  });
  applyStyle(frame, meta);
  return meta;
}

/**
 * Renders, and posts a change event to the page. As BT's frames: a keystroke that changes no state (valid/invalid,
 * empty/filled, brand…) emits no change event; validate() and clear() always emit one (`always`).
 */
export function change(frame: BtFrame, submitted: boolean, always?: boolean): void {
  const meta = render(frame, submitted);
  const event: BtChangeEvent = { type: 'change', empty: meta.empty, complete: meta.complete, valid: meta.valid, maskSatisfied: meta.maskSatisfied, errors: meta.errors };
  const facts = cardFacts(frame);
  if (facts) Object.assign(event, facts);
  const text = JSON.stringify(event);
  if (text === frame.lastChange && !always) return;
  frame.lastChange = text;
  post(frame, { type: 'bt-emulation:event', event });
}
