import type { BtFrameOptions } from './bt-elements-messages.js';
import type * as formatting from './bt-frame-format.js';
import type * as rendering from './bt-frame-render.js';
import type { BtFrame } from './bt-frame-state.js';
import type * as style from './bt-frame-style.js';

// Parts of the element frame's script (`./bt-element-frame.ts`, served beside it): the merchant's element options
// (placeholder, autoComplete, labels, text type, disabled, read-only, style) applied to the inputs.

declare const format: typeof formatting.format;
declare const render: typeof rendering.render;
declare const applyPseudoStyles: typeof style.applyPseudoStyles;

/** The options the client passed (at init, then updated), none before init. */
export function givenOptions(frame: BtFrame): BtFrameOptions {
  return (frame.config && frame.config.options) || {};
}

/** `value[key]` of an object the merchant passed, if it is one. */
export function partOf(value: unknown, key: string): unknown {
  return ((value || {}) as Record<string, unknown>)[key];
}

/**
 * Applies the options to each input: placeholder and autoComplete (per input on a card page; a text element whose
 * `targetId` names a name is the cardholder's name), its accessible name and title, a text's type and input mode,
 * disabled and read-only; then the style's pseudo-classes, and formats and renders again.
 */
export function configure(frame: BtFrame): void {
  const AUTO_COMPLETE_PARTS: Readonly<Record<string, string>> = { cardNumber: 'number', cardExpirationDate: 'expirationDate', cardSecurityCode: 'csc' };
  const kind = frame.kind;
  const given = givenOptions(frame);
  frame.fields.forEach((field) => {
    const input = field.input;
    const placeholder = kind === 'card' ? partOf(given.placeholder, field.id) : given.placeholder;
    if (typeof placeholder === 'string') input.placeholder = placeholder;
    let auto = kind === 'card' ? partOf(given.autoComplete, String(AUTO_COMPLETE_PARTS[field.id])) : given.autoComplete;
    if (kind === 'text' && !auto && /name/i.test(given.targetId || '')) {
      auto = 'cc-name';
      field.label.textContent = 'Cardholder name';
    }
    if (typeof auto === 'string' && /^[a-z0-9-]+$/.test(auto)) input.setAttribute('autocomplete', auto);
    const label = given['aria-label'] || given.ariaLabel || given.title;
    if (kind !== 'card' && typeof label === 'string' && label) input.setAttribute('aria-label', label);
    if (kind !== 'card' && typeof given.title === 'string' && given.title) input.title = given.title;
    if (kind === 'text') {
      input.type = given.password ? 'password' : 'text';
      if (given.inputMode) input.setAttribute('inputmode', given.inputMode);
    }
    input.disabled = given.disabled === true;
    input.readOnly = given.readOnly === true;
  });
  applyPseudoStyles(frame);
  format(frame, frame.first);
  render(frame, false);
}
