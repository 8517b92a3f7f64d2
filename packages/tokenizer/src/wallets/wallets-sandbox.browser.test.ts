import { decodeServiceToken } from '@tessera/core';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { commands, userEvent } from 'vitest/browser';
import { loadWebThreeds } from '../basis-theory.js';
import { createTessera } from '../client.js';
import type { ConfirmPaymentResult } from '../confirm/confirm-payment.js';
import { createWalletButtons, type WalletButtonsOptions, type WalletPaymentResult } from '../wallets.js';

// The wallet buttons with `environment: 'local'` against the sandbox's stand-ins for Apple Pay JS and Google's pay.js
// (loaded from the sandbox's origin) and their test sheet, the customer played through Playwright: merchant
// validation, sheet, token, the vault, the merchant server's payment. Offline, as a merchant's CI runs it.
const sandboxUrl = inject('sandboxUrl');
const request = { amount: 1999, currency: 'USD', country: 'US', label: 'Tessera shop', emailRequired: true };

afterEach(() => {
  document.body.replaceChildren();
});

function buttons(options: Partial<WalletButtonsOptions> = {}) {
  const onToken = vi.fn<(result: WalletPaymentResult) => void>();
  const onError = vi.fn<(error: unknown) => void>();
  const container = document.createElement('div');
  document.body.append(container);
  return { container, onToken, onError, buttons: createWalletButtons({ environment: 'local', vaultUrl: sandboxUrl, request, onToken, onError, ...options }) };
}
/** The wallet's button: Apple's <apple-pay-button> or Safari's CSS button; Google's createButton has a <button> inside. */
const buttonOf = (container: Element, wallet: string): HTMLElement => {
  const holder = container.querySelector(`[data-tessera-wallet="${wallet}"]`)!;
  return (holder.querySelector('button') ?? holder.firstElementChild) as HTMLElement;
};
/** A customer's click (Playwright's): a user gesture, which the stand-ins require as Safari and Chrome do. */
const click = (container: Element, wallet: string): Promise<void> => userEvent.click(buttonOf(container, wallet));

