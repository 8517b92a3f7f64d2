import { TesseraAbortError } from '@tessera/core';

/** How {@link loadScript} loads one provider script. */
export interface ScriptLoad {
  /** Attributes set on the `<script>` before it loads (`id`, `crossorigin`, `data-…`). */
  attributes?: Record<string, string>;
  /** Time limit of this caller's wait in milliseconds. Default 10000 (as the vendor's code). */
  timeoutMs?: number | undefined;
  /** Ends this caller's wait (`TesseraAbortError`). */
  signal?: AbortSignal | undefined;
  /** The caller's typed error for a script that failed or timed out; `detail` says which. */
  fail: (detail: string) => Error;
}

/** One `<script>` loading: what settles when it loads or fails, and how many callers still wait for it. */
interface Load {
  src: string;
  script: HTMLScriptElement;
  loaded: Promise<void>;
  waiting: number;
}

// The loads under way, by script URL: a second caller while the first loads waits for the same tag.
const loads = new Map<string, Load>();

/** Forgets a load (a later call adds its tag afresh) and, unless it loaded, removes its tag. */
function forget(load: Load, remove: boolean): void {
  load.script.onload = load.script.onerror = null;
  if (loads.get(load.src) === load) loads.delete(load.src);
  if (remove) load.script.remove();
}

/**
 * Adds `<script src async>` with its attributes and waits for it to load. The load is shared: a caller while it is
 * under way waits for the same tag, and each caller's `timeoutMs` and `signal` end only its own wait. A script that
 * fails is removed, and so is one every caller gave up on (timed out or aborted), so a later call loads it afresh.
 * The one loader of the providers' scripts (the radar checks' and the wallets').
 */
export function loadScript(src: string, { attributes = {}, timeoutMs, signal, fail }: ScriptLoad): Promise<void> {
  if (signal?.aborted) return Promise.reject(new TesseraAbortError());
  let load = loads.get(src);
  if (!load) {
    const script = document.createElement('script');
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    script.async = true;
    script.src = src;
    const loaded = new Promise<void>((resolve, reject) => {
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('could not be loaded'));
    });
    const created: Load = { src, script, loaded, waiting: 0 };
    loaded.then(
      () => forget(created, false),
      () => forget(created, true),
    );
    loads.set(src, (load = created));
    (document.body ?? document.head).append(script);
  }
  const shared = load;
  shared.waiting += 1;
  return new Promise<void>((resolve, reject) => {
    let waiting = true;
    const finish = (error?: Error): void => {
      if (!waiting) return;
      waiting = false;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      shared.waiting -= 1;
      if (error === undefined) return resolve();
      // The last caller gave up on a load still under way: nobody waits for it any more.
      if (shared.waiting === 0 && loads.get(src) === shared) forget(shared, true);
      reject(error);
    };
    const onAbort = (): void => finish(new TesseraAbortError(undefined, { cause: signal?.reason }));
    const timer = setTimeout(() => finish(fail('did not load in time')), timeoutMs ?? 10_000);
    signal?.addEventListener('abort', onAbort, { once: true });
    shared.loaded.then(
      () => finish(),
      () => finish(fail('could not be loaded')),
    );
  });
}
