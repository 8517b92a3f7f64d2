import { useMemo, useRef } from 'react';
// By name, as the rest of the React entry: a page holds one copy of each entry. A page that never calls this hook
// carries no wallet code ("sideEffects": false).
import { TesseraWalletError } from '@tessera/tokenizer';
import type { TesseraClient } from '@tessera/tokenizer/client';
import { createWalletButtons, type WalletButtons, type WalletButtonsOptions } from '@tessera/tokenizer/wallets';

/** Options of {@link useWalletButtons}: `createWalletButtons`' but the vault (the client's), and `onCancel`. */
export interface UseWalletButtonsOptions extends Omit<WalletButtonsOptions, keyof TesseraClient['vault'] | 'fetch'> {
  /** A sheet did not give a token, but not because the customer closed it (that is `onCancel`): show the error. */
  onError?: (error: unknown) => void;
  /** The customer closed the sheet: not an error, the checkout stays as it was. */
  onCancel?: () => void;
}

/**
 * Apple Pay and Google Pay buttons in the client's environment and vault, for `<WalletButtons buttons={…}>`: made
 * once per client and per value of the options (a new amount makes new buttons), while the callbacks are always the
 * last rendered ones (`onToken` reads the form's current state, not the first render's). A sheet the customer
 * closed goes to `onCancel`, never to `onError`.
 *
 * ```tsx
 * const { pay, fail } = usePay(tessera);
 * const buttons = useWalletButtons(tessera, { request, onToken: (tokenized) => pay({ tokenized, orderRef }), onError: fail });
 * <WalletButtons buttons={buttons} />
 * ```
 */
export function useWalletButtons(tessera: TesseraClient, options: UseWalletButtonsOptions): WalletButtons {
  const latest = useRef(options);
  latest.current = options;
  // Every option but the callbacks (JSON leaves functions out), and which shipping callbacks there are (the sheet asks
  // for their changes only when given): the buttons are made again only when one of these changes.
  const key = JSON.stringify([options, !!options.onShippingContactChange, !!options.onShippingMethodChange]);
  return useMemo(() => {
    const current = latest.current;
    return createWalletButtons({
      request: current.request,
      ...(current.wallets ? { wallets: current.wallets } : {}),
      ...(current.applePay ? { applePay: current.applePay } : {}),
      ...(current.googlePay ? { googlePay: current.googlePay } : {}),
      ...(current.scriptTimeoutMs === undefined ? {} : { scriptTimeoutMs: current.scriptTimeoutMs }),
      ...tessera.vault,
      onToken: (result) => latest.current.onToken(result),
      onError: (error) => {
        if (TesseraWalletError.isInstance(error) && error.reason === 'cancelled') latest.current.onCancel?.();
        else latest.current.onError?.(error);
      },
      onShippingContactChange: current.onShippingContactChange && ((address) => latest.current.onShippingContactChange!(address)),
      onShippingMethodChange: current.onShippingMethodChange && ((method) => latest.current.onShippingMethodChange!(method)),
    });
    // `key` stands for the options (the callbacks are read from `latest`).
  }, [tessera, key]);
}
