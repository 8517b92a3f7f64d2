import { type ChallengeWindowSize, challengeWindowSizes, type ThreeDSChallenge } from '@tessera/core';
import { MAX_TIMER_MS } from '@tessera/core/internal';
import { TesseraChallengeError } from './errors.js';
import { CHALLENGE_FRAME_SANDBOX, sandboxFramesIn } from './frame-sandbox.js';
import { configureWebThreeds, type WebThreedsConfig, type WebThreedsModule } from './web-threeds.js';

/** Texts of the challenge modal; replace any of them to translate or rephrase. */
export interface ChallengeLabels {
  /** Title of the dialog (its accessible name). Default "Confirm your payment". */
  title: string;
  /** Accessible name of the close button. Default "Cancel verification". */
  close: string;
  /** `title` of the issuer's iframe. Default "Card issuer verification". */
  iframeTitle: string;
  /** Line under the title (the dialog's description). Default "Your bank asks you to confirm this payment.". */
  description: string;
}

const defaultLabels: ChallengeLabels = {
  title: 'Confirm your payment',
  close: 'Cancel verification',
  iframeTitle: 'Card issuer verification',
  description: 'Your bank asks you to confirm this payment.',
};

/** Options of `startChallenge`. */
export interface StartChallengeOptions {
  /** EMV challenge window size: `01` 250×400, `02` 390×400, `03` 500×600 (default), `04` 600×400, `05` full screen. */
  windowSize?: ChallengeWindowSize;
  /** Give up after this many milliseconds with reason `timeout`. Default 600000 (10 minutes). */
  timeoutMs?: number;
  /** Aborting it closes the modal with reason `cancelled`. */
  signal?: AbortSignal;
  /** Element the `<dialog>` is appended to. Default `document.body`. */
  container?: HTMLElement;
  /** Replacement texts. */
  labels?: Partial<ChallengeLabels>;
  /** CSP nonce for the modal's `<style>` element, when your `style-src` has no `'unsafe-inline'`. */
  nonce?: string;
}

/** Why a challenge did not authenticate. */
export type ChallengeFailureReason = 'cancelled' | 'timeout' | 'failed' | 'error';

/**
 * Outcome of a challenge. `success` is true when Basis Theory's notification says `authenticationStatus`
 * `successful` (or `attempted`). Otherwise `reason` says why: the customer `cancelled` (close button, ESC, abort
 * signal), the `timeout` passed, the authentication ended with another status (`failed`, with its
 * `authenticationStatus`), or web-threeds failed (`error`). `success` is a hint for the page, not proof: only the
 * payment's final status (polled by your server) decides whether money moved.
 */
export type ChallengeResult =
  | { success: true; authenticationStatus: string; reason: undefined }
  | { success: false; authenticationStatus: string | undefined; reason: ChallengeFailureReason };

/** How the modal runs web-threeds: its factory, the public key and its configuration. */
export interface ChallengeRunner {
  factory: WebThreedsModule['BasisTheory3ds'];
  publicKey: string;
  config: WebThreedsConfig & { sdkBaseUrl: string };
}

const styles = `.tessera-3ds{padding:0;border:0;border-radius:var(--tessera-3ds-radius,12px);background:var(--tessera-3ds-background,#fff);color:var(--tessera-3ds-color,#1a1a1a);font-family:var(--tessera-3ds-font-family,system-ui,sans-serif);box-shadow:var(--tessera-3ds-shadow,0 10px 40px rgba(0,0,0,.3));max-width:100vw;max-height:100dvh;overflow:auto;box-sizing:border-box}.tessera-3ds::backdrop{background:var(--tessera-3ds-backdrop,rgba(15,23,42,.6))}.tessera-3ds__header{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:8px 8px 0 16px}.tessera-3ds__title{margin:0;font-size:var(--tessera-3ds-title-size,1.05rem)}.tessera-3ds__description{margin:0;padding:0 16px 8px;font-size:.875rem;opacity:.8}.tessera-3ds__close{min-width:44px;min-height:44px;border:0;border-radius:8px;background:transparent;color:inherit;font-size:1.5rem;line-height:1;cursor:pointer}.tessera-3ds__close:focus-visible{outline:2px solid var(--tessera-3ds-focus-color,#2563eb);outline-offset:2px}.tessera-3ds__frame{display:block;border:0;max-width:100%;background:#fff}.tessera-3ds--full,.tessera-3ds--full .tessera-3ds__frame{width:100vw;height:100dvh}@media (max-width:600px){.tessera-3ds{width:100vw;height:100dvh;max-height:none;margin:0;border-radius:0}.tessera-3ds__frame{width:100%!important;height:calc(100dvh - 90px)!important}}`;


