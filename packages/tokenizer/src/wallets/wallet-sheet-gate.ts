import type { WalletButtonsOptions, WalletPaymentResult } from './wallet-buttons-options.js';

/** The wallet buttons' sheets, one at a time: `open` runs one from a click, `close` aborts the one open. */
export interface WalletSheetGate {
  /**
   * Runs a sheet with a signal of its own: its result goes to `onToken`, its failure (or `onToken`'s) to `onError`,
   * unless `close` aborted it. A click while a sheet is open is ignored.
   */
  open(run: (signal: AbortSignal) => Promise<WalletPaymentResult>): void;
  /** Aborts the open sheet, if any (`unmount`). */
  close(): void;
}

/** The sheet gate of one `createWalletButtons`, handing results to its `onToken` and failures to its `onError`. */
export function createWalletSheetGate(options: Pick<WalletButtonsOptions, 'onToken' | 'onError'>): WalletSheetGate {
  let sheet: AbortController | undefined;
  return {
    open(run) {
      if (sheet) return;
      const controller = (sheet = new AbortController());
      run(controller.signal)
        .then(options.onToken)
        .catch((error: unknown) => {
          if (!controller.signal.aborted) options.onError?.(error);
        })
        .finally(() => {
          if (sheet === controller) sheet = undefined;
        });
    },
    close() {
      sheet?.abort();
      sheet = undefined;
    },
  };
}
