import { useCallback, useEffect, useRef, useState } from 'react';
import type { CreatedClient } from './create-client.js';

/** What a hook shows of its latest call. */
interface CallState<R> {
  loading: boolean;
  error: Error | undefined;
  result: R | undefined;
}

const idle = { loading: false, error: undefined, result: undefined };

/** The latest call of a hook, its state, and how to stop it. */
export interface LatestCall<C, R> extends CallState<R> {
  /**
   * Runs `call` with the hook's client and a signal, as the latest call: it aborts the call before. Resolves its
   * result, or `undefined` when it failed or could not start (the error is in state) or, unless the hook keeps
   * superseded results, when a later call took its place.
   */
  run: (call: (client: C, signal: AbortSignal) => Promise<R>) => Promise<R | undefined>;
  /** Aborts the running call; its outcome (a cancellation, typically) still sets the state. */
  cancel: () => void;
  /** Aborts the running call, ignores its outcome, and clears the state. */
  reset: () => void;
}

/**
 * The call state machine the hooks share, so that all three behave alike under StrictMode and re-renders: the latest
 * call wins. A new call aborts the one before (through the signal it was given); only the latest call sets `loading`,
 * `error` and `result`; unmounting aborts the call running and ignores its outcome. `keepSuperseded` returns a
 * superseded call's result to its caller anyway (a service token the vault issued is still the caller's).
 */
export function useLatestCall<C, R>(created: CreatedClient<C>, keepSuperseded = false): LatestCall<C, R> {
  const [state, setState] = useState<CallState<R>>(idle);
  const current = useRef<AbortController | undefined>(undefined);

  useEffect(
    () => () => {
      // Unmount (or the StrictMode rehearsal): stop the running call; its outcome is ignored.
      const controller = current.current;
      current.current = undefined;
      controller?.abort();
    },
    [],
  );

  const run = useCallback(
    async (call: (client: C, signal: AbortSignal) => Promise<R>): Promise<R | undefined> => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      if (!created.client) {
        setState({ loading: false, error: created.error, result: undefined });
        return undefined;
      }
      setState({ loading: true, error: undefined, result: undefined });
      try {
        const result = await call(created.client, controller.signal);
        const latest = current.current === controller;
        if (latest) setState({ loading: false, error: undefined, result });
        return latest || keepSuperseded ? result : undefined;
      } catch (error) {
        if (current.current === controller) setState({ loading: false, error: error instanceof Error ? error : new Error(String(error)), result: undefined });
        return undefined;
      } finally {
        if (current.current === controller) current.current = undefined;
      }
    },
    [created, keepSuperseded],
  );

  const cancel = useCallback(() => current.current?.abort(), []);
  const reset = useCallback(() => {
    current.current?.abort();
    current.current = undefined;
    setState(idle);
  }, []);

  return { loading: state.loading, error: state.error ?? created.error, result: state.result, run, cancel, reset };
}