// One modal at a time; module state, so importing the package touches no DOM.
let challengeOpen = false;
let challengeCount = 0;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Reads web-threeds' challenge notification (`{ type: 'challenge', id, isCompleted: true, authenticationStatus }`)
 * for the session `sessionId`: the outcome, or `undefined` for any other message.
 */
export function readChallengeNotification(data: unknown, sessionId: string): ChallengeResult | undefined {
  const message = data as { type?: unknown; id?: unknown; isCompleted?: unknown; authenticationStatus?: unknown } | null;
  if (message?.type !== 'challenge' || message.id !== sessionId || message.isCompleted !== true) return undefined;
  const status = typeof message.authenticationStatus === 'string' ? message.authenticationStatus : undefined;
  return status === 'successful' || status === 'attempted'
    ? { success: true, authenticationStatus: status, reason: undefined }
    : { success: false, authenticationStatus: status, reason: 'failed' };
}

/**
 * Shows the 3DS challenge in a modal `<dialog>`, runs web-threeds' `startChallenge` inside it (its `containerId`)
 * and resolves once with the outcome. The challenge and the options were checked by `checkChallengeInput` (in
 * `createThreeDS().startChallenge`, before web-threeds loads). See there for the full contract.
 */
export function openChallengeModal(challenge: ThreeDSChallenge, options: StartChallengeOptions, runner: ChallengeRunner): Promise<ChallengeResult> {
  if (typeof document === 'undefined' || typeof window === 'undefined') {
    return Promise.reject(new TesseraChallengeError('no_dom', 'startChallenge needs a browser document'));
  }
  if (challengeOpen) {
    return Promise.reject(new TesseraChallengeError('challenge_in_progress', 'A 3DS challenge is already open'));
  }
  const { signal } = options;
  if (signal?.aborted) return Promise.resolve({ success: false, authenticationStatus: undefined, reason: 'cancelled' });

  challengeOpen = true;
  const id = `tessera-3ds-${++challengeCount}`;
  const labels = { ...defaultLabels, ...options.labels };
  const windowSize = options.windowSize ?? '03';
  const size = challengeWindowSizes[windowSize];
  const timeoutMs = options.timeoutMs ?? 600_000;
  // The notification comes from web-threeds' challenge page, served from its sdkBaseUrl.
  const sdkOrigin = new URL(runner.config.sdkBaseUrl).origin;

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
  dialog.append(element('style', options.nonce ? { nonce: options.nonce } : {}, styles), startGuard, header, description, container, endGuard);

  const root = document.documentElement;
  const previousOverflow = root.style.overflow;
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;

  return new Promise<ChallengeResult>((resolve) => {
    let settled = false;
    let frame: HTMLIFrameElement | null = null;
    let release = (): void => undefined;
    const timer = setTimeout(() => settle({ success: false, authenticationStatus: undefined, reason: 'timeout' }), timeoutMs);
    let observer: MutationObserver | undefined;
    let relayWatch: ReturnType<typeof setInterval> | undefined;
    // Every listener of the modal, added when it opens and removed when it settles.
    const listeners: [EventTarget | undefined, string, (event: never) => void][] = [
      [window, 'message', onMessage],
      [dialog, 'cancel', onCancel],
      [dialog, 'close', onClose],
      [closeButton, 'click', onCancel],
      [startGuard, 'focus', focusLast],
      [endGuard, 'focus', focusFirst],
      [signal, 'abort', onCancel],
    ];

    const settle = (result: ChallengeResult): void => {
      if (settled) return;
      settled = true;
      for (const [target, type, listener] of listeners) target?.removeEventListener(type, listener as EventListener);
      clearTimeout(timer);
      clearInterval(relayWatch);
      observer?.disconnect();
      // web-threeds keeps a message listener and a timer until it sees a challenge notification, and after its error
      // path it keeps both for good. Hand it one, synchronously, so nothing of it outlives the modal.
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'challenge', id: challenge.sessionId, isCompleted: false } }));
      release();
      if (dialog.open) dialog.close();
      dialog.remove();
      root.style.overflow = previousOverflow;
      challengeOpen = false;
      if (previousFocus?.isConnected) previousFocus.focus();
      resolve(result);
    };

    function onMessage(event: MessageEvent): void {
      const data = event.data as { type?: unknown } | null;
      if (data?.type !== 'challenge' && data?.type !== 'error') return;
      // Two checks: the sender is web-threeds' challenge page (origin), and it is the one in our modal (source).
      // web-threeds itself checks neither, so a notification that fails them never reaches its listener (ours runs
      // first): no other frame can end the challenge.
      if (event.origin !== sdkOrigin || !frame || event.source !== frame.contentWindow) {
        event.stopImmediatePropagation();
        return;
      }
      const result = readChallengeNotification(data, challenge.sessionId);
      if (result) settle(result);
      // A notification of another session (or an unfinished one) is not ours: web-threeds would resolve on it, and
      // Basis Theory's relay page passes on whatever any frame posts to it.
      else if (data.type === 'challenge') event.stopImmediatePropagation();
    }
    function onCancel(event: Event): void {
      // ESC: keep the dialog open until settle removes it, so the outcome is decided in one place.
      if (event.type === 'cancel') event.preventDefault();
      settle({ success: false, authenticationStatus: undefined, reason: 'cancelled' });
    }
    function onClose(): void {
      settle({ success: false, authenticationStatus: undefined, reason: 'cancelled' });
    }
    function focusFirst(): void {
      closeButton.focus();
    }
    function focusLast(): void {
      (frame ?? closeButton).focus();
    }

    for (const [target, type, listener] of listeners) target?.addEventListener(type, listener as EventListener);

    try {
      (options.container ?? document.body).append(dialog);
      dialog.showModal();
      root.style.overflow = 'hidden';
      closeButton.focus();
      const configured = configureWebThreeds(runner.factory, runner.publicKey, runner.config);
      release = configured.release;
      sandboxFramesIn(container);
      // Our timer decides the timeout; web-threeds' own one (which settles as an error) comes later.
      const running = configured.webThreeds.startChallenge({
        sessionId: challenge.sessionId,
        acsChallengeUrl: challenge.acsChallengeUrl,
        acsTransactionId: challenge.acsTransactionId,
        threeDSVersion: challenge.threeDSVersion,
        windowSize,
        containerId: container.id,
        timeout: Math.min(timeoutMs + 10_000, MAX_TIMER_MS),
      });
      // web-threeds made its iframe synchronously; name it and size it like the rest of the modal. An iframe that is
      // not sandboxed (a web-threeds that appends it another way) is not run: fail closed.
      frame = container.querySelector('iframe');
      if (frame && frame.getAttribute('sandbox') !== CHALLENGE_FRAME_SANDBOX) throw new Error('unsandboxed challenge frame');
      if (frame) {
        frame.title = labels.iframeTitle;
        frame.className = 'tessera-3ds__frame';
        if (typeof size.width === 'number') {
          frame.style.width = `${size.width}px`;
          frame.style.height = `${size.height}px`;
        }
      }
      // Basis Theory's relay page form-POSTs every startChallenge it is sent, from any frame, into a frame of its
      // own: a second one means another frame put its page into the dialog. Child frames can be counted across
      // origins, so end the challenge as soon as there is more than one.
      relayWatch = setInterval(() => {
        if ((frame?.contentWindow?.length ?? 0) > 1) settle({ success: false, authenticationStatus: undefined, reason: 'error' });
      }, 100);
      // A verified notification settles first (our listener runs before web-threeds'); anything else that ends
      // web-threeds' challenge (its timeout, its error, a message we did not verify) is an error.
      const failed = (): void => settle({ success: false, authenticationStatus: undefined, reason: 'error' });
      running.then(failed, failed);
      // If the page removes the dialog (a framework re-render, a router), treat it as a cancel and clean up.
      observer = new MutationObserver(() => {
        if (!dialog.isConnected) settle({ success: false, authenticationStatus: undefined, reason: 'cancelled' });
      });
      observer.observe(root, { childList: true, subtree: true });
    } catch {
      settle({ success: false, authenticationStatus: undefined, reason: 'error' });
    }
  });
}
