import { describe, expect, it } from 'vitest';

describe('server-side rendering', () => {
  it('imports every entry without a window or document and without loading optional peers', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
    const main = await import('./index.js');
    const react = await import('./react/index.js');
    const fields = await import('./fields.js');
    const testing = await import('./testing.js');
    const wallets = await import('./wallets.js');
    expect(typeof testing.fillCardFields).toBe('function');
    expect(typeof main.createTokenizer).toBe('function');
    expect(typeof main.createThreeDS).toBe('function');
    expect(typeof react.useTokenizer).toBe('function');
    expect(wallets.isApplePayAvailable()).toBe(false);
    // Wallet buttons created and mounted during SSR load nothing and show nothing, without a throw.
    const buttons = wallets.createWalletButtons({ environment: 'local', request: { amount: 100, currency: 'USD', country: 'US', label: 'Shop' }, onToken: () => undefined });
    const mounted = await buttons.mount('#wallets');
    expect(mounted.shown).toEqual([]);
    expect(mounted.notShown.apple_pay).toMatchObject({ name: 'TesseraWalletError', reason: 'not_available' });
    // Creating clients during SSR is fine too: nothing touches the DOM until a challenge starts.
    expect(() => main.createThreeDS({ environment: 'local' })).not.toThrow();
    expect(() => main.createTokenizer({ environment: 'local' })).not.toThrow();
    // Card fields too: created during SSR, refused with a typed error if mounted without a DOM, never loading the peer.
    const cardFields = fields.createCardFields({ environment: 'local', loadWebElements: () => Promise.reject(new Error('loaded during SSR')) });
    await expect(cardFields.mount({ card: '#card' })).rejects.toMatchObject({ code: 'fields_no_dom' });
    // The React component renders its containers on the server; it mounts only in the browser (an effect).
    const { renderToString } = await import('react-dom/server');
    const { createElement } = await import('react');
    expect(renderToString(createElement(react.WalletButtons, { buttons, className: 'wallets' }))).toBe('<div class="wallets"></div>');
    expect(renderToString(createElement(react.CardFields, { fields: cardFields, layout: 'split' }))).toBe(
      '<div><div data-tessera-field="number"></div><div data-tessera-field="expiry"></div><div data-tessera-field="cvc"></div><div data-tessera-field="name"></div></div>',
    );
  });

  it('renders every hook and PaymentResult on the server without a throw', async () => {
    const react = await import('./react/index.js');
    const { createTessera } = await import('./client.js');
    const { renderToString } = await import('react-dom/server');
    const { createElement } = await import('react');
    const tessera = createTessera({ environment: 'local' });
    const challenge = { sessionId: 's', acsChallengeUrl: 'https://acs.example/c', acsTransactionId: 't', threeDSVersion: '2.2.0' };
    function Checkout() {
      const { pay, paying } = react.usePay(tessera);
      react.useTokenizer({ environment: 'local' });
      react.useConfirmPayment({ environment: 'local', loadWebThreeds: () => Promise.reject(new Error('loaded during SSR')) });
      react.useThreeDSChallenge({ environment: 'local', challenge });
      const buttons = react.useWalletButtons(tessera, { request: { amount: 100, currency: 'USD', country: 'US', label: 'Shop' }, onToken: (tokenized) => void pay({ tokenized, orderRef: 'cart_1' }) });
      react.useCardFieldsState(undefined);
      return createElement('div', null, String(paying), createElement(react.WalletButtons, { buttons }), createElement(react.PaymentResult, { result: { status: 'succeeded', payment: { amount: 1999, currency: 'USD' } } }));
    }
    expect(renderToString(createElement(Checkout))).toContain('$19.99 paid');
  });
});
