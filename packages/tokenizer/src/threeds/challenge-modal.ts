import type { ThreeDSChallenge } from '@tessera/core';
import { createChallengeDialog, defaultChallengeLabels, fitChallengeFrame, watchDialogRemoval } from './challenge-dialog.js';
import { listenForChallengeNotification } from './challenge-notification.js';
import type { StartChallengeOptions } from './challenge-options.js';
import { challengeEnded, type ChallengeResult } from './challenge-result.js';
import { TesseraChallengeError } from '../errors/errors.js';
import { listen } from './event-listeners.js';
import { rememberFocus, trapFocus } from './focus-trap.js';
import { watchRelayFrames } from './relay-watch.js';
import { lockScroll } from './scroll-lock.js';
import type { WebThreedsSetup } from './web-threeds.js';
import { webThreedsChallenge } from './web-threeds-challenge.js';

export type { ChallengeLabels, StartChallengeOptions } from './challenge-options.js';
export type { ChallengeFailureReason, ChallengeResult } from './challenge-result.js';

// One modal at a time; module state, so importing the package touches no DOM.
let challengeOpen = false;
let challengeCount = 0;

/**
 * Shows the 3DS challenge in a modal `<dialog>`, runs web-threeds' challenge inside it and resolves once with the
 * outcome. `createThreeDS().startChallenge` checked the challenge, the options (`checkChallengeInput`) and the DOM
 * before web-threeds loaded; see there for the full contract.
 */
export function openChallengeModal(challenge: ThreeDSChallenge, options: StartChallengeOptions, setup: WebThreedsSetup): Promise<ChallengeResult> {
  if (challengeOpen) return Promise.reject(new TesseraChallengeError('challenge_in_progress', 'A 3DS challenge is already open'));
  const { signal } = options;
  if (signal?.aborted) return Promise.resolve(challengeEnded('cancelled'));

  challengeOpen = true;
  const labels = { ...defaultChallengeLabels, ...options.labels };
  const windowSize = options.windowSize ?? '03';
  const timeoutMs = options.timeoutMs ?? 600_000;
  // The notification comes from web-threeds' challenge page, served from its sdkBaseUrl.
  const sdkOrigin = new URL(setup.config.sdkBaseUrl).origin;
  const { dialog, closeButton, container, guards } = createChallengeDialog(`tessera-3ds-${++challengeCount}`, labels, windowSize, options.nonce);
  const parent = options.container ?? document.body;
  const restoreFocus = rememberFocus(options.returnFocus, parent);
  const webThreeds = webThreedsChallenge(setup, challenge);

  return new Promise<ChallengeResult>((resolve) => {
    let settled = false;
    let frame: HTMLIFrameElement | null = null;
    let unlockScroll = (): void => undefined;
    // What the modal listens to and watches, each stopped when it settles.
    const stops: (() => void)[] = [];
    const settle = (result: ChallengeResult): void => {
      if (settled) return;
      settled = true;
      for (const stop of stops) stop();
      webThreeds.release();
      if (dialog.open) dialog.close();
      dialog.remove();
      unlockScroll();
      challengeOpen = false;
      try {
        restoreFocus();
      } finally {
        resolve(result);
      }
    };
    const cancel = (event: Event): void => {
      // ESC: keep the dialog open until settle removes it, so the outcome is decided in one place.
      if (event.type === 'cancel') event.preventDefault();
      settle(challengeEnded('cancelled'));
    };
    const timer = setTimeout(() => settle(challengeEnded('timeout')), timeoutMs);
    stops.push(
      // Added before web-threeds adds its own listener, so ours sees every notification first.
      listenForChallengeNotification(sdkOrigin, challenge.sessionId, () => frame, settle),
      listen([[dialog, 'cancel'], [dialog, 'close'], [closeButton, 'click'], [signal, 'abort']], cancel),
      trapFocus(guards, closeButton, () => frame ?? closeButton),
      () => clearTimeout(timer),
    );

    try {
      parent.append(dialog);
      dialog.showModal();
      unlockScroll = lockScroll();
      closeButton.focus();
      const running = webThreeds.start(container, windowSize, timeoutMs);
      frame = running.frame;
      if (frame) fitChallengeFrame(frame, labels.iframeTitle, windowSize);
      stops.push(watchRelayFrames(frame, () => settle(challengeEnded('error'))));
      // A verified notification settles first (our listener runs before web-threeds'); anything else that ends
      // web-threeds' challenge (its timeout, its error, a message we did not verify) is an error.
      const failed = (): void => settle(challengeEnded('error'));
      running.ended.then(failed, failed);
      stops.push(watchDialogRemoval(dialog, () => settle(challengeEnded('cancelled'))));
    } catch {
      settle(challengeEnded('error'));
    }
  });
}
