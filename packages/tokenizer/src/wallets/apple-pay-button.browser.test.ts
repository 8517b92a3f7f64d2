import { afterEach, describe, expect, inject, it } from 'vitest';
import { createWalletButtons } from '../wallets.js';

// Apple Pay JS defines <apple-pay-button>: the buttons then use Apple's own element (a file of its own, as a custom
// element cannot be undefined).
const sandboxUrl = inject('sandboxUrl');
type Stubbed = typeof globalThis & { ApplePaySession?: unknown };
afterEach(() => {
  delete (globalThis as Stubbed).ApplePaySession;
});

describe("Apple's own button", () => {
  it('renders <apple-pay-button> with its style, type and the page language when Apple Pay JS defined it', async () => {
    customElements.define('apple-pay-button', class extends HTMLElement {});
    (globalThis as Stubbed).ApplePaySession = Object.assign(function ApplePaySession() {}, { canMakePayments: () => true, STATUS_SUCCESS: 0, STATUS_FAILURE: 1 });
    document.documentElement.lang = 'fr-FR';
    const container = document.createElement('div');
    document.body.append(container);
    const buttons = createWalletButtons({ environment: 'development', vaultUrl: sandboxUrl, wallets: ['apple_pay'], applePay: { buttonType: 'buy', buttonStyle: 'white' }, request: { amount: 100, currency: 'EUR', country: 'FR', label: 'Boutique' }, onToken: () => undefined });
    await expect(buttons.mount(container)).resolves.toEqual({ shown: ['apple_pay'], notShown: {} });
    const button = container.querySelector('apple-pay-button')!;
    expect([button.getAttribute('buttonstyle'), button.getAttribute('type'), button.getAttribute('locale'), button.getAttribute('aria-label')]).toEqual(['white', 'buy', 'fr-FR', 'Buy with Apple Pay']);
    expect(document.querySelector('script[src*="apple-pay-sdk"]')).toBeNull();
    buttons.unmount();
    // Named by what Apple's button says, whatever the type: "Set up Apple Pay", "Check out with Apple Pay".
    for (const [buttonType, name] of [['set-up', 'Set up Apple Pay'], ['check-out', 'Check out with Apple Pay'], ['plain', 'Apple Pay']] as const) {
      const again = createWalletButtons({ environment: 'development', vaultUrl: sandboxUrl, wallets: ['apple_pay'], applePay: { buttonType }, request: { amount: 100, currency: 'EUR', country: 'FR', label: 'Boutique' }, onToken: () => undefined });
      await again.mount(container);
      expect(container.querySelector('apple-pay-button')!.getAttribute('aria-label')).toBe(name);
      again.unmount();
    }
  });
});
