// A browser-side test helper: the sandbox's relay page test and the tokenizer's challenge modal test both post to a
// frame from another origin.

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
