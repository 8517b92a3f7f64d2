/**
 * The `sandbox` of web-threeds' iframes: scripts, forms and their own origin (web-threeds' page posts its form into
 * the ACS frame and relays the ACS's notification, whose origin the modal checks), nothing else: no popups (a window
 * the ACS opened would keep its `opener`), no top-level navigation, no modal dialogs, no downloads. The ACS frame
 * inside web-threeds' page inherits these flags. Chromium warns that a frame with both `allow-scripts` and
 * `allow-same-origin` can lift its own sandbox: only a page of the embedding page's origin can, and this one is Basis
 * Theory's (`sdkBaseUrl`). Without `allow-same-origin` the frame's origin is opaque: the notification's origin is
 * `null` (the modal's origin check fails), the sandbox's relay page refuses the ACS, and no challenge completes.
 */
export const CHALLENGE_FRAME_SANDBOX = 'allow-scripts allow-forms allow-same-origin';

/**
 * Makes every iframe appended to `container` sandboxed ({@link CHALLENGE_FRAME_SANDBOX}) as it is appended, before
 * anything sets its `src`: web-threeds creates its iframe with no `sandbox`, appends it (`appendChild`) and only then
 * navigates it, and sandbox flags set after a navigation starts do not apply to it.
 */
export function sandboxFramesIn(container: HTMLElement): void {
  const sandboxed = <T extends Node>(node: T): T => {
    if (node instanceof HTMLIFrameElement) node.setAttribute('sandbox', CHALLENGE_FRAME_SANDBOX);
    return node;
  };
  container.appendChild = <T extends Node>(node: T): T => HTMLElement.prototype.appendChild.call(container, sandboxed(node)) as T;
  container.append = (...nodes: (Node | string)[]): void => HTMLElement.prototype.append.apply(container, nodes.map((node) => (typeof node === 'string' ? node : sandboxed(node))));
}
