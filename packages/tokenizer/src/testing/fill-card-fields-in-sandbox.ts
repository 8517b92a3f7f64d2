import type { TestCardInput } from './test-card.js';

// The sandbox's element pages, by frame title, and the input ids (`targetId`s) each holds.
const framesByTitle: Record<string, [target: string, part: 'number' | 'expiry' | 'cvc'][]> = {
  'Card details': [
    ['cardNumber', 'number'],
    ['cardExpirationDate', 'expiry'],
    ['cardSecurityCode', 'cvc'],
  ],
  'Card number': [['cardNumber', 'number']],
  'Card expiration date': [['cardExpirationDate', 'expiry']],
  'Card security code': [['cardSecurityCode', 'cvc']],
};

/**
 * Types a test card into card fields mounted against the sandbox, from a test running in the page itself (Testing
 * Library, vitest browser mode), where a test cannot reach into a cross-origin frame: it posts the sandbox-only message
 * `{ type: 'tessera-sandbox:fill', value, target }` into each element frame inside `container`, which fills its input
 * as if typed. Sandbox only: Basis Theory's real frames ignore the message (use {@link fillCardFields} from Playwright
 * there). Call it after `mount()` resolved. The name goes into Tessera's `cc-name` input directly.
 */
export function fillCardFieldsInSandbox(container: Element, card: TestCardInput): void {
  let frames = 0;
  for (const frame of container.querySelectorAll('iframe')) {
    const parts = framesByTitle[frame.title];
    if (!parts || !frame.contentWindow) continue;
    frames += 1;
    const origin = new URL(frame.src, document.baseURI).origin;
    for (const [target, part] of parts) frame.contentWindow.postMessage({ type: 'tessera-sandbox:fill', value: card[part], target }, origin);
  }
  if (frames === 0) throw new Error('fillCardFieldsInSandbox found no sandbox card field frame in the container: mount the fields (environment "local") and await mount() first');
  const name = container.querySelector<HTMLInputElement>('input[autocomplete="cc-name"]');
  if (card.name !== undefined && name) {
    name.value = card.name;
    name.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
