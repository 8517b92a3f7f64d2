import type * as formatting from './bt-frame-format.js';
import type * as parent from './bt-frame-parent.js';
import type * as rendering from './bt-frame-render.js';
import type { BtFrame } from './bt-frame-state.js';
import type * as validation from './bt-frame-validation.js';

// A part of the element frame's script (`./bt-element-frame.ts`, served beside it): the inputs' events, as the page
// hears them.

declare const format: typeof formatting.format;
declare const change: typeof rendering.change;
declare const render: typeof rendering.render;
declare const post: typeof parent.post;
declare const targetIdOf: typeof validation.targetIdOf;

/**
 * Listens to each input: typing formats it and may post a change; focus and blur are posted (a blurred input shows
 * its incomplete error from then on); Enter and Escape are posted as keydown events.
 */
export function listenToInputs(frame: BtFrame): void {
  frame.fields.forEach((field) => {
    const input = field.input;
    input.addEventListener('input', () => {
      format(frame, field);
      change(frame, false);
    });
    input.addEventListener('focus', () => post(frame, { type: 'bt-emulation:event', event: { type: 'focus', targetId: targetIdOf(frame, field) } }));
    input.addEventListener('blur', () => {
      field.blurred = true;
      render(frame, false);
      post(frame, { type: 'bt-emulation:event', event: { type: 'blur', targetId: targetIdOf(frame, field) } });
    });
    input.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== 'Escape') return;
      post(frame, { type: 'bt-emulation:event', event: { type: 'keydown', targetId: targetIdOf(frame, field), key: event.key, altKey: event.altKey, ctrlKey: event.ctrlKey, shiftKey: event.shiftKey, metaKey: event.metaKey } });
    });
  });
}
