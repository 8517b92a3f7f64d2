import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type ChallengeResult, createThreeDS, type StartChallengeOptions, type ThreeDS, type ThreeDSChallenge, type ThreeDSOptions } from '@tessera/tokenizer';
import { createClient } from './create-client.js';

/** Options of {@link useThreeDSChallenge}. */
export interface UseThreeDSChallengeOptions extends ThreeDSOptions {
  /** When set, the challenge opens on mount (or when it changes) and closes on unmount. */
  challenge?: ThreeDSChallenge | null;
  /** Window size, time limit, container and texts of the modal. */
  challengeOptions?: Omit<StartChallengeOptions, 'signal'>;
}

/** State and actions of {@link useThreeDSChallenge}. */
export interface UseThreeDSChallengeResult {
  /** The 3DS helper, or `undefined` when the options are invalid (see `error`). */
  threeds: ThreeDS | undefined;
  /** True while the challenge modal is open. */
  loading: boolean;
  /** A typed error: bad input, another challenge open, no DOM, or bad configuration. */
  error: Error | undefined;
  /** The outcome of the last challenge. */
  result: ChallengeResult | undefined;
  /** Opens a challenge; resolves its result, or `undefined` when it could not start or was superseded. */
  start(challenge: ThreeDSChallenge, options?: Omit<StartChallengeOptions, 'signal'>): Promise<ChallengeResult | undefined>;
  /** Closes an open challenge (its result is `cancelled`). */
  cancel(): void;
}

interface State {
  loading: boolean;
  error: Error | undefined;
  result: ChallengeResult | undefined;
}

/**
 * React hook around `createThreeDS().startChallenge`. Give it `challenge` to open the modal from an effect, or call
 * `start` from an event handler. Safe under StrictMode double effects: the first effect's modal is closed
 * synchronously by its cleanup before the second opens, so exactly one modal is ever on screen, and unmounting
 * closes it and removes everything it added.
 */
export function useThreeDSChallenge(options: UseThreeDSChallengeOptions): UseThreeDSChallengeResult {
  const { environment, vaultUrl, vaultKey, timeoutMs, loadWebThreeds, sdkBaseUrl, disableTelemetry, challenge } = options;
  const created = useMemo(
    () => createClient(createThreeDS, { environment, vaultUrl, vaultKey, timeoutMs, loadWebThreeds, sdkBaseUrl, disableTelemetry }),
    [environment, vaultUrl, vaultKey, timeoutMs, loadWebThreeds, sdkBaseUrl, disableTelemetry],
  );

  const [state, setState] = useState<State>({ loading: false, error: undefined, result: undefined });
  const current = useRef<AbortController | undefined>(undefined);
  const challengeOptionsRef = useRef(options.challengeOptions);
  challengeOptionsRef.current = options.challengeOptions;

  const start = useCallback(
    async (next: ThreeDSChallenge, startOptions?: Omit<StartChallengeOptions, 'signal'>): Promise<ChallengeResult | undefined> => {
      // Closing the previous modal settles it synchronously, which frees the slot for this one.
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      if (!created.client) {
        setState({ loading: false, error: created.error, result: undefined });
        return undefined;
      }
      setState({ loading: true, error: undefined, result: undefined });
      try {
        const result = await created.client.startChallenge(next, { ...(startOptions ?? challengeOptionsRef.current), signal: controller.signal });
        if (controller.signal.aborted && current.current !== controller) return undefined;
        if (current.current === controller) setState({ loading: false, error: undefined, result });
        return result;
      } catch (error) {
        if (current.current === controller) setState({ loading: false, error: error instanceof Error ? error : new Error(String(error)), result: undefined });
        return undefined;
      } finally {
        if (current.current === controller) current.current = undefined;
      }
    },
    [created],
  );

  const cancel = useCallback(() => {
    current.current?.abort();
  }, []);

  // Keyed by value, so a new object with the same challenge does not reopen the modal.
  const challengeKey = challenge
    ? JSON.stringify([challenge.sessionId, challenge.acsChallengeUrl, challenge.acsTransactionId, challenge.threeDSVersion])
    : '';
  useEffect(() => {
    if (challengeKey === '') return;
    const [sessionId, acsChallengeUrl, acsTransactionId, threeDSVersion] = JSON.parse(challengeKey) as string[];
    void start({ sessionId: sessionId ?? '', acsChallengeUrl: acsChallengeUrl ?? '', acsTransactionId: acsTransactionId ?? '', threeDSVersion: threeDSVersion ?? '' });
  }, [challengeKey, start]);

  useEffect(
    () => () => {
      // Unmount (or the StrictMode rehearsal): close the modal; its stale result is ignored.
      const controller = current.current;
      current.current = undefined;
      controller?.abort();
    },
    [],
  );

  return { threeds: created.client, loading: state.loading, error: state.error ?? created.error, result: state.result, start, cancel };
}
