import type * as frames from './bt-client-frames.js';
import type { BtClient, ElementInternals } from './bt-client-state.js';

// Parts of the Basis Theory Elements emulation's client (`./bt-elements-client.ts`, served beside it): an element's
// frame, mounted into the page and unmounted.

declare const settleMount: typeof frames.settleMount;

/** `mount(target)`: the element's page in an iframe in `target` (a selector or an element), ready when it says so. */
export function mountElement(client: BtClient, internals: ElementInternals, target: string | Element): Promise<void> {
  const { BasisTheoryValidationError } = client.errors;
  if (internals.frame) return Promise.reject(new BasisTheoryValidationError('This element is already mounted', {}));
  let container: Element | null;
  try {
    container = typeof target === 'string' ? document.querySelector(target) : target;
  } catch {
    container = null;
  }
  if (!container || typeof container.appendChild !== 'function') {
    return Promise.reject(new BasisTheoryValidationError('The element could not be mounted: no DOM element matches the target', {}));
  }
  const emulated = internals.type;
  const page = client.pages[emulated];
  const frame = document.createElement('iframe');
  const label: unknown = internals.options.title || internals.options['aria-label'] || page.title;
  frame.title = emulated === 'text' ? String(label) : page.title;
  frame.name = 'tessera-bt-' + internals.id;
  frame.src = client.hostedBase + page.file;
  frame.style.border = '0';
  frame.style.width = '100%';
  frame.style.height = '2.75em';
  frame.style.display = 'block';
  frame.style.overflow = 'hidden';
  internals.frame = frame;
  internals.ready = false;
  const mounted = new Promise<void>((resolve, reject) => {
    internals.mounting = { resolve, reject };
  });
  container.appendChild(frame);
  return mounted;
}

/** `unmount()`: the frame removed; a mount or a tokenization it leads waiting rejects. */
export function unmountElement(client: BtClient, internals: ElementInternals): void {
  const { BasisTheoryValidationError } = client.errors;
  if (internals.frame) internals.frame.remove();
  internals.frame = null;
  internals.ready = false;
  settleMount(internals, new BasisTheoryValidationError('The element was unmounted before it was ready', {}));
  Object.keys(client.requests).forEach((id) => {
    const request = client.requests[id];
    if (!request || request.leader !== internals) return;
    delete client.requests[id];
    request.reject(new BasisTheoryValidationError('An element of the token was unmounted before it was tokenized', {}));
  });
}
