/**
 * Watches for a second page in the challenge. Basis Theory's relay page form-POSTs every startChallenge it is sent,
 * from any frame, into a frame of its own: a second one means another frame put its page into the dialog. Child
 * frames can be counted across origins, so `onSecondPage` runs as soon as `frame` holds more than one. Returns the
 * function that stops watching.
 */
export function watchRelayFrames(frame: HTMLIFrameElement | null, onSecondPage: () => void): () => void {
  const watch = setInterval(() => {
    if ((frame?.contentWindow?.length ?? 0) > 1) onSecondPage();
  }, 100);
  return () => clearInterval(watch);
}
