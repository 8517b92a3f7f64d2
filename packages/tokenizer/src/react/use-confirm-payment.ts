import { useCallback, useMemo, useRef } from 'react';
import { type ConfirmPaymentOptions, type ConfirmPaymentResult, confirmPayment, createThreeDS, type Payment, type ThreeDS, type ThreeDSOptions } from '@tessera/tokenizer';
import { createClient } from './create-client.js';
import { useStableLoader } from './use-stable-loader.js';
import { useLatestCall } from './use-latest-call.js';

/**
 * Options of {@link useConfirmPayment}: the 3DS helper's, and `confirmPayment`'s but the payment and the signal. One
 * `environment` serves both: with `local`, radar stand-ins load from `sandboxUrl`, else from `vaultUrl` (the sandbox).
 */
export interface UseConfirmPaymentOptions<P extends Payment = Payment> extends ThreeDSOptions, Omit<ConfirmPaymentOptions<P>, 'payment' | 'threeds' | 'signal' | 'environment'> {}

/** State and actions of {@link useConfirmPayment}. */
export interface UseConfirmPaymentResult<P extends Payment = Payment> {
  /**
   * The 3DS helper the hook runs challenges with (`undefined` when the options are invalid): its `createSession`
   * makes the 3DS session a `sca_required` card needs before the payment.
   */
  threeds: ThreeDS | undefined;
  /** Runs what the payment asks for (`confirmPayment`); resolves its result, or `undefined` on an error or when superseded. */
  confirm(payment: P): Promise<ConfirmPaymentResult<P> | undefined>;
  /** Stops a running confirmation (the challenge closes as `cancelled`, polling stops). */
  cancel(): void;
  /** True while a confirmation runs. */
  loading: boolean;
  /**
   * A typed error: the service's `error` action (`TesseraPaymentFailedError`), an action that could not run
   * (`TesseraNextActionError`) or that no source publishes (`TesseraPaymentActionError`), bad configuration, a failed
   * server call.
   */
  error: Error | undefined;
  /** The outcome of the last confirmation. */
  result: ConfirmPaymentResult<P> | undefined;
}

/**
 * React hook around `confirmPayment`: `confirm(payment)` with what your server answered runs the challenge, the
 * redirect or the radar check it asks for, continues on your server and sets `result` once with the final status. A new `confirm`, or
 * unmounting, cancels the one running.
 */
export function useConfirmPayment<P extends Payment = Payment>(options: UseConfirmPaymentOptions<P>): UseConfirmPaymentResult<P> {
  const { environment, vaultUrl, vaultKey, timeoutMs, loadWebThreeds, sdkBaseUrl, disableTelemetry } = options;
  // An inline loader is a new function each render: the helper is made again only when the environment changes.
  const stableLoader = useStableLoader(loadWebThreeds);
  const created = useMemo(
    () => createClient(createThreeDS, { environment, vaultUrl, vaultKey, timeoutMs, loadWebThreeds: stableLoader, sdkBaseUrl, disableTelemetry }),
    [environment, vaultUrl, vaultKey, timeoutMs, stableLoader, sdkBaseUrl, disableTelemetry],
  );
  const { run, cancel, loading, error, result } = useLatestCall<ThreeDS, ConfirmPaymentResult<P>>(created);
  // The callbacks (continuePayment, fetchPayment, …) are read at call time, so a new closure each render is fine.
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const confirm = useCallback(
    (payment: P) =>
      run((threeds, signal) => {
        const current = optionsRef.current;
        const sandboxUrl = current.sandboxUrl ?? current.vaultUrl;
        return confirmPayment<P>({ ...current, ...(sandboxUrl !== undefined ? { sandboxUrl } : {}), payment, threeds, signal });
      }),
    [run],
  );

  return { threeds: created.client, confirm, cancel, loading, error, result };
}
