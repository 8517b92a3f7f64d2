import { useCallback, useMemo, useRef } from 'react';
import { type CardInput, createTokenizer, type TokenizedCardResult, type Tokenizer, type TokenizerOptions, type WalletToken } from '@tessera/tokenizer';
import { createClient } from './create-client.js';
import { useLatestCall } from './use-latest-call.js';

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
  /**
   * Tokenizes a card with its facts (`tokenizeCardWithFacts`): the service token, and the card facts your server and
   * the 3DS session need (`card.scaRequired` says whether to create one); `undefined` on failure. `result` is the token.
   */
  tokenizeCardWithFacts(card: CardInput): Promise<TokenizedCardResult | undefined>;
  /** Tokenizes an Apple Pay token; resolves the service token, or `undefined` on failure. */
  tokenizeApplePay(walletToken: WalletToken): Promise<string | undefined>;
  /** Tokenizes a Google Pay token; resolves the service token, or `undefined` on failure. */
  tokenizeGooglePay(walletToken: WalletToken): Promise<string | undefined>;
  /** Clears `error` and `result`, and abandons a request in flight. */
  reset(): void;
}

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

  // A token the vault issued is returned to its caller even when a later call superseded it.
  const { run, reset, loading, error, result } = useLatestCall<Tokenizer, string>(created, true);

  return {
    tokenizer: created.client,
    loading,
    error,
    result,
    tokenizeCard: useCallback((card: CardInput) => run((tokenizer, signal) => tokenizer.tokenizeCard(card, { signal })), [run]),
    tokenizeCardWithFacts: useCallback(async (card: CardInput) => {
      let tokenized: TokenizedCardResult | undefined;
      const serviceToken = await run(async (tokenizer, signal) => (tokenized = await tokenizer.tokenizeCardWithFacts(card, { signal })).serviceToken);
      return serviceToken === undefined ? undefined : tokenized;
    }, [run]),
    tokenizeApplePay: useCallback((token: WalletToken) => run((tokenizer, signal) => tokenizer.tokenizeApplePay(token, { signal })), [run]),
    tokenizeGooglePay: useCallback((token: WalletToken) => run((tokenizer, signal) => tokenizer.tokenizeGooglePay(token, { signal })), [run]),
    reset,
  };
}
