import type * as card from './bt-frame-card.js';
import type * as rendering from './bt-frame-render.js';
import type { BtFrame, ElementValue, ExpiryValue, Field, FrameConfig, SiblingNote, ValueAnswer } from './bt-frame-state.js';
import type * as validation from './bt-frame-validation.js';

// Parts of the element frame's script (`./bt-element-frame.ts`, served beside it): a tokenization's values, this
// frame's and its siblings', gathered frame to frame over the BroadcastChannel the client named (never through the
// page).

declare const digits: typeof card.digits;
declare const render: typeof rendering.render;
declare const submitErrors: typeof validation.submitErrors;

/** This frame's value, as the vault's body wants it (only ever sent to sibling frames and the vault). */
export function valueOf(frame: BtFrame): ElementValue {
  function expiry(field: Field): ExpiryValue {
    const date = digits(field.input.value);
    return { month: Number(date.slice(0, 2)), year: 2000 + Number(date.slice(2, 4)) };
  }
  const byId = frame.byId;
  const first = frame.first;
  if (frame.kind === 'card') {
    // The card page has all three inputs.
    const date = expiry(byId.cardExpirationDate as Field);
    return { number: digits((byId.cardNumber as Field).input.value), expiration_month: date.month, expiration_year: date.year, cvc: digits((byId.cardSecurityCode as Field).input.value) };
  }
  if (frame.kind === 'cardNumber') return digits(first.input.value);
  if (frame.kind === 'cardExpirationDate') return expiry(first);
  if (frame.kind === 'cardVerificationCode') return digits(first.input.value);
  return first.input.value;
}

/**
 * The values (and submit errors) of the elements `ids`, this frame's own (`own`) and its siblings' asked over
 * `channel`, by element id; rejects with `unmounted` when one has not answered in 3 seconds.
 */
export function collect(frame: BtFrame, requestId: string, ids: string[], own: FrameConfig, channel: BroadcastChannel): Promise<Record<string, ValueAnswer>> {
  const pending = frame.pending;
  return new Promise((resolve, reject) => {
    const wanted: Record<string, boolean> = {};
    const got: Record<string, ValueAnswer> = {};
    let left = 0;
    ids.forEach((id) => {
      if (!wanted[id]) {
        wanted[id] = true;
        left++;
      }
    });
    const timer = setTimeout(() => {
      delete pending[requestId];
      reject(new Error('unmounted'));
    }, 3000);
    const take = (answer: ValueAnswer): void => {
      if (!wanted[answer.elementId] || got[answer.elementId]) return;
      got[answer.elementId] = answer;
      if (--left === 0) {
        clearTimeout(timer);
        delete pending[requestId];
        resolve(got);
      }
    };
    pending[requestId] = take;
    ids.forEach((id) => {
      if (id === own.elementId) take({ elementId: id, value: valueOf(frame), errors: submitErrors(frame) });
      else channel.postMessage({ type: 'collect', requestId, elementId: id } satisfies SiblingNote);
    });
  });
}

/** Answers the siblings on `channel`: this frame's value when one asks for it (showing its errors), and takes theirs. */
export function answerSiblings(frame: BtFrame, own: FrameConfig, channel: BroadcastChannel): void {
  channel.onmessage = (message: MessageEvent<SiblingNote | null | undefined>) => {
    const note = message.data;
    if (note && note.type === 'collect' && note.elementId === own.elementId) {
      render(frame, true);
      channel.postMessage({ type: 'value', requestId: note.requestId, elementId: own.elementId, value: valueOf(frame), errors: submitErrors(frame) } satisfies SiblingNote);
    } else if (note && note.type === 'value' && frame.pending[note.requestId]) {
      frame.pending[note.requestId]?.(note);
    }
  };
}
