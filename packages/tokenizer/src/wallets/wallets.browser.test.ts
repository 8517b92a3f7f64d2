import { decodeServiceToken } from '@tessera/core';
import { SERVICE_VAULT_TENANT_IDS } from '@tessera/core/internal';
import { createElement } from 'react';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { commands } from 'vitest/browser';
import { strictModeRoot } from '../../test/strict-mode-root.js';
import { WalletButtons } from '../react/wallet-buttons-element.js';
import { createTokenizer } from '../vault/tokenizer.js';
import { createWalletButtons, startApplePay, toApplePayRequest, type ApplePayPaymentRequest, type ApplePaySessionLike, type GooglePayPaymentDataRequest, type WalletButtonsOptions, type WalletPaymentResult } from '../wallets.js';

// The wallet code in Chromium with hand-played ApplePaySession and google.payments.api (the sandbox's stand-in
// scripts are tested in wallets-sandbox.browser.test.ts), against the real sandbox vault: the wallet tokens are the
// ones the sandbox's sheets mint (the vault refuses made-up ones), through a Node command.
const sandboxUrl = inject('sandboxUrl');
const app = strictModeRoot();
// `development` against the sandbox's vault: the hand stubs stand in for the providers' scripts, so none loads.
const connection = { environment: 'development', vaultUrl: sandboxUrl, vaultKey: 'key_test_us_pub_TesseraSandbox4010Local' } as const;
const request = { amount: 1999, currency: 'USD', country: 'US', label: 'Tessera shop', emailRequired: true };

type Stubbed = Omit<typeof globalThis, 'ApplePaySession' | 'google'> & { ApplePaySession?: unknown; google?: unknown };
afterEach(() => {
  delete (globalThis as Stubbed).ApplePaySession;
  delete (globalThis as Stubbed).google;
  document.body.replaceChildren();
});

