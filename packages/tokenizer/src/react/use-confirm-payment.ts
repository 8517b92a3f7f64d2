import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type ConfirmPaymentOptions, type ConfirmPaymentResult, confirmPayment, createThreeDS, type Payment, type ThreeDSOptions } from '@tessera/tokenizer';
import { createClient } from './create-client.js';

/** Options of {@link useConfirmPayment}: the 3DS helper's, and `confirmPayment`'s but the payment and the signal. */
export interface UseConfirmPaymentOptions<P extends Payment = Payment> extends ThreeDSOptions, Omit<ConfirmPaymentOptions<P>, 'payment' | 'threeds' | 'signal'> {}

/** State and actions of {@link useConfirmPayment}. */
export interface UseConfirmPaymentResult<P extends Payment = Payment> {
  /** Runs what the payment asks for (`confirmPayment`); resolves its result, or `undefined` on an error or when superseded. */
  confirm(payment: P): Promise<ConfirmPaymentResult<P> | undefined>;
  /** Stops a running confirmation (the challenge closes as `cancelled`, polling stops). */
  cancel(): void;
  /** True while a confirmation runs. */
  loading: boolean;
  /** A typed error: an action it cannot run (`TesseraPaymentActionError`), bad configuration, a failed server call. */
  error: Error | undefined;
  /** The outcome of the last confirmation. */
  result: ConfirmPaymentResult<P> | undefined;
}

interface State<P extends Payment> {
  loading: boolean;
  error: Error | undefined;
  result: ConfirmPaymentResult<P> | undefined;
}

/**
 * React hook around `confirmPayment`: `confirm(payment)` with what your server answered runs the challenge or the
 * redirect it asks for, continues on your server and sets `result` once with the final status. A new `confirm`, or
 * unmounting, cancels the one running.
 */
export function useConfirmPayment<P extends Payment = Payment>(options: UseConfirmPaymentOptions<P>): UseConfirmPaymentResult<P> {
  const { environment, vaultUrl, vaultKey, timeoutMs, loadWebThreeds, sdkBaseUrl, disableTelemetry } = options;
  const created = useMemo(
    () => createClient(createThreeDS, { environment, vaultUrl, vaultKey, timeoutMs, loadWebThreeds, sdkBaseUrl, disableTelemetry }),
    [environment, vaultUrl, vaultKey, timeoutMs, loadWebThreeds, sdkBaseUrl, disableTelemetry],
  );
  const [state, setState] = useState<State<P>>({ loading: false, error: undefined, result: undefined });
  const current = useRef<AbortController | undefined>(undefined);
  // The callbacks (continuePayment, fetchPayment, …) are read at call time, so a new closure each render is fine.
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const confirm = useCallback(
    async (payment: P): Promise<ConfirmPaymentResult<P> | undefined> => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      if (!created.client) {
        setState({ loading: false, error: created.error, result: undefined });
        return undefined;
      }
      setState({ loading: true, error: undefined, result: undefined });
      try {
        const result = await confirmPayment<P>({ ...optionsRef.current, payment, threeds: created.client, signal: controller.signal });
        if (current.current === controller) setState({ loading: false, error: undefined, result });
        return current.current === controller ? result : undefined;
      } catch (error) {
        if (current.current === controller) setState({ loading: false, error: error instanceof Error ? error : new Error(String(error)), result: undefined });
        return undefined;
      } finally {
        if (current.current === controller) current.current = undefined;
      }
    },
    [created],
  );

  const cancel = useCallback(() => current.current?.abort(), []);
  useEffect(
    () => () => {
      const controller = current.current;
      current.current = undefined;
      controller?.abort();
    },
    [],
  );

  return { confirm, cancel, loading: state.loading, error: state.error ?? created.error, result: state.result };
}
