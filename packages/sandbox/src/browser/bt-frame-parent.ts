import type { BtClientMessage, BtFrameMessage } from './bt-elements-messages.js';
import type * as options from './bt-frame-options.js';
import type * as rendering from './bt-frame-render.js';
import type { BtFrame, FrameConfig } from './bt-frame-state.js';
import type * as tokenizing from './bt-frame-tokenize.js';
import type * as values from './bt-frame-values.js';

// Parts of the element frame's script (`./bt-element-frame.ts`, served beside it): messaging with the parent, the
// client's configuration and commands ({@link BtClientMessage}) from the parent window and its origin only, and the
// frame's answers ({@link BtFrameMessage}) to that origin only.

declare const configure: typeof options.configure;
declare const change: typeof rendering.change;
declare const tokenize: typeof tokenizing.tokenize;
declare const answerSiblings: typeof values.answerSiblings;

/** Posts `message` to the parent window, for its origin only. */
export function post(frame: BtFrame, message: BtFrameMessage): void {
  frame.parentWindow.postMessage(message, frame.parentOrigin);
}

/** The sandbox's fill command: `value` typed into the input `target` (else the first), as the customer would. */
export function fill(frame: BtFrame, value: string, target: string | undefined): void {
  const field = (target && frame.byId[target]) || frame.first;
  field.input.value = value;
  field.input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Listens to the parent: its init once (the element's id, key, options, and the siblings' channel; then `ready`), and
 * after it the commands (update, validate, clear, focus, blur, tokenize, and the sandbox's fill).
 */
export function listenToParent(frame: BtFrame): void {
  window.addEventListener('message', (event: MessageEvent<BtClientMessage | null | undefined>) => {
    if (event.source !== frame.parentWindow || event.origin !== frame.parentOrigin) return;
    const data = event.data;
    if (!data || typeof data.type !== 'string') return;
    if (data.type === 'bt-emulation:init') {
      if (frame.config || typeof data.elementId !== 'string' || typeof data.channel !== 'string' || typeof data.apiKey !== 'string') return;
      const own: FrameConfig = { elementId: data.elementId, apiKey: data.apiKey, options: data.options || {} };
      frame.config = own;
      const channel = new BroadcastChannel(data.channel);
      frame.siblings = channel;
      answerSiblings(frame, own, channel);
      configure(frame);
      post(frame, { type: 'bt-emulation:event', event: { type: 'ready' } });
      return;
    }
    const config = frame.config;
    if (!config) return;
    if (data.type === 'bt-emulation:update') {
      config.options = Object.assign({}, config.options, data.options || {});
      configure(frame);
      change(frame, false);
    } else if (data.type === 'bt-emulation:validate') {
      change(frame, true, true);
    } else if (data.type === 'bt-emulation:clear') {
      frame.fields.forEach((field) => {
        field.input.value = '';
        field.blurred = false;
      });
      change(frame, false, true);
    } else if (data.type === 'bt-emulation:focus') {
      frame.first.input.focus();
    } else if (data.type === 'bt-emulation:blur') {
      const active = document.activeElement as HTMLElement | SVGElement | null;
      if (active && active.blur) active.blur();
    } else if (data.type === 'bt-emulation:tokenize' && typeof data.requestId === 'string' && frame.siblings) {
      tokenize(frame, data.requestId, data.payload, config, frame.siblings);
    } else if (data.type === 'tessera-sandbox:fill' && typeof data.value === 'string') {
      fill(frame, data.value, data.target);
    }
  });
}
