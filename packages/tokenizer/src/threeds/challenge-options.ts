import type { ChallengeWindowSize } from '@tessera/core';

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
  /**
   * Where focus goes when the modal closes: an element, or a function called then (for an element your page
   * re-rendered meanwhile). When it gives none, or one that cannot take focus, focus goes back to the element that
   * had it when the challenge started (your "Pay" button), if that one still can (in the page, not disabled, not
   * hidden); else to `container`, which takes focus for that (a `tabindex="-1"` until it loses focus again). With the
   * default container (`document.body`) that last step is the browser's own: nothing is focused, so give a target
   * here when your page disables or removes its Pay button while paying.
   */
  returnFocus?: HTMLElement | (() => HTMLElement | null);
}
