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

/** The outcome of a challenge that ended before Basis Theory said anything (cancel, timeout, error). */
export const challengeEnded = (reason: ChallengeFailureReason): ChallengeResult => ({ success: false, authenticationStatus: undefined, reason });
