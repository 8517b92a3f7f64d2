import { TesseraAbortError } from '@tessera/core';

/** How {@link loadScript} loads one provider script. */
export interface ScriptLoad {
  /** Attributes set on the `<script>` before it loads (`id`, `crossorigin`, `data-…`). */
  attributes?: Record<string, string>;
  /** Time limit in milliseconds. Default 10000 (as the vendor's code). */
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
  /** The caller's typed error for a script that failed or timed out; `detail` says which. */
  fail: (detail: string) => Error;
}

// The loads under way, by script URL: a second caller while the first loads waits for the same tag.
const loading = new Map<string, Promise<void>>();

/**
 * Adds `<script src async>` with its attributes and waits for it to load, at most `timeoutMs`. A script that fails,
 * times out or is aborted is removed, so a later call loads it afresh. The one loader of the providers' scripts (the
 * radar checks' and the wallets').
 */
export function loadScript(src: string, { attributes = {}, timeoutMs, signal, fail }: ScriptLoad): Promise<void> {
  const pending = loading.get(src);
  if (pending) return pending;
  if (signal?.aborted) return Promise.reject(new TesseraAbortError());
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  script.async = true;
  script.src = src;
  const loaded = new Promise<void>((resolve, reject) => {
    const finish = (error?: Error): void => {
      clearTimeout(timer);
      script.onload = script.onerror = null;
      signal?.removeEventListener('abort', onAbort);
      loading.delete(src);
      if (error === undefined) return resolve();
      script.remove();
      reject(error);
    };
    const onAbort = (): void => finish(new TesseraAbortError());
    const timer = setTimeout(() => finish(fail('did not load in time')), timeoutMs ?? 10_000);
    script.onload = () => finish();
    script.onerror = () => finish(fail('could not be loaded'));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  loading.set(src, loaded);
  (document.body ?? document.head).append(script);
  return loaded;
}
