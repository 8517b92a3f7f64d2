// Browser-side test helpers: the sandbox's relay page test and the tokenizer's 3DS tests post to a frame from another
// origin, and wait for the messages posted to the page.

/**
 * Runs `script` in a frame of another origin (opaque: sandboxed with scripts only) appended to this page, and
 * resolves with the frame once the script has run. The caller removes the frame.
 */
export async function runInForeignFrame(script: string): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  const done = new Promise<void>((resolve) => {
    const onMessage = (event: MessageEvent): void => {
      if (event.data !== 'foreign-done') return;
      window.removeEventListener('message', onMessage);
      resolve();
    };
    window.addEventListener('message', onMessage);
  });
  frame.srcdoc = `<script>${script}; parent.postMessage('foreign-done', '*');</script>`;
  document.body.append(frame);
  await done;
  return frame;
}

/**
 * Resolves once every message posted to this page before this call has been dispatched: messages from one sender keep
 * their order, so a marker posted by `sender` (default this page) arrives after them.
 */
export function flushMessages(sender: Window = window): Promise<void> {
  const marker = `flush-${Math.random()}`;
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent): void => {
      if (event.data !== marker) return;
      window.removeEventListener('message', onMessage);
      resolve();
    };
    window.addEventListener('message', onMessage);
    sender.postMessage(marker, '*');
  });
}
