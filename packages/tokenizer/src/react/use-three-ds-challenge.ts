import { useCallback, useEffect, useMemo, useRef } from 'react';
import { type ChallengeResult, createThreeDS, type StartChallengeOptions, type ThreeDS, type ThreeDSChallenge, type ThreeDSOptions } from '@tessera/tokenizer';
import { createClient } from './create-client.js';
import { useStableLoader } from './use-stable-loader.js';
import { useLatestCall } from './use-latest-call.js';

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

/**
 * React hook around `createThreeDS().startChallenge`. Give it `challenge` to open the modal from an effect, or call
 * `start` from an event handler. Safe under StrictMode double effects: the first effect's modal is closed
 * synchronously by its cleanup before the second opens, so exactly one modal is ever on screen, and unmounting
 * closes it and removes everything it added.
 */
export function useThreeDSChallenge(options: UseThreeDSChallengeOptions): UseThreeDSChallengeResult {
  const { environment, vaultUrl, vaultKey, timeoutMs, loadWebThreeds, sdkBaseUrl, disableTelemetry, challenge } = options;
  // An inline loader is a new function each render: the helper is made again only when the environment changes.
  const stableLoader = useStableLoader(loadWebThreeds);
  const created = useMemo(
    () => createClient(createThreeDS, { environment, vaultUrl, vaultKey, timeoutMs, loadWebThreeds: stableLoader, sdkBaseUrl, disableTelemetry }),
    [environment, vaultUrl, vaultKey, timeoutMs, stableLoader, sdkBaseUrl, disableTelemetry],
  );

  const { run, cancel, loading, error, result } = useLatestCall<ThreeDS, ChallengeResult>(created);
  const challengeOptionsRef = useRef(options.challengeOptions);
  challengeOptionsRef.current = options.challengeOptions;

  const start = useCallback(
    // Closing the previous modal (run aborts it) settles it synchronously, which frees the slot for this one.
    (next: ThreeDSChallenge, startOptions?: Omit<StartChallengeOptions, 'signal'>) =>
      run((threeds, signal) => threeds.startChallenge(next, { ...(startOptions ?? challengeOptionsRef.current), signal })),
    [run],
  );

  // Keyed by value, so a new object with the same challenge does not reopen the modal.
  const challengeKey = challenge
    ? JSON.stringify([challenge.sessionId, challenge.acsChallengeUrl, challenge.acsTransactionId, challenge.threeDSVersion])
    : '';
  useEffect(() => {
    if (challengeKey === '') return;
    const [sessionId, acsChallengeUrl, acsTransactionId, threeDSVersion] = JSON.parse(challengeKey) as string[];
    void start({ sessionId: sessionId ?? '', acsChallengeUrl: acsChallengeUrl ?? '', acsTransactionId: acsTransactionId ?? '', threeDSVersion: threeDSVersion ?? '' });
  }, [challengeKey, start]);

  return { threeds: created.client, loading, error, result, start, cancel };
}
