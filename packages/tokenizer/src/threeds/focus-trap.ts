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

/**
 * Remembers the focused element (the page's "Pay" button, typically) and returns the function that gives focus back
 * to it, if it is still in the page: call it once the modal is gone, since nothing outside an open modal can take focus.
 */
export function rememberFocus(): () => void {
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return () => {
    if (previous?.isConnected) previous.focus();
  };
}
