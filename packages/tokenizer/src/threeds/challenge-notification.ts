import type { ChallengeResult } from './challenge-result.js';
import { listen } from './event-listeners.js';

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
 * Listens on `window` for the notifications of web-threeds' challenge page (`challenge` and `error` messages) and
 * hands `onResult` the outcome of session `sessionId`. web-threeds itself checks neither the sender nor the session,
 * so this listener must be added before web-threeds adds its own: it runs first and stops every notification that
 * is not ours from reaching web-threeds, so no other frame can end the challenge. Returns the function that removes it.
 */
export function listenForChallengeNotification(sdkOrigin: string, sessionId: string, frame: () => HTMLIFrameElement | null, onResult: (result: ChallengeResult) => void): () => void {
  const onMessage = (event: MessageEvent): void => {
    const data = event.data as { type?: unknown } | null;
    if (data?.type !== 'challenge' && data?.type !== 'error') return;
    // Two checks: the sender is web-threeds' challenge page (origin), and it is the one in our modal (source).
    const challengeFrame = frame();
    if (event.origin !== sdkOrigin || !challengeFrame || event.source !== challengeFrame.contentWindow) {
      event.stopImmediatePropagation();
      return;
    }
    const result = readChallengeNotification(data, sessionId);
    if (result) onResult(result);
    // A notification of another session (or an unfinished one) is not ours: web-threeds would resolve on it, and
    // Basis Theory's relay page passes on whatever any frame posts to it.
    else if (data.type === 'challenge') event.stopImmediatePropagation();
  };
  return listen([[window, 'message']], onMessage);
}
