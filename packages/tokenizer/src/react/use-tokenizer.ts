import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type CardInput, createTokenizer, type Tokenizer, type TokenizerOptions, type WalletToken } from '@tessera/tokenizer';
import { createClient } from './create-client.js';

/** State and actions of {@link useTokenizer}. */
export interface UseTokenizerResult {
  /** The tokenizer, or `undefined` when the options are invalid (see `error`). */
  tokenizer: Tokenizer | undefined;
  /** True while a tokenization is in flight. */
  loading: boolean;
  /** The last error (a typed `TesseraError`: validation, vault, network, timeout, configuration). */
  error: Error | undefined;
  /** The last service token. */
  result: string | undefined;
  /** Tokenizes a card; resolves the service token, or `undefined` on failure (then `error` is set). */
  tokenizeCard(card: CardInput): Promise<string | undefined>;
  /** Tokenizes an Apple Pay token; resolves the service token, or `undefined` on failure. */
  tokenizeApplePay(walletToken: WalletToken): Promise<string | undefined>;
  /** Tokenizes a Google Pay token; resolves the service token, or `undefined` on failure. */
  tokenizeGooglePay(walletToken: WalletToken): Promise<string | undefined>;
  /** Clears `error` and `result`, and abandons a request in flight. */
  reset(): void;
}

interface State {
  loading: boolean;
  error: Error | undefined;
  result: string | undefined;
}

const idle: State = { loading: false, error: undefined, result: undefined };

/**
 * React hook around {@link createTokenizer}. The tokenizer is re-created only when the environment, vault URL,
 * key or timeout change. Safe under StrictMode: only the latest call updates state, and a request still in
 * flight when the component unmounts is aborted and ignored.
 */
export function useTokenizer(options: TokenizerOptions): UseTokenizerResult {
  const { environment, vaultUrl, vaultKey, timeoutMs } = options;
  const fetchRef = useRef(options.fetch);
  fetchRef.current = options.fetch;
  const created = useMemo(
    () =>
      createClient(
        createTokenizer,
        { environment, vaultUrl, vaultKey, timeoutMs, fetch: (input: RequestInfo | URL, init?: RequestInit) => (fetchRef.current ?? globalThis.fetch)(input, init) },
      ),
    [environment, vaultUrl, vaultKey, timeoutMs],
  );

  const [state, setState] = useState<State>(idle);
  const mounted = useRef(false);
  const current = useRef<AbortController | undefined>(undefined);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      current.current?.abort();
      current.current = undefined;
    };
  }, []);

  const run = useCallback(
    async (call: (tokenizer: Tokenizer, signal: AbortSignal) => Promise<string>): Promise<string | undefined> => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const isCurrent = (): boolean => mounted.current && current.current === controller;
      if (!created.client) {
        setState({ loading: false, error: created.error, result: undefined });
        return undefined;
      }
      setState({ loading: true, error: undefined, result: undefined });
      try {
        const token = await call(created.client, controller.signal);
        if (isCurrent()) setState({ loading: false, error: undefined, result: token });
        return token;
      } catch (error) {
        if (isCurrent()) setState({ loading: false, error: error instanceof Error ? error : new Error(String(error)), result: undefined });
        return undefined;
      } finally {
        if (current.current === controller) current.current = undefined;
      }
    },
    [created],
  );

  return {
    tokenizer: created.client,
    loading: state.loading,
    error: state.error ?? created.error,
    result: state.result,
    tokenizeCard: useCallback((card: CardInput) => run((tokenizer, signal) => tokenizer.tokenizeCard(card, { signal })), [run]),
    tokenizeApplePay: useCallback((token: WalletToken) => run((tokenizer, signal) => tokenizer.tokenizeApplePay(token, { signal })), [run]),
    tokenizeGooglePay: useCallback((token: WalletToken) => run((tokenizer, signal) => tokenizer.tokenizeGooglePay(token, { signal })), [run]),
    reset: useCallback(() => {
      current.current?.abort();
      current.current = undefined;
      setState(idle);
    }, []),
  };
}