/** Safari's ApplePaySession as a sheet plays it: merchant validation, then the customer pays (a minted token) or cancels. */
function stubApplePay(behaviour: { canMakePayments: boolean; cancel?: boolean }) {
  const sessions: FakeApplePaySession[] = [];
  class FakeApplePaySession implements ApplePaySessionLike {
    static STATUS_SUCCESS = 0;
    static STATUS_FAILURE = 1;
    static canMakePayments = (): boolean => behaviour.canMakePayments;
    onvalidatemerchant: ApplePaySessionLike['onvalidatemerchant'] = null;
    onpaymentauthorized: ApplePaySessionLike['onpaymentauthorized'] = null;
    oncancel: ApplePaySessionLike['oncancel'] = null;
    merchantSession: unknown;
    completedWith: number | undefined;
    aborted = false;
    constructor(
      readonly version: number,
      readonly request: ApplePayPaymentRequest,
    ) {
      sessions.push(this);
    }
    begin(): void {
      queueMicrotask(() => this.onvalidatemerchant?.({ validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' }));
    }
    completeMerchantValidation(merchantSession: unknown): void {
      this.merchantSession = merchantSession;
      if (behaviour.cancel) return this.oncancel?.({});
      void commands.mintWalletToken('apple_pay', { card: 'visa_approved', merchantSession }).then((token) =>
        this.onpaymentauthorized?.({ payment: { token, shippingContact: { emailAddress: 'ada@example.com' } } }),
      );
    }
    completePayment(result: { status: number }): void {
      this.completedWith = result.status;
    }
    abort(): void {
      this.aborted = true;
    }
  }
  (globalThis as Stubbed).ApplePaySession = FakeApplePaySession;
  return sessions;
}

/** google.payments.api as pay.js defines it: the sheet answers PaymentData minted for the request's gateway. */
function stubGooglePay(behaviour: { ready: boolean }) {
  const seen: { environment?: string; requests: GooglePayPaymentDataRequest[]; onPaymentDataChanged?: ((data: Record<string, unknown>) => Promise<Record<string, unknown>>) | undefined } = { requests: [] };
  (globalThis as Stubbed).google = {
    payments: {
      api: {
        PaymentsClient: class {
          constructor(options: { environment: string; paymentDataCallbacks?: { onPaymentDataChanged: (data: Record<string, unknown>) => Promise<Record<string, unknown>> } }) {
            seen.environment = options.environment;
            seen.onPaymentDataChanged = options.paymentDataCallbacks?.onPaymentDataChanged;
          }
          isReadyToPay(): Promise<{ result: boolean }> {
            return Promise.resolve({ result: behaviour.ready });
          }
          createButton(options: { onClick: () => void }): HTMLElement {
            const button = document.createElement('button');
            button.textContent = 'Buy with GPay';
            button.addEventListener('click', options.onClick);
            return button;
          }
          loadPaymentData(paymentRequest: GooglePayPaymentDataRequest) {
            seen.requests.push(paymentRequest);
            const method = paymentRequest.allowedPaymentMethods[0];
            return commands.mintWalletToken('google_pay', {
              card: 'visa_approved',
              ...method?.tokenizationSpecification.parameters,
              allowedAuthMethods: method?.parameters.allowedAuthMethods,
            }).then((paymentData) => ({ ...paymentData, email: 'grace@example.com' }));
          }
        },
      },
    },
  };
  return seen;
}

function buttons(options: Partial<WalletButtonsOptions> = {}) {
  const onToken = vi.fn<(result: WalletPaymentResult) => void>();
  const onError = vi.fn<(error: unknown) => void>();
  const container = document.createElement('div');
  document.body.append(container);
  return { container, onToken, onError, buttons: createWalletButtons({ ...connection, request, onToken, onError, ...options }) };
}

describe('wallet buttons (hand-played sheets, real sandbox vault)', () => {
  it("shows each wallet's own button, starts the sheet in the click itself, and resolves the service token, the card facts and the contacts", async () => {
    const sessions = stubApplePay({ canMakePayments: true });
    const google = stubGooglePay({ ready: true });
    const { container, onToken, onError, buttons: wallet } = buttons();
    await expect(wallet.mount(container)).resolves.toEqual({ shown: ['apple_pay', 'google_pay'], notShown: {} });
    // Apple Pay JS's <apple-pay-button> is not defined here: Safari's CSS button.
    const apple = container.querySelector<HTMLElement>('[data-tessera-wallet="apple_pay"] button')!;
    expect(apple.getAttribute('aria-label')).toBe('Apple Pay');
    expect(apple.getAttribute('style')).toContain('-webkit-appearance:-apple-pay-button');

    apple.click();
    // The session exists before the click handler returned: the user gesture is kept.
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.request).toEqual(toApplePayRequest(request));
    await vi.waitFor(() => expect(onToken).toHaveBeenCalledTimes(1), { timeout: 5000 });
    const applePaid = onToken.mock.calls[0]![0];
    expect(applePaid).toMatchObject({ wallet: 'apple_pay', card: { type: 'apple_pay', brand: 'visa' }, contacts: { email: 'ada@example.com' } });
    expect(decodeServiceToken(applePaid.serviceToken)).toMatchObject({ type: 'apple_pay', provider: 'basistheory', token: applePaid.card.tokenId });
    expect(sessions[0]?.merchantSession).toMatchObject({ displayName: 'Tessera shop', domainName: location.hostname });
    expect(sessions[0]?.completedWith).toBe(0);
    await expect(commands.payWithServiceToken(applePaid.serviceToken)).resolves.toMatchObject({ status: 'succeeded' });

    const googleButton = container.querySelector<HTMLElement>('[data-tessera-wallet="google_pay"] button')!;
    googleButton.click();
    expect(google.requests).toHaveLength(1);
    expect(google.environment).toBe('TEST');
    expect(google.requests[0]?.allowedPaymentMethods[0]?.tokenizationSpecification.parameters).toEqual({ gateway: 'basistheory', gatewayMerchantId: SERVICE_VAULT_TENANT_IDS.development });
    expect(google.requests[0]).toMatchObject({ emailRequired: true, transactionInfo: { totalPrice: '19.99', currencyCode: 'USD', countryCode: 'US' } });
    await vi.waitFor(() => expect(onToken).toHaveBeenCalledTimes(2), { timeout: 5000 });
    const googlePaid = onToken.mock.calls[1]![0];
    expect(googlePaid).toMatchObject({ wallet: 'google_pay', card: { type: 'google_pay' }, contacts: { email: 'grace@example.com' } });
    await expect(commands.payWithServiceToken(googlePaid.serviceToken)).resolves.toMatchObject({ status: 'succeeded' });
    expect(onError).not.toHaveBeenCalled();
    // No wallet token in the page.
    expect(document.body.innerHTML).not.toMatch(/paymentData|signedMessage|EC_v1|ECv2/);

    wallet.unmount();
    expect(container.innerHTML).toBe('');
  });

  it('shows no button for a wallet that cannot pay, never throwing: the result says why', async () => {
    stubApplePay({ canMakePayments: false });
    stubGooglePay({ ready: false });
    const { container, buttons: wallet } = buttons();
    const mounted = await wallet.mount(container);
    expect(mounted.shown).toEqual([]);
    expect(mounted.notShown).toMatchObject({ apple_pay: { name: 'TesseraWalletError', reason: 'not_available' }, google_pay: { reason: 'not_available' } });
    expect(container.querySelectorAll('button')).toHaveLength(0);
  });

  it("a provider whose own code throws (Google's createButton) is not_available for that wallet, what threw as its cause", async () => {
    stubApplePay({ canMakePayments: true });
    stubGooglePay({ ready: true });
    const broken = new TypeError('createButton is broken');
    const api = (globalThis as unknown as { google?: { payments: { api: { PaymentsClient: { prototype: { createButton: () => never } } } } } }).google!.payments.api;
    api.PaymentsClient.prototype.createButton = () => {
      throw broken;
    };
    const { container, buttons: wallet } = buttons();
    const mounted = await wallet.mount(container);
    expect(mounted.shown).toEqual(['apple_pay']);
    expect(mounted.notShown.google_pay).toMatchObject({ name: 'TesseraWalletError', reason: 'not_available', cause: broken });
  });

  it('a provider script that does not load is script_failed for that wallet only (loaded from the sandbox origin in local)', async () => {
    const { container, buttons: wallet } = buttons({ environment: 'local', vaultUrl: 'http://localhost:9', vaultKey: undefined as never, scriptTimeoutMs: 3000 });
    const mounted = await wallet.mount(container);
    expect(mounted.shown).toEqual([]);
    expect(mounted.notShown.apple_pay).toMatchObject({ reason: 'script_failed', message: expect.stringContaining('http://localhost:9/applepay/jsapi/1.latest/apple-pay-sdk.js') as string });
    expect(mounted.notShown.google_pay).toMatchObject({ reason: 'script_failed', message: expect.stringContaining('http://localhost:9/gp/p/js/pay.js') as string });
    expect(document.querySelector('script[src*="apple-pay-sdk.js"]')).toBeNull();
  });

  it('a cancelled sheet goes to onError as cancelled; unmounting closes an open sheet without an error', async () => {
    const sessions = stubApplePay({ canMakePayments: true, cancel: true });
    const { container, onToken, onError, buttons: wallet } = buttons({ wallets: ['apple_pay'] });
    await wallet.mount(container);
    container.querySelector<HTMLElement>('button')!.click();
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'TesseraWalletError', reason: 'cancelled' })), { timeout: 5000 });

    stubApplePay({ canMakePayments: true });
    const second = buttons({ wallets: ['apple_pay'] });
    await second.buttons.mount(second.container);
    second.container.querySelector<HTMLElement>('button')!.click();
    second.buttons.unmount();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(second.onError).not.toHaveBeenCalled();
    expect(second.onToken).not.toHaveBeenCalled();
    expect(onToken).not.toHaveBeenCalled();
    expect(sessions).toHaveLength(1);
  });

  it("closes Apple's sheet with success before onToken runs (a 3DS challenge shows on the page), and an onToken that throws goes to onError", async () => {
    const sessions = stubApplePay({ canMakePayments: true });
    const statusAtToken: (number | undefined)[] = [];
    const failure = new Error('your server refused');
    const { container, onError, buttons: wallet } = buttons({
      wallets: ['apple_pay'],
      onToken: () => {
        statusAtToken.push(sessions[0]?.completedWith);
        throw failure;
      },
    });
    await wallet.mount(container);
    container.querySelector<HTMLElement>('button')!.click();
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(failure), { timeout: 5000 });
    expect(statusAtToken).toEqual([0]);
  });

  it('<WalletButtons> (React) mounts the buttons once under StrictMode and tells which are shown', async () => {
    stubApplePay({ canMakePayments: false });
    stubGooglePay({ ready: true });
    const onMount = vi.fn();
    const wallet = createWalletButtons({ ...connection, request, onToken: () => undefined });
    app.render(createElement(WalletButtons, { buttons: wallet, className: 'wallets', onMount }));
    await vi.waitFor(() => expect(onMount).toHaveBeenCalledWith(expect.objectContaining({ shown: ['google_pay'] })), { timeout: 5000 });
    expect(document.querySelectorAll('.wallets [data-tessera-wallet]')).toHaveLength(1);
    app.unmount();
    expect(document.querySelectorAll('[data-tessera-wallet]')).toHaveLength(0);
  });
});

