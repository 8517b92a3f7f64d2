import {
  type ChallengeCompletionMessage,
  type ChallengeWindowSize,
  challengeWindowSizes,
  encodeChallengeRequest,
  type FieldError,
  MAX_TIMER_MS,
  TesseraValidationError,
  type ThreeDSChallenge,
} from '@tessera/core';
import { loopbackHosts } from './environment.js';
import { TesseraChallengeError } from './errors.js';

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

/** EMV `transStatus` of the completion message. */
export type ChallengeTransStatus = ChallengeCompletionMessage['transStatus'];

/**
 * Outcome of a challenge. `success` is true only when the ACS answered `transStatus: 'Y'`. Otherwise `reason` says
 * why: the customer `cancelled` (close button, ESC, abort signal), the `timeout` passed, the ACS answered something
 * else than `Y` (`failed`, with its `status`), or the ACS sent a malformed completion (`error`).
 */
export type ChallengeResult =
  | { success: true; status: 'Y'; reason: undefined }
  | { success: false; status: ChallengeTransStatus | undefined; reason: ChallengeFailureReason };

const styles = `.tessera-3ds{padding:0;border:0;border-radius:var(--tessera-3ds-radius,12px);background:var(--tessera-3ds-background,#fff);color:var(--tessera-3ds-color,#1a1a1a);font-family:var(--tessera-3ds-font-family,system-ui,sans-serif);box-shadow:var(--tessera-3ds-shadow,0 10px 40px rgba(0,0,0,.3));max-width:100vw;max-height:100dvh;overflow:auto;box-sizing:border-box}.tessera-3ds::backdrop{background:var(--tessera-3ds-backdrop,rgba(15,23,42,.6))}.tessera-3ds__header{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:8px 8px 0 16px}.tessera-3ds__title{margin:0;font-size:var(--tessera-3ds-title-size,1.05rem)}.tessera-3ds__description{margin:0;padding:0 16px 8px;font-size:.875rem;opacity:.8}.tessera-3ds__close{min-width:44px;min-height:44px;border:0;border-radius:8px;background:transparent;color:inherit;font-size:1.5rem;line-height:1;cursor:pointer}.tessera-3ds__close:focus-visible{outline:2px solid var(--tessera-3ds-focus-color,#2563eb);outline-offset:2px}.tessera-3ds__frame{display:block;border:0;max-width:100%;background:#fff}.tessera-3ds--full,.tessera-3ds--full .tessera-3ds__frame{width:100vw;height:100dvh}@media (max-width:600px){.tessera-3ds{width:100vw;height:100dvh;max-height:none;margin:0;border-radius:0}.tessera-3ds__frame{width:100%!important;height:calc(100dvh - 90px)!important}}`;


// One modal at a time; module state, so importing the package touches no DOM.
let challengeOpen = false;
let challengeCount = 0;

function validateChallenge(challenge: ThreeDSChallenge, options: StartChallengeOptions): URL {
  const fields: FieldError[] = [];
  const input = (challenge ?? {}) as Partial<ThreeDSChallenge>;
  for (const field of ['sessionId', 'acsTransactionId', 'threeDSVersion', 'acsChallengeUrl'] as const) {
    if (typeof input[field] !== 'string' || input[field].trim() === '') fields.push({ field, code: 'required', message: 'is required' });
  }
  let url: URL | undefined;
  if (typeof input.acsChallengeUrl === 'string' && input.acsChallengeUrl !== '') {
    try {
      url = new URL(input.acsChallengeUrl);
    } catch {
      url = undefined;
    }
    // Plain http only for a local ACS (the sandbox); a real ACS is always https.
    if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname)))) {
      fields.push({ field: 'acsChallengeUrl', code: 'invalid_format', message: 'must be an https URL' });
    }
  }
  if (options.windowSize !== undefined && !Object.prototype.hasOwnProperty.call(challengeWindowSizes, options.windowSize)) {
    fields.push({ field: 'windowSize', code: 'invalid_value', message: 'must be "01" to "05"' });
  }
  if (options.timeoutMs !== undefined && !(options.timeoutMs > 0 && options.timeoutMs <= MAX_TIMER_MS)) {
    fields.push({ field: 'timeoutMs', code: 'invalid_value', message: `must be from 1 to ${MAX_TIMER_MS}` });
  }
  if (fields.length > 0 || !url) throw new TesseraValidationError(fields);
  return url;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Reads a completion message (object or JSON string); `undefined` for unrelated messages, `malformed` for a broken one. */
export function readCompletion(data: unknown): ChallengeCompletionMessage | 'malformed' | undefined {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if ((value as { type?: unknown } | null)?.type !== 'tessera:3ds-challenge-complete') return undefined;
  // Checked by hand (core's `challengeCompletionMessage` shape) so the modal does not pull zod into the bundle.
  const { acsTransID, threeDSServerTransID, transStatus } = value as Partial<Record<string, unknown>>;
  return typeof acsTransID === 'string' && typeof threeDSServerTransID === 'string' && ['Y', 'N', 'R', 'U', 'A'].includes(transStatus as string)
    ? { type: 'tessera:3ds-challenge-complete', acsTransID, threeDSServerTransID, transStatus: transStatus as ChallengeCompletionMessage['transStatus'] }
    : 'malformed';
}

