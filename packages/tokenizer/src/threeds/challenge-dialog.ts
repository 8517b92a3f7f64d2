import { type ChallengeWindowSize, challengeWindowSizes } from '@tessera/core';
import type { ChallengeLabels } from './challenge-options.js';

/** The texts of the modal when the page gives none. */
export const defaultChallengeLabels: ChallengeLabels = {
  title: 'Confirm your payment',
  close: 'Cancel verification',
  iframeTitle: 'Card issuer verification',
  description: 'Your bank asks you to confirm this payment.',
};

// In the dialog itself, not the page's <head>: nothing outlives the modal, and a CSP nonce can be put on it.
const styles = `.tessera-3ds{padding:0;border:0;border-radius:var(--tessera-3ds-radius,12px);background:var(--tessera-3ds-background,#fff);color:var(--tessera-3ds-color,#1a1a1a);font-family:var(--tessera-3ds-font-family,system-ui,sans-serif);box-shadow:var(--tessera-3ds-shadow,0 10px 40px rgba(0,0,0,.3));max-width:100vw;max-height:100dvh;overflow:auto;box-sizing:border-box}.tessera-3ds::backdrop{background:var(--tessera-3ds-backdrop,rgba(15,23,42,.6))}.tessera-3ds__header{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:8px 8px 0 16px}.tessera-3ds__title{margin:0;font-size:var(--tessera-3ds-title-size,1.05rem)}.tessera-3ds__description{margin:0;padding:0 16px 8px;font-size:.875rem;opacity:.8}.tessera-3ds__close{min-width:44px;min-height:44px;border:0;border-radius:8px;background:transparent;color:inherit;font-size:1.5rem;line-height:1;cursor:pointer}.tessera-3ds__close:focus-visible{outline:2px solid var(--tessera-3ds-focus-color,#2563eb);outline-offset:2px}.tessera-3ds__frame{display:block;border:0;max-width:100%;background:#fff}.tessera-3ds--full,.tessera-3ds--full .tessera-3ds__frame{width:100vw;height:100dvh}@media (max-width:600px){.tessera-3ds{width:100vw;height:100dvh;max-height:none;margin:0;border-radius:0}.tessera-3ds__frame{width:100%!important;height:calc(100dvh - 90px)!important}}`;

/** The parts of the modal the challenge needs after building it. */
export interface ChallengeDialog {
  dialog: HTMLDialogElement;
  closeButton: HTMLButtonElement;
  /** Where web-threeds puts its iframe: it takes a `containerId`, so this one has an id. */
  container: HTMLDivElement;
  /** The focusable first and last elements of the dialog, for the focus trap. */
  guards: [HTMLSpanElement, HTMLSpanElement];
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Builds the modal, not yet in the page: a `<dialog>` named by its title and described by its description (ids
 * derived from `id`, so two pages' modals never share one), a close button, the container web-threeds fills, and a
 * focus guard at each end. Its styles come with it (`nonce` for a strict CSP); window size `05` is full screen.
 */
export function createChallengeDialog(id: string, labels: ChallengeLabels, windowSize: ChallengeWindowSize, nonce: string | undefined): ChallengeDialog {
  const dialog = element('dialog', {
    class: `tessera-3ds${windowSize === '05' ? ' tessera-3ds--full' : ''}`,
    'aria-modal': 'true',
    'aria-labelledby': `${id}-title`,
    'aria-describedby': `${id}-description`,
    'data-tessera-challenge': '',
  });
  const startGuard = element('span', { tabindex: '0', 'data-focus-guard': 'start' });
  const endGuard = element('span', { tabindex: '0', 'data-focus-guard': 'end' });
  const header = element('div', { class: 'tessera-3ds__header' });
  const title = element('h2', { id: `${id}-title`, class: 'tessera-3ds__title' }, labels.title);
  const closeButton = element('button', { type: 'button', class: 'tessera-3ds__close', 'aria-label': labels.close }, '\u00d7');
  const description = element('p', { id: `${id}-description`, class: 'tessera-3ds__description' }, labels.description);
  const container = element('div', { id: `${id}-container` });
  header.append(title, closeButton);
  dialog.append(element('style', nonce ? { nonce } : {}, styles), startGuard, header, description, container, endGuard);
  return { dialog, closeButton, container, guards: [startGuard, endGuard] };
}

/** Names web-threeds' iframe for screen readers and sizes it to the EMV window size, like the rest of the modal. */
export function fitChallengeFrame(frame: HTMLIFrameElement, title: string, windowSize: ChallengeWindowSize): void {
  const size = challengeWindowSizes[windowSize];
  frame.title = title;
  frame.className = 'tessera-3ds__frame';
  if (typeof size.width === 'number') {
    frame.style.width = `${size.width}px`;
    frame.style.height = `${size.height}px`;
  }
}

/**
 * Calls `onRemoved` when the page takes the dialog out of the document (a framework re-render, a router), so the
 * challenge ends as cancelled and still cleans up. Returns the function that stops watching.
 */
export function watchDialogRemoval(dialog: HTMLDialogElement, onRemoved: () => void): () => void {
  const observer = new MutationObserver(() => {
    if (!dialog.isConnected) onRemoved();
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  return () => observer.disconnect();
}