describe("Google Pay's shipping changes", () => {
  it("asks Google for the address and options, and answers onPaymentDataChanged from the merchant's callbacks", async () => {
    const google = stubGooglePay({ ready: true });
    const shippingMethods = [
      { id: 'standard', label: 'Standard', detail: '3-5 days', amount: 0 },
      { id: 'express', label: 'Express', amount: 1500 },
    ];
    const { container, buttons: wallet } = buttons({
      wallets: ['google_pay'],
      request: { ...request, shippingAddressRequired: true, phoneNumberRequired: true, shippingMethods },
      onShippingContactChange: (address) => (address.country === 'FR' ? { amount: 1999, error: 'We do not ship to France' } : { amount: 2499, lineItems: [{ label: 'Shipping', amount: 500 }] }),
      onShippingMethodChange: (method) => ({ amount: 1999 + method.amount }),
    });
    await wallet.mount(container);
    container.querySelector<HTMLElement>('button')!.click();
    expect(google.requests[0]).toMatchObject({
      shippingAddressRequired: true,
      shippingAddressParameters: { phoneNumberRequired: true },
      shippingOptionRequired: true,
      shippingOptionParameters: { defaultSelectedOptionId: 'standard', shippingOptions: [{ id: 'standard', label: 'Standard', description: '3-5 days' }, { id: 'express', label: 'Express', description: '' }] },
      callbackIntents: ['SHIPPING_ADDRESS', 'SHIPPING_OPTION'],
    });
    const changed = google.onPaymentDataChanged!;
    await expect(changed({ callbackTrigger: 'SHIPPING_ADDRESS', shippingAddress: { locality: 'Austin', administrativeArea: 'TX', postalCode: '78701', countryCode: 'US' } })).resolves.toEqual({
      newTransactionInfo: { totalPriceStatus: 'FINAL', totalPrice: '24.99', currencyCode: 'USD', countryCode: 'US', displayItems: [{ label: 'Shipping', type: 'LINE_ITEM', price: '5.00' }] },
    });
    await expect(changed({ callbackTrigger: 'SHIPPING_ADDRESS', shippingAddress: { countryCode: 'FR' } })).resolves.toMatchObject({ error: { reason: 'SHIPPING_ADDRESS_UNSERVICEABLE', message: 'We do not ship to France', intent: 'SHIPPING_ADDRESS' } });
    await expect(changed({ callbackTrigger: 'SHIPPING_OPTION', shippingOptionData: { id: 'express' } })).resolves.toMatchObject({ newTransactionInfo: { totalPrice: '34.99' } });
  });
});

describe('startApplePay (the lower-level function) against the sandbox vault', () => {
  it('tokenizes the whole ApplePayPaymentToken the sheet gave', async () => {
    const sessions = stubApplePay({ canMakePayments: true });
    const serviceToken = await startApplePay(createTokenizer(connection), toApplePayRequest(request), { displayName: 'Shop', domainName: 'shop.example' });
    expect(sessions[0]?.merchantSession).toMatchObject({ domainName: 'shop.example', displayName: 'Shop' });
    expect(decodeServiceToken(serviceToken)).toMatchObject({ type: 'apple_pay', provider: 'basistheory' });
  });
});