/**
 * Shows the EMV 3DS browser challenge in a modal `<dialog>` and resolves once with its outcome. See
 * `createThreeDS().startChallenge` for the full contract.
 * @param allowedOrigins origins besides the ACS URL's own that may post the completion message.
 */
export function openChallengeModal(challenge: ThreeDSChallenge, options: StartChallengeOptions = {}, allowedOrigins: readonly string[] = []): Promise<ChallengeResult> {
  if (typeof document === 'undefined' || typeof window === 'undefined') {
    return Promise.reject(new TesseraChallengeError('no_dom', 'startChallenge needs a browser document'));
  }
  let acsUrl: URL;
  try {
    acsUrl = validateChallenge(challenge, options);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  if (challengeOpen) {
    return Promise.reject(new TesseraChallengeError('challenge_in_progress', 'A 3DS challenge is already open'));
  }
  const { signal } = options;
  if (signal?.aborted) return Promise.resolve({ success: false, status: undefined, reason: 'cancelled' });

  challengeOpen = true;
  const id = `tessera-3ds-${++challengeCount}`;
  const labels = { ...defaultLabels, ...options.labels };
  const windowSize = options.windowSize ?? '03';
  const size = challengeWindowSizes[windowSize];
  const origins = new Set([acsUrl.origin, ...allowedOrigins]);

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
  const iframe = element('iframe', {
    name: `${id}-frame`,
    title: labels.iframeTitle,
    class: 'tessera-3ds__frame',
    sandbox: 'allow-scripts allow-forms allow-same-origin allow-popups',
  });
  if (typeof size.width === 'number') {
    iframe.style.width = `${size.width}px`;
    iframe.style.height = `${size.height}px`;
  }
  const form = element('form', { method: 'post', action: acsUrl.href, target: `${id}-frame`, hidden: '' });
  form.append(
    element('input', {
      type: 'hidden',
      name: 'creq',
      value: encodeChallengeRequest({
        threeDSServerTransID: challenge.sessionId,
        acsTransID: challenge.acsTransactionId,
        messageType: 'CReq',
        messageVersion: challenge.threeDSVersion,
        challengeWindowSize: windowSize,
      }),
    }),
  );
  header.append(title, closeButton);
  dialog.append(element('style', options.nonce ? { nonce: options.nonce } : {}, styles), startGuard, header, description, iframe, form, endGuard);

  const root = document.documentElement;
  const previousOverflow = root.style.overflow;
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;

  return new Promise<ChallengeResult>((resolve) => {
    let settled = false;
    const timer = setTimeout(() => settle({ success: false, status: undefined, reason: 'timeout' }), options.timeoutMs ?? 600_000);
    let observer: MutationObserver | undefined;

    const settle = (result: ChallengeResult): void => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
      closeButton.removeEventListener('click', onCancel);
      startGuard.removeEventListener('focus', focusLast);
      endGuard.removeEventListener('focus', focusFirst);
      signal?.removeEventListener('abort', onCancel);
      clearTimeout(timer);
      observer?.disconnect();
      if (dialog.open) dialog.close();
      dialog.remove();
      root.style.overflow = previousOverflow;
      challengeOpen = false;
      if (previousFocus?.isConnected) previousFocus.focus();
      resolve(result);
    };

    function onMessage(event: MessageEvent): void {
      // Two checks: the sender's origin is allow-listed, and the sender is our iframe (not another frame of that origin).
      if (!origins.has(event.origin) || event.source !== iframe.contentWindow) return;
      const completion = readCompletion(event.data);
      if (completion === undefined) return;
      if (completion === 'malformed') {
        settle({ success: false, status: undefined, reason: 'error' });
        return;
      }
      if (completion.acsTransID !== challenge.acsTransactionId) return;
      settle(
        completion.transStatus === 'Y'
          ? { success: true, status: 'Y', reason: undefined }
          : { success: false, status: completion.transStatus, reason: 'failed' },
      );
    }
    function onCancel(event: Event): void {
      // ESC: keep the dialog open until settle removes it, so the outcome is decided in one place.
      if (event.type === 'cancel') event.preventDefault();
      settle({ success: false, status: undefined, reason: 'cancelled' });
    }
    function onClose(): void {
      settle({ success: false, status: undefined, reason: 'cancelled' });
    }
    function focusFirst(): void {
      closeButton.focus();
    }
    function focusLast(): void {
      iframe.focus();
    }

    window.addEventListener('message', onMessage);
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    closeButton.addEventListener('click', onCancel);
    startGuard.addEventListener('focus', focusLast);
    endGuard.addEventListener('focus', focusFirst);
    signal?.addEventListener('abort', onCancel);

    try {
      (options.container ?? document.body).append(dialog);
      dialog.showModal();
      root.style.overflow = 'hidden';
      closeButton.focus();
      form.submit();
      // If the page removes the dialog (a framework re-render, a router), treat it as a cancel and clean up.
      observer = new MutationObserver(() => {
        if (!dialog.isConnected) settle({ success: false, status: undefined, reason: 'cancelled' });
      });
      observer.observe(root, { childList: true, subtree: true });
    } catch {
      settle({ success: false, status: undefined, reason: 'error' });
    }
  });
}