describe('wallet buttons against the sandbox stand-ins (local)', () => {
  // First in the file: no click has given this page a user activation yet (one lasts a few seconds).
  it("a click that is no user gesture (a script's click()) is refused by Apple's stand-in as Safari refuses it: session_refused", async () => {
    const { container, onError, buttons: wallet } = buttons({ wallets: ['apple_pay'] });
    await wallet.mount(container);
    buttonOf(container, 'apple_pay').click();
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'TesseraWalletError', reason: 'session_refused' })), { timeout: 5000 });
    expect((onError.mock.calls[0]?.[0] as Error).cause).toMatchObject({ name: 'InvalidAccessError' });
  });

  it('loads both stand-ins from the sandbox, shows both buttons, and pays with Apple Pay and with Google Pay through the test sheet', async () => {
    const { container, onToken, onError, buttons: wallet } = buttons();
    const started = performance.now();
    await expect(wallet.mount(container)).resolves.toEqual({ shown: ['apple_pay', 'google_pay'], notShown: {} });
    // Reported in the test's output: mount to both buttons shown, the stand-ins loaded from the sandbox.
    console.info(`wallet buttons: both shown ${Math.round(performance.now() - started)} ms after mount (sandbox stand-ins, Chromium)`);
    const appleScript = document.querySelector<HTMLScriptElement>('script[src$="/applepay/jsapi/1.latest/apple-pay-sdk.js"]');
    expect(appleScript?.src).toBe(`${sandboxUrl}/applepay/jsapi/1.latest/apple-pay-sdk.js`);
    expect(appleScript?.getAttribute('crossorigin')).toBe('anonymous');
    expect(document.querySelector<HTMLScriptElement>('script[src$="/gp/p/js/pay.js"]')?.src).toBe(`${sandboxUrl}/gp/p/js/pay.js`);

    await click(container, 'apple_pay');
    await commands.actOnWalletSheet('pay');
    await vi.waitFor(() => expect(onToken).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    const applePaid = onToken.mock.calls[0]![0];
    expect(applePaid).toMatchObject({ wallet: 'apple_pay', card: { type: 'apple_pay' } });
    expect(decodeServiceToken(applePaid.serviceToken)).toMatchObject({ type: 'apple_pay', provider: 'basistheory' });
    await expect(commands.payWithServiceToken(applePaid.serviceToken)).resolves.toMatchObject({ status: 'succeeded' });

    await click(container, 'google_pay');
    await commands.actOnWalletSheet('pay');
    await vi.waitFor(() => expect(onToken).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    const googlePaid = onToken.mock.calls[1]![0];
    expect(decodeServiceToken(googlePaid.serviceToken)).toMatchObject({ type: 'google_pay', provider: 'basistheory' });
    await expect(commands.payWithServiceToken(googlePaid.serviceToken)).resolves.toMatchObject({ status: 'succeeded' });
    expect(onError).not.toHaveBeenCalled();
    expect(document.body.innerHTML).not.toMatch(/signedMessage|EC_v1|ECv2/);
  });

  it('a sheet the customer cancels is cancelled, and nothing reaches onToken', async () => {
    const { container, onToken, onError, buttons: wallet } = buttons();
    await wallet.mount(container);
    for (const [index, name] of (['apple_pay', 'google_pay'] as const).entries()) {
      await click(container, name);
      await commands.actOnWalletSheet('cancel');
      await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(index + 1), { timeout: 10_000 });
      expect(onError.mock.calls[index]?.[0]).toMatchObject({ name: 'TesseraWalletError', reason: 'cancelled' });
    }
    expect(onToken).not.toHaveBeenCalled();
  });

  it("pays with Google Pay's 3DS test card through the browser client: the wallet's token and facts to pay(), the challenge approved, succeeded", async () => {
    const tessera = createTessera({ environment: 'local', vaultUrl: sandboxUrl, basePath: `${inject('merchantUrl')}/api/tessera`, loadWebThreeds });
    const paid: Promise<ConfirmPaymentResult>[] = [];
    const container = document.createElement('div');
    document.body.append(container);
    const onError = vi.fn();
    const wallet = createWalletButtons({ ...tessera.vault, wallets: ['google_pay'], request, onError, onToken: (result) => paid.push(tessera.pay({ tokenized: result, orderRef: 'gateway:1999', customer: { email: 'ada@example.com' } })) });
    await wallet.mount(container);
    await click(container, 'google_pay');
    await commands.actOnWalletSheet('pay', 'visa_3ds');
    await vi.waitFor(() => expect(paid).toHaveLength(1), { timeout: 10_000 });
    await commands.readAcsPage('Card issuer verification', 'Approve');
    await commands.clickAcsButton('Card issuer verification', 'Approve');
    await expect(paid[0]).resolves.toMatchObject({ status: 'succeeded', payment: { amount: 1999, status: 'succeeded' }, challenge: { success: true } });
    expect(onError).not.toHaveBeenCalled();
    document.querySelector('dialog')?.close();
  });

  it("renders the stand-in's <apple-pay-button> (Apple's element, not Safari's CSS button, an empty box in Chromium): a named, visible button that Enter opens the sheet from", async () => {
    const { container, onToken, onError, buttons: wallet } = buttons({ wallets: ['apple_pay'], applePay: { buttonType: 'buy', buttonStyle: 'white-outline' } });
    await wallet.mount(container);
    const button = buttonOf(container, 'apple_pay');
    expect(button.localName).toBe('apple-pay-button');
    expect(Object.fromEntries(['role', 'tabindex', 'aria-label', 'type', 'buttonstyle'].map((name) => [name, button.getAttribute(name)]))).toEqual({ role: 'button', tabindex: '0', 'aria-label': 'Buy with Apple Pay', type: 'buy', buttonstyle: 'white-outline' });
    const face = button.shadowRoot?.querySelector('span');
    expect(face?.textContent).toBe('Buy with Apple Pay');
    expect(getComputedStyle(face!)).toMatchObject({ backgroundColor: 'rgb(255, 255, 255)', color: 'rgb(0, 0, 0)', borderTopStyle: 'solid' });
    const box = button.getBoundingClientRect();
    expect(box.width).toBeGreaterThan(0);
    expect(box.height).toBeGreaterThanOrEqual(30);
    button.focus();
    expect(document.activeElement).toBe(button);
    // The keyboard's Enter is the customer's gesture: Apple's stand-in opens the sheet for it as for a click.
    await userEvent.keyboard('{Enter}');
    await commands.actOnWalletSheet('cancel');
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'TesseraWalletError', reason: 'cancelled' })), { timeout: 10_000 });
    expect(onToken).not.toHaveBeenCalled();
  });
});
