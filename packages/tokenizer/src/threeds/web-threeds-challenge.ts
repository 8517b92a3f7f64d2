import type { ChallengeWindowSize, ThreeDSChallenge } from '@tessera/core';
import { MAX_TIMER_MS } from '@tessera/core/internal';
import { CHALLENGE_FRAME_SANDBOX, sandboxFramesIn } from './frame-sandbox.js';
import { configureWebThreeds, type WebThreedsSetup } from './web-threeds.js';

/** One challenge run by web-threeds inside the modal. */
export interface WebThreedsChallenge {
  /**
   * Starts web-threeds' challenge in `container`: its iframe (sandboxed, or it throws), and the promise web-threeds
   * settles when its challenge ends.
   */
  start(container: HTMLElement, windowSize: ChallengeWindowSize, timeoutMs: number): { frame: HTMLIFrameElement | null; ended: Promise<unknown> };
  /** Removes what web-threeds keeps of it: its message listener, its timer, its containers in `<body>`. */
  release(): void;
}

/**
 * web-threeds' side of a challenge, for the modal to start once its container is in the page and to release when it
 * settles. web-threeds is configured for this challenge only (its settings are module-wide), and every iframe it
 * appends is sandboxed before it navigates.
 */
export function webThreedsChallenge(setup: WebThreedsSetup, challenge: ThreeDSChallenge): WebThreedsChallenge {
  let removeContainers = (): void => undefined;
  return {
    start(container, windowSize, timeoutMs) {
      const configured = configureWebThreeds(setup);
      removeContainers = configured.release;
      sandboxFramesIn(container);
      // Our timer decides the timeout; web-threeds' own one (which settles as an error) comes later.
      // The challenge is checkChallengeInput's copy: its four values, nothing else.
      const ended = configured.webThreeds.startChallenge({
        ...challenge,
        windowSize,
        containerId: container.id,
        timeout: Math.min(timeoutMs + 10_000, MAX_TIMER_MS),
      });
      // web-threeds made its iframe synchronously. One that is not sandboxed (a web-threeds that appends it another
      // way) is not run: fail closed.
      const frame = container.querySelector('iframe');
      if (frame && frame.getAttribute('sandbox') !== CHALLENGE_FRAME_SANDBOX) throw new Error('unsandboxed challenge frame');
      return { frame, ended };
    },
    release() {
      // web-threeds keeps a message listener and a timer until it sees a challenge notification, and after its error
      // path it keeps both for good. Hand it one, synchronously, so nothing of it outlives the modal.
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'challenge', id: challenge.sessionId, isCompleted: false } }));
      removeContainers();
    },
  };
}
