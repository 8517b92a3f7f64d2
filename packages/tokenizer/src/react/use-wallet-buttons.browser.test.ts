import { act, createElement, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { strictModeRoot } from '../../test/strict-mode-root.js';
import type { TesseraClient } from '../client.js';
import { TesseraWalletError } from '../errors/errors.js';
import type { WalletButtons, WalletButtonsOptions, WalletPaymentResult } from '../wallets.js';
import { useWalletButtons, type UseWalletButtonsOptions } from './use-wallet-buttons.js';

// createWalletButtons replaced: what the hook gives it, and when it makes new buttons, is what is tested here (the
// buttons themselves have their own browser tests).
const made = vi.hoisted(() => [] as WalletButtonsOptions[]);
vi.mock('@tessera/tokenizer/wallets', () => ({
  createWalletButtons: (options: WalletButtonsOptions) => {
    made.push(options);
    return { mount: () => Promise.resolve({ shown: [], notShown: {} }), unmount: () => undefined };
  },
}));

const app = strictModeRoot();
const tessera = { vault: { environment: 'local', vaultUrl: 'http://127.0.0.1:4010', vaultKey: 'key_test_pub_1', timeoutMs: 1000 } } as unknown as TesseraClient;
const request = { amount: 1999, currency: 'USD', country: 'US', label: 'Shop' };

/** Renders the hook in StrictMode; `rerender` renders the same component again with other options. */
function renderHook(initial: UseWalletButtonsOptions) {
  let latest: WalletButtons | undefined;
  let setOptions: (options: UseWalletButtonsOptions) => void = () => undefined;
  function Probe(): null {
    const [options, set] = useState(initial);
    setOptions = set;
    latest = useWalletButtons(tessera, options);
    return null;
  }
  app.render(createElement(Probe));
  return { buttons: () => latest!, rerender: (options: UseWalletButtonsOptions) => act(() => setOptions(options)) };
}

beforeEach(() => {
  made.length = 0;
});

describe('useWalletButtons', () => {
  it('makes the buttons in the client’s vault, once per value of the options, with the last rendered callbacks', () => {
    const first = vi.fn();
    const hook = renderHook({ request, onToken: first });
    const buttons = hook.buttons();
    expect(made.at(-1)).toMatchObject({ request, environment: 'local', vaultUrl: 'http://127.0.0.1:4010', vaultKey: 'key_test_pub_1' });
    const count = made.length;
    // New callbacks, same options: the same buttons, calling the new callback.
    const second = vi.fn();
    hook.rerender({ request: { ...request }, onToken: second });
    expect(hook.buttons()).toBe(buttons);
    expect(made).toHaveLength(count);
    const token = { wallet: 'google_pay' } as WalletPaymentResult;
    void made.at(-1)!.onToken(token);
    expect(second).toHaveBeenCalledWith(token);
    expect(first).not.toHaveBeenCalled();
    // Another amount: new buttons.
    hook.rerender({ request: { ...request, amount: 2999 }, onToken: second });
    expect(hook.buttons()).not.toBe(buttons);
    expect(made.at(-1)!.request.amount).toBe(2999);
    // A shipping callback given on a later render: new buttons, whose sheet asks for the changes.
    const withShipping = hook.buttons();
    hook.rerender({ request: { ...request, amount: 2999 }, onToken: second, onShippingContactChange: () => ({ amount: 2999 }) });
    expect(hook.buttons()).not.toBe(withShipping);
    expect(made.at(-1)!.onShippingContactChange).toBeTypeOf('function');
  });

  it('sends a sheet the customer closed to onCancel, every other failure to onError', () => {
    const onError = vi.fn();
    const onCancel = vi.fn();
    renderHook({ request, onToken: () => undefined, onError, onCancel });
    const options = made.at(-1)!;
    options.onError!(new TesseraWalletError('cancelled', 'The customer closed the sheet'));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    const failed = new TesseraWalletError('merchant_validation_failed', 'Apple refused the merchant: register the domain');
    options.onError!(failed);
    expect(onError).toHaveBeenCalledWith(failed);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
