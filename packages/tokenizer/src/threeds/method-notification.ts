import { listen } from './event-listeners.js';

// The notifications web-threeds' listeners read (web-threeds 1.3.5, `NotificationType`).
const notificationTypes: readonly unknown[] = ['method', 'methodTimeout', 'startMethodTimeout', 'error', 'challenge'];

/**
 * Guards web-threeds' `createSession` when the card has a 3DS method: web-threeds then resolves with the `id` of the
 * first notification any window posts (a `method` one, say), and rejects on any `error` one, checking neither the
 * sender nor the session, so another frame of the page (an ad) could name the session the payment goes with, or
 * fail it. This listener, added before web-threeds adds its own, runs first and lets through only web-threeds' own
 * notifications (posted by this window: the first, `startMethodTimeout`, names the session) and those of its method
 * page (`sdkOrigin`, in the frame of `methodFrameContainer`) for that session: Basis Theory's method page passes on
 * what any frame posts to it. Returns the function that removes it.
 */
export function guardMethodNotifications(sdkOrigin: string): () => void {
  let sessionId: unknown;
  return listen([[window, 'message']], (event: MessageEvent) => {
    const data = event.data as { type?: unknown; id?: unknown } | null;
    if (!notificationTypes.includes(data?.type)) return;
    if (event.source === window) {
      sessionId ??= data?.type === 'startMethodTimeout' ? data.id : undefined;
      return;
    }
    const methodFrame = document.getElementById('methodFrameContainer')?.querySelector('iframe');
    const ours = event.origin === sdkOrigin && !!methodFrame && event.source === methodFrame.contentWindow && sessionId !== undefined && data?.id === sessionId;
    if (!ours) event.stopImmediatePropagation();
  });
}
