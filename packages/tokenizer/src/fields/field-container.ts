import type { FieldError } from '@tessera/core';

/** A container the page passed to `mount`, as the fields mark it: state classes, and the field's error text. */
export interface FieldContainerMarks {
  /** Where the field's errors are written: a `role="alert"` element after the field, `tessera-field__error`. */
  readonly error: HTMLElement;
  /** Sets or drops one state class (`tessera-field--focus`, `--empty`, `--complete`). */
  mark(state: 'focus' | 'empty' | 'complete', on: boolean): void;
  /** Writes the field's errors (none: empty), and sets `tessera-field--invalid` while there are any. */
  show(errors: FieldError[]): void;
  /** Takes back every class and the error element. */
  remove(): void;
}

let count = 0;

/**
 * Marks a field's container (and `input`, the name input Tessera adds, with `aria-describedby` and `aria-invalid`) as
 * Stripe marks its elements' (`StripeElement--focus`): `tessera-field` always, then `--focus`, `--empty`, `--complete`
 * and `--invalid` by state, so a page styles the states with CSS alone. The errors go in a live region after the field
 * (empty when there are none; the name input's `aria-describedby` names it): Basis Theory's frames are another origin,
 * which an `aria-describedby` in the page cannot reach into, but a `role="alert"` is announced wherever the focus is.
 */
export function markFieldContainer(container: Element, input?: HTMLInputElement): FieldContainerMarks {
  const error = Object.assign(document.createElement('span'), { id: `tessera-field-error-${++count}`, className: 'tessera-field__error', role: 'alert' });
  const classes = container.classList;
  input?.setAttribute('aria-describedby', error.id);
  classes.add('tessera-field');
  return {
    error,
    mark: (state, on) => void classes.toggle(`tessera-field--${state}`, on),
    show(errors) {
      const text = errors.map((shown) => shown.message).join('. ');
      // Written only when it changes: a live region announces every write.
      if (error.textContent !== text) error.textContent = text;
      classes.toggle('tessera-field--invalid', !!text);
      input?.setAttribute('aria-invalid', String(!!text));
    },
    remove() {
      error.remove();
      classes.remove(...[...classes].filter((name) => name.startsWith('tessera-field')));
      // A container that had no class is left without the attribute too.
      if (!classes.length) container.removeAttribute('class');
    },
  };
}
