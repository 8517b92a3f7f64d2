import { createElement, type ReactElement, useEffect, useRef } from 'react';
// Types only: the React entry loads no wallet code; the buttons come from `@tessera/tokenizer/wallets`.
import type { WalletButtonsMountResult, WalletButtons as WalletButtonsObject } from '@tessera/tokenizer/wallets';

/** Props of {@link WalletButtons}. */
export interface WalletButtonsProps {
  /** The buttons to mount, from `createWalletButtons` (`@tessera/tokenizer/wallets`); create them once per request (`useMemo`). */
  buttons: WalletButtonsObject;
  /** Class of the wrapping `<div>`; each button's holder has `data-tessera-wallet` (`apple_pay`, `google_pay`) to style. */
  className?: string;
  /** Mounted: which wallets are shown (none: offer only the card fields), and why each other one is not. */
  onMount?: (result: WalletButtonsMountResult) => void;
}

/**
 * Renders a container and mounts the wallet buttons into it (each wallet's own button, only where it can pay);
 * unmounts on unmount, closing an open sheet (StrictMode's second mount wins). The token goes to the buttons' `onToken`.
 */
export function WalletButtons(props: WalletButtonsProps): ReactElement {
  const { buttons, className } = props;
  const callbacks = useRef(props);
  callbacks.current = props;
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    void buttons.mount(container.current as HTMLDivElement).then(
      (result) => {
        if (live) callbacks.current.onMount?.(result);
      },
      // The container is rendered before the effect runs: mount cannot miss it.
      () => undefined,
    );
    return () => {
      live = false;
      buttons.unmount();
    };
  }, [buttons]);

  return createElement('div', { className, ref: container });
}
