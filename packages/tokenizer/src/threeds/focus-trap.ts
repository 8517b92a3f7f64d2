import type { StartChallengeOptions } from './challenge-options.js';
import { listen } from './event-listeners.js';

/**
 * Keeps Tab inside the modal. `showModal` makes the page behind it inert, but Tab past the last element still leaves
 * for the browser's own UI, and the issuer's iframe is another document: a focusable guard at each end sends focus
 * round (past the end to the first element, before the start to the last one, the iframe once there is one).
 * Returns the function that removes the guards' listeners.
 */
export function trapFocus([startGuard, endGuard]: [HTMLElement, HTMLElement], first: HTMLElement, last: () => HTMLElement): () => void {
  return listen([[startGuard, 'focus'], [endGuard, 'focus']], (event) => (event.target === startGuard ? last() : first).focus());
}

/** Focuses `element` when it can take focus (in the page, not disabled, not hidden, not inert): true when it did. */
function focused(element: HTMLElement | null | undefined): boolean {
  element?.focus();
  return !!element && element !== document.body && document.activeElement === element;
}

/**
 * Remembers the focused element (the page's "Pay" button, typically) and returns the function that moves focus, once
 * the modal is gone (nothing outside an open modal can take focus): to `target` (the page's `returnFocus`), else back
 * to that element, else to `fallback` (the element the modal was appended to), made focusable until it loses focus.
 */
export function rememberFocus(target: StartChallengeOptions['returnFocus'], fallback: HTMLElement): () => void {
  const opener = document.activeElement as HTMLElement | null;
  // A `returnFocus` function that throws is the page's bug, but it must not escape from the modal's close (a timer, a
  // listener): focus goes on to the next place.
  const chosen = (): HTMLElement | null | undefined => {
    try {
      return typeof target === 'function' ? target() : target;
    } catch {
      return undefined;
    }
  };
  return () => {
    if (focused(chosen()) || focused(opener) || fallback === document.body) return;
    if (!fallback.hasAttribute('tabindex')) {
      fallback.tabIndex = -1;
      fallback.addEventListener('blur', () => fallback.removeAttribute('tabindex'), { once: true });
    }
    fallback.focus();
  };
}
